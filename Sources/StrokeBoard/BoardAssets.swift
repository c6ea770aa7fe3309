import Crypto
import Foundation

/// The page's only style sheet and script (inline, no build step) and the
/// Content-Security-Policy that allows exactly these two and nothing else.
extension BoardPage {
    /// Large type for a wall screen read from 3 m; dark background. Urgency
    /// badges are text on a solid colour, each pair at least 7:1 contrast
    /// (moderate: black on amber, 14.9:1), so WCAG AA holds and the text alone
    /// carries the meaning. Every text from a case wraps anywhere (`overflow-wrap:anywhere`, grid and flex
    /// items with `min-width:0`), so a long unbroken string cannot widen the page or break its grid. Cases stand
    /// side by side in columns at least 36 rem wide, so each case's summary block is at the top of the screen:
    /// two cases above the fold at 1280×800, three at 1920×1080 (issue 45); one column on a tablet or phone.
    static let style = """
        :root{color-scheme:dark}
        body{margin:0;padding:1.5rem 2rem;background:#101418;color:#f5f5f5;font:1.6rem/1.35 system-ui,sans-serif}
        header{display:flex;justify-content:space-between;align-items:baseline;border-bottom:3px solid #3a4048}
        h1{font-size:2.6rem;margin:0 0 .5rem}
        .hospital{font-size:1.8rem;color:#d0d4d8;overflow-wrap:anywhere}
        #cases{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,36rem),1fr));column-gap:1.2rem;align-items:start}
        #cases>p{grid-column:1/-1}
        .case{border:3px solid #3a4048;border-radius:.6rem;margin:1.2rem 0;padding:1rem 1.4rem;background:#1a1f25;min-width:0;overflow-wrap:anywhere}
        .head{display:flex;gap:1.5rem;align-items:center;flex-wrap:wrap}
        .urgency{font-size:2.6rem;font-weight:800;padding:.2rem 1rem;border-radius:.4rem;letter-spacing:.05em}
        .urgency-immediate{background:#b00020;color:#fff}
        .urgency-urgent{background:#9a3412;color:#fff}
        .urgency-timeCritical{background:#ffd54f;color:#000}
        .urgency-standard{background:#1b5e20;color:#fff}
        .urgency-invalid{background:#fff;color:#000;border:4px dashed #b00020}
        .eta{font-size:2.6rem;font-weight:700}
        .status{font-size:1.8rem;color:#d0d4d8}
        .status-cancelled{opacity:.6}
        .summary{font-size:2rem;font-weight:700;margin:.4rem 0}
        .summary p{margin:.2rem 0}
        .protocol-unapproved{font-size:1.6rem;font-weight:700;color:#ffd166;margin:.3rem 0}
        .ich,.lvo,.volume{font-size:2rem;margin:.5rem 0}
        .ich strong,.lvo strong,.volume strong{font-size:2.4rem}
        .label{font-weight:700;margin-right:.5rem}
        .level{font-weight:700}
        .source,.meta,.case-disclaimer{font-size:1.3rem;color:#c8ccd0}
        .findings h2{font-size:1.5rem;margin:.8rem 0 .3rem}
        .findings dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(20rem,1fr));gap:.2rem 1.5rem;margin:0}
        .findings dl div{display:flex;justify-content:space-between;gap:.6rem;border-bottom:1px solid #3a4048}
        .findings dt{color:#d0d4d8;flex:1 1 auto;min-width:0;overflow-wrap:anywhere;hyphens:auto}
        .findings dd{margin:0;font-weight:700;flex:none;white-space:nowrap;max-width:100%;overflow:hidden;text-overflow:ellipsis;text-align:right}
        .module,.place{font-size:1.6rem;margin:.3rem 0;overflow-wrap:anywhere}
        .hospital-id{font-size:1.2rem;color:#c8ccd0}
        .recommendations{font-size:1.4rem;margin:.5rem 0;padding-left:1.4rem;overflow-wrap:anywhere}
        .relay-warning{background:#ffd54f;color:#000;font-weight:700;padding:.6rem 1rem}
        .disclaimer{margin-top:2rem;font-size:1.3rem;color:#c8ccd0}
        """

    /// Replaces the case list on every `cases` event and counts every ETA down each second.
    static let script = """
        (function(){
        var list=document.getElementById('cases'),d=document.body.dataset;
        function tick(){var now=Date.now();document.querySelectorAll('.eta[data-arrival-ms]').forEach(function(e){
        var m=Math.ceil((Number(e.getAttribute('data-arrival-ms'))-now)/60000);
        e.textContent=m>0?d.etaTemplate.replace('{m}',String(m)):d.etaNow;});}
        var source=new EventSource('events');
        source.addEventListener('cases',function(e){list.innerHTML=e.data;tick();});
        setInterval(tick,1000);tick();
        })();
        """

    /// `default-src 'none'`, the style and script above by hash, server-sent events to this origin only.
    static let contentSecurityPolicy: String = {
        func hash(_ text: String) -> String { "'sha256-\(Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString())'" }
        return "default-src 'none'; style-src \(hash(style)); script-src \(hash(script)); connect-src 'self'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()
}

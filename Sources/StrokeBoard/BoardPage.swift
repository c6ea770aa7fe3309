import CaseWire
import Crypto
import Foundation
import StrokeJSON
import TriageRendering

/// The board's HTML: the whole page for `GET /` and the case-list fragment
/// that `/events` pushes. Server-rendered; the only script replaces the
/// fragment on each event and counts the ETAs down. Every text from a case
/// is HTML-escaped. Element hooks: each case has `data-case-id` and holds
/// elements of class `urgency`, `eta`, `ich` and `lvo`.
enum BoardPage {
    /// The whole page; the header names the hospital (its id beside the name when one is known).
    static func page(_ snapshot: BoardSnapshot, hospitalName: String? = nil, language: BoardLanguage, nowMs: Int64) -> String {
        let text = BoardText(language: language)
        let hospital = hospitalName.map { "\(escape($0)) <span class=\"hospital-id\">(\(escape(snapshot.hospitalId)))</span>" }
            ?? escape(snapshot.hospitalId)
        return """
            <!doctype html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(text.title)) — \(escape(hospitalName ?? snapshot.hospitalId))</title>
            <style>\(style)</style>
            </head>
            <body data-eta-template="\(escape(text.etaTemplate))" data-eta-now="\(escape(text.etaNow))">
            <header><h1>\(escape(text.title))</h1><p class="hospital">\(hospital)</p></header>
            <main id="cases" aria-label="\(escape(text.listLabel))" aria-live="polite">\(fragment(snapshot, language: language, nowMs: nowMs))</main>
            <footer class="disclaimer">\(escape(text.disclaimer))</footer>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    /// The case list (one line, no newline: it travels as one server-sent event).
    static func fragment(_ snapshot: BoardSnapshot, language: BoardLanguage, nowMs: Int64) -> String {
        let text = BoardText(language: language)
        var out = ""
        if snapshot.relayFailing {
            let since = snapshot.relayAnsweredMs.map { clock($0) }
            out += "<p class=\"relay-warning\" role=\"alert\">\(escape(text.relayFailing(since: since)))</p>"
        }
        let shown = snapshot.cases.filter { $0.status != .archived }
        if shown.isEmpty { out += "<p class=\"empty\">\(escape(text.empty))</p>" }
        for item in shown { out += item.isValid ? validCase(item, text, nowMs) : invalidCase(item, text) }
        return out.replacingOccurrences(of: "\n", with: " ")
    }

    /// A verified case with its values.
    static func validCase(_ item: BoardCase, _ text: BoardText, _ nowMs: Int64) -> String {
        let assessment = item.payload?.value ?? .null
        var out = "<article class=\"case status-\(item.status.rawValue)\" data-case-id=\"\(escape(item.caseId))\""
            + " data-urgency=\"\(item.urgency.rawValue)\" aria-label=\"\(escape(text.caseLabel(device: item.device, urgency: item.urgency)))\">"
        out += "<div class=\"head\"><span class=\"urgency urgency-\(item.urgency.rawValue)\">\(escape(text.urgency(item.urgency)))</span>"
        out += eta(item, text, nowMs)
        out += "<span class=\"status\">\(escape(text.status(item.status)))</span></div>"
        // At the top, large: the LVO verdict, the ICH line and the flags, in the board's own words from its own
        // decision (issue 45); the device's texts are never shown.
        if let payload = item.payload {
            // The flags on one line: the page wraps itself.
            let lines = DecisionRendering.verdictLines(payload.decision, assessment: payload.assessment, text.localizer, wrapFlags: false)
            out += "<div class=\"summary\">" + lines.map { "<p>\(escape($0))</p>" }.joined() + "</div>"
            if !payload.protocolApproved {
                let id = payload.decision.protocolReference.id.escapingControlCharacters
                out += "<p class=\"protocol-unapproved\">\(escape(text.localizer.text("protocol.notApprovedHere", [.text(id)])))</p>"
            }
        }
        // The module (coma: the patient was comatose). The place the crew named is device text: not shown.
        if let module = assessment["module"]?.stringValue {
            out += "<p class=\"module\">\(escape(text.module(module)))</p>"
        }
        // The ICH number only when it decided (a calibrated model); the offline baseline's is no estimate to show.
        if item.payload?.decision.ichUsed == true { out += prediction("ich", text.ich, assessment["ich"], text) }
        out += prediction("lvo", text.lvo, assessment["lvo"], text)
        out += volume(assessment["volume"], text)
        if let minutes = assessment["inputs"]?["onsetMinutes"]?.doubleValue {
            let clockTime = item.sentMs.map { clock($0 - Int64(minutes * 60_000)) }
            out += "<p class=\"onset\">\(escape(text.onset(minutes: text.value(.number(minutes)), clock: clockTime)))</p>"
        } else {
            out += "<p class=\"onset\">\(escape(text.onsetUnknown))</p>"
        }
        out += findings(assessment["inputs"] ?? .null, module: assessment["module"]?.stringValue, text)
        // The hedged recommendations of the board's own decision, in its language (never the device's texts or warnings).
        let advice = (item.payload?.decision.recommendations ?? []).map { text.localizer.render($0.message) }
        if !advice.isEmpty {
            out += "<ul class=\"recommendations\" aria-label=\"\(escape(text.recommendations))\">"
                + advice.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        }
        let sent = item.sentMs.map { clock($0) } ?? "?"
        out += "<p class=\"meta\">\(escape(text.sender(device: item.device, sent: sent)))</p>"
        out += "<p class=\"case-disclaimer\">\(escape(text.disclaimer))</p>"
        return out + "</article>"
    }

    /// A case whose verdict is not valid: only the warning and why, never its values.
    static func invalidCase(_ item: BoardCase, _ text: BoardText) -> String {
        "<article class=\"case invalid\" data-case-id=\"\(escape(item.caseId))\" data-verdict=\"\(item.verdict.rawValue)\""
            + " aria-label=\"\(escape(text.caseLabel(device: item.device, urgency: nil)))\">"
            + "<div class=\"head\"><span class=\"urgency urgency-invalid\">\(escape(text.notVerified))</span></div>"
            + "<p class=\"meta\">\(escape(text.verdictReason(item.verdict))) · \(escape(item.device))</p></article>"
    }

    static func eta(_ item: BoardCase, _ text: BoardText, _ nowMs: Int64) -> String {
        guard let arrival = item.arrivalMs, item.status == .inTransit else {
            let label = item.arrivalMs == nil ? text.etaUnknown : ""
            return "<span class=\"eta\">\(escape(label))</span>"
        }
        let minutes = Int((Double(arrival - nowMs) / 60_000).rounded(.up))
        let label = minutes > 0 ? text.etaTemplate.replacingOccurrences(of: "{m}", with: String(minutes)) : text.etaNow
        return "<span class=\"eta\" data-arrival-ms=\"\(arrival)\">\(escape(label))</span>"
    }

    static func prediction(_ kind: String, _ title: String, _ p: JSONValue?, _ text: BoardText) -> String {
        guard case .object? = p, let probability = p?["probability"]?.doubleValue else {
            return "<div class=\"\(kind)\"><span class=\"label\">\(escape(title))</span> <span class=\"na\">\(escape(text.notAssessed))</span></div>"
        }
        let level = p?["riskLevel"]?.stringValue.map { " <span class=\"level\">\(escape(text.riskLevel($0)))</span>" } ?? ""
        let source = "\(text.source(p?["source"]?.stringValue ?? "?")) · \(modelName(p?["model"]))"
        // The FAST-ED/estimate statement is shown once, among the decision's recommendations (issue 35).
        return "<div class=\"\(kind)\"><span class=\"label\">\(escape(title))</span> <strong>\(escape(text.percent(probability)))</strong>\(level)"
            + " <span class=\"source\">\(escape(source))</span></div>"
    }

    static func volume(_ v: JSONValue?, _ text: BoardText) -> String {
        guard let ml = v?["volumeMl"]?.doubleValue else { return "" }
        let range = (v?["volumeRangeMl"]?.arrayValue ?? []).compactMap(\.doubleValue)
        let span = range.count == 2 ? " (\(text.whole(range[0]))–\(text.whole(range[1])) ml)" : ""
        let source = "\(text.source(v?["source"]?.stringValue ?? "?")) · \(modelName(v?["model"]))"
        return "<div class=\"volume\"><span class=\"label\">\(escape(text.volume))</span> <strong>\(escape(text.whole(ml))) ml</strong>"
            + "\(escape(span)) <span class=\"source\">\(escape(source))</span></div>"
    }

    /// A model's version as the case names it (checked against the board's own for local models and the
    /// baseline; a cloud model's as reported), at most 80 characters.
    static func modelName(_ value: JSONValue?) -> String {
        guard let name = value?.stringValue?.escapingControlCharacters, !name.isEmpty else { return "?" }
        return name.count <= 80 ? name : String(name.prefix(79)) + "…"
    }

    /// The inputs in the modules' order, then any other key sorted; zeros, "no" and unanswered shown as such.
    /// Never the patient's coordinates: a wall screen shows what care needs, and the place name stands for them
    /// (issue 45; the case's JSON and FHIR keep them for the hospital's systems).
    static let keptOffTheWall: Set<String> = ["lat", "lon"]

    static func findings(_ inputs: JSONValue, module: String?, _ text: BoardText) -> String {
        let sorted = BoardText.inputOrder(module: module, keys: inputs.keys.filter { !keptOffTheWall.contains($0) })
        guard !sorted.isEmpty else { return "" }
        let rows = sorted.map { "<div><dt>\(escape(text.input($0)))</dt><dd>\(escape(text.value(inputs[$0] ?? .null)))</dd></div>" }
        return "<section class=\"findings\"><h2>\(escape(text.findings))</h2><dl>\(rows.joined())</dl></section>"
    }

    /// `HH:mm` in the board's time zone.
    static func clock(_ ms: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(ms) / 1000)
        let c = Calendar.current.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }

    /// HTML-escapes text for element content and quoted attributes.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\r": out += " "
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

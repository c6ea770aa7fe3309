#!/usr/bin/env python3
"""The station API as the reference web app calls it, in a real headless browser (issue 26).

Started by Tests/EndToEndTests/WebAppBrowserTests.swift with a running
`stroke-triage-server api` (CORS origin http://127.0.0.1:PAGE_PORT, a research
password file). Serves one page on PAGE_PORT whose script makes the app's
requests from its contract, not from its code: the warm-up POSTs of `{}` to the
five functions, the login (`{"password"}` alone, as the app sends it), the
session check, the coma, limited and full modules (full = predict_full_stroke,
then predict_lvo) and one refused input. The browser sends a CORS preflight
before each POST, since the body is JSON. The page writes what the app would
show: the percentages rounded as the app rounds them, the driver labels of the
ICH bars, and the error text. The same page opened from another origin
(http://localhost:PAGE_PORT, not listed) must be blocked. Every wait is bounded.
Exit 0 = pass.

Usage: webapp-browser-test.py --api URL --page-port N --password TEXT
       --expect NAME=PERCENT ... --artifacts DIR
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

WAIT_SECONDS = 60

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>station as the reference app calls it</title></head>
<body><pre id="out">running</pre>
<script>
const API = %(api)s;
const PASSWORD = %(password)s;
const post = (name, body) => fetch(API + "/" + name, {
  method: "POST", mode: "cors",
  headers: {"Content-Type": "application/json", "Accept": "application/json"},
  body: JSON.stringify(body)});
const percent = (p) => Math.round((p || 0) * 100);
const labels = (drivers) => [...(drivers.positive || []), ...(drivers.negative || [])].map((d) => d.label);
async function run() {
  const out = {warmUp: {}};
  for (const name of ["predict_full_stroke", "predict_lvo", "predict_coma_ich", "predict_limited_data_ich",
                      "authenticate-research-access"]) {
    try { out.warmUp[name] = (await post(name, {})).status; } catch (e) { out.warmUp[name] = "blocked: " + e; }
  }
  const login = await (await post("authenticate-research-access", {password: PASSWORD})).json();
  out.login = login.success === true && typeof login.session_token === "string" && typeof login.expires_at === "string";
  const check = await post("authenticate-research-access", {action: "validate_session", session_token: login.session_token});
  out.session = check.status;
  const forged = await post("authenticate-research-access", {action: "validate_session", session_token: "a".repeat(64)});
  out.forgedSession = forged.status;

  const coma = await (await post("predict_coma_ich", {gfap_value: 1200})).json();
  out.coma = percent(coma.probability || coma.ich_probability);

  const limited = await (await post("predict_limited_data_ich",
    {age_years: 70, systolic_bp: 150, diastolic_bp: 85, gfap_value: 450, vigilanzminderung: false})).json();
  out.limited = percent(limited.ich_probability);
  out.limitedLabels = labels(limited.drivers);
  out.limitedDecision = limited.decision;

  const fullInputs = {age_years: 70, systolic_bp: 160, diastolic_bp: 90, gfap_value: 180, fast_ed_score: 7,
    headache: false, beinparese: false, eye_deviation: false, armparese: true, vigilanzminderung: false,
    atrial_fibrillation: false, anticoagulated_noak: true, antiplatelets: false};
  const full = await (await post("predict_full_stroke", fullInputs)).json();
  const lvo = await (await post("predict_lvo", {gfap_value: 180, fast_ed_score: 7})).json();
  out.fullIch = percent(full.ich_prediction.probability);
  out.fullLvo = percent(lvo.probability);
  out.fullIchLabels = Object.keys(full.ich_prediction.drivers);
  out.lvoPanel = labels(lvo.drivers);

  const refused = await post("predict_limited_data_ich",
    {age_years: 17, systolic_bp: 120, diastolic_bp: 70, gfap_value: 100, vigilanzminderung: 0});
  const refusal = await refused.json();
  out.refusedStatus = refused.status;
  out.refusedText = typeof refusal.error === "string" ? refusal.error : "(error is not a string)";
  return out;
}
async function blocked() {
  try { await post("predict_coma_ich", {gfap_value: 1200}); return false; } catch (e) { return true; }
}
const page = new URLSearchParams(location.search).get("probe") === "blocked" ? blocked() : run();
page.then((value) => { document.getElementById("out").textContent = JSON.stringify(value); window.done = true; })
    .catch((e) => { document.getElementById("out").textContent = JSON.stringify({failure: String(e)}); window.done = true; });
</script></body></html>
"""


def fail(message):
    print(f"browser: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def driver_for(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--lang=en-US", f"--user-data-dir={profile}"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def page_result(driver, url):
    driver.get(url)
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if driver.execute_script("return window.done === true"):
            return json.loads(driver.find_element("id", "out").text)
        time.sleep(0.1)
    fail(f"the page at {url} never finished")


def preflight(api, origin, path):
    request = urllib.request.Request(api + path, method="OPTIONS", headers={
        "Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers.get("Access-Control-Allow-Origin")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--api", required=True)
    parser.add_argument("--page-port", type=int, required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--expect", action="append", default=[], help="NAME=PERCENT")
    parser.add_argument("--artifacts", required=True)
    args = parser.parse_args()
    expected = {k: int(v) for k, v in (item.split("=", 1) for item in args.expect)}

    root = tempfile.mkdtemp(prefix="webapp-page-")
    with open(os.path.join(root, "index.html"), "w", encoding="utf-8") as page:
        page.write(PAGE % {"api": json.dumps(args.api), "password": json.dumps(args.password)})
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.page_port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{args.page_port}"

    for path in ["/predict_coma_ich", "/predict_limited_data_ich", "/predict_full_stroke", "/predict_lvo",
                 "/authenticate-research-access"]:
        status, allowed = preflight(args.api, origin, path)
        if status != 204 or allowed != origin:
            fail(f"preflight {path}: {status}, Access-Control-Allow-Origin {allowed!r}")

    profile = tempfile.mkdtemp(prefix="webapp-chromium-")
    driver = driver_for(profile)
    try:
        out = page_result(driver, origin + "/index.html")
        os.makedirs(args.artifacts, exist_ok=True)
        driver.save_screenshot(os.path.join(args.artifacts, "webapp.png"))
        console = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        blocked = page_result(driver, f"http://localhost:{args.page_port}/index.html?probe=blocked")
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(root, ignore_errors=True)

    print("browser: page answered " + json.dumps(out, sort_keys=True))
    if "failure" in out:
        fail(out["failure"])
    for name, status in out["warmUp"].items():
        if not isinstance(status, int):
            fail(f"warm-up {name}: {status}")
    if out["login"] is not True or out["session"] != 200 or out["forgedSession"] != 401:
        fail(f"login {out['login']}, session check {out['session']}, forged token {out['forgedSession']}")
    for name in ["coma", "limited", "fullIch", "fullLvo"]:
        if out[name] != expected.get(name):
            fail(f"{name}: the page shows {out[name]} %, expected {expected.get(name)} %")
    if sorted(out["limitedLabels"]) != ["age_years (offline baseline)", "gfap_value (offline baseline)"]:
        fail(f"limited ICH labels {out['limitedLabels']}")
    if sorted(out["fullIchLabels"]) != ["age_years (offline baseline)", "gfap_value (offline baseline)"]:
        fail(f"full ICH labels {out['fullIchLabels']}")
    if sorted(out["lvoPanel"]) != ["fast_ed_score", "gfap_value"]:
        fail(f"LVO panel {out['lvoPanel']}")
    decision = out["limitedDecision"] or {}
    if decision.get("threshold") != 0.5 or not isinstance(decision.get("recommendation"), str):
        fail(f"decision {decision}")
    if out["refusedStatus"] != 422 or "given 17" not in out["refusedText"]:
        fail(f"refusal {out['refusedStatus']}: {out['refusedText']}")
    # Answers with a 4xx status (warm-ups, the forged token, the refused input) are logged as failed
    # resources; anything else (a CORS error, a script error) fails the test.
    unexpected = [line for line in console if "responded with a status of" not in line]
    if unexpected:
        fail(f"console errors: {unexpected}")
    if blocked is not True:
        fail("the page from an origin not listed was not blocked")
    print("browser: ok")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The hospital board in a real headless browser (issue 17).

Started by Tests/StrokeCollectorTests/PrenotifyBrowserTests.swift with a
running relay and board: loads the board in Debian's chromium through
chromium-driver and Selenium, enters a case in the real walkthrough (on a pseudo-terminal) and
answers y to the offer, and checks that it appears without a reload, with its ETA and urgency; saves a screenshot;
checks labels through the browser's accessibility tree and the contrast of
the urgency badge (WCAG ratio >= 4.5). Every wait is bounded. Exit 0 = pass.

Usage: board-browser-test.py --board URL --cli PATH --home DIR --relay URL
       --hospital ID --artifacts DIR
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

WAIT_SECONDS = 60



def squash(text):
    """Lower case without hyphens or spaces: `timeCritical` matches the badge's "TIME-CRITICAL"."""
    return text.lower().replace("-", "").replace(" ", "")

def fail(message):
    print(f"browser: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def driver_for(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1920,1080", "--lang=en-US", f"--user-data-dir={profile}"]:
        options.add_argument(argument)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def wait_until(what, probe, seconds=WAIT_SECONDS):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = probe()
        if value:
            return value
        time.sleep(0.1)
    fail(f"timed out waiting for {what}")


def send_case_from_the_walkthrough(args):
    """Enters a coma-module case (GFAP 4321.5, a sentinel) in the real walkthrough
    on a pseudo-terminal, answers "y" to the pre-notification offer, and returns
    the moment the crew answered (the send starts then)."""
    import pty
    import select
    primary, secondary = pty.openpty()
    command = [args.cli, "walk", "--mode", "offline", "--accept-disclaimer", "--relay", args.relay, "--lang", "en"]
    env = dict(os.environ, STROKE_TRIAGE_HOME=args.home, NO_COLOR="1", LANG="C.UTF-8")
    process = subprocess.Popen(command, env=env, stdin=secondary, stdout=secondary, stderr=secondary, close_fds=True)
    os.close(secondary)
    seen = ""

    def expect(text):
        nonlocal seen
        deadline = time.monotonic() + WAIT_SECONDS
        while text not in seen:
            if time.monotonic() > deadline:
                process.kill()
                fail(f"the walkthrough never asked {text!r}; it printed: {seen[-600:]!r}")
            ready, _, _ = select.select([primary], [], [], 0.2)
            if ready:
                try:
                    seen += os.read(primary, 65536).decode("utf-8", "replace")
                except OSError:
                    break
        seen = seen[seen.index(text) + len(text):]

    def answer(prompt, reply):
        expect(prompt)
        os.write(primary, (reply + "\n").encode())

    for prompt, reply in [("comatose", "y"), ("Blood glucose", ""), ("GFAP", "4321.5"), ("Minutes", ""),
                          ("Location", "48.1374,11.5755"), ("Compute?", "")]:
        answer(prompt, reply)
    expect("Send pre-notification to ")
    answer("(y/n)", "y")
    sent_at = time.monotonic()
    answer("Save a Markdown handover report?", "")
    try:
        process.wait(timeout=WAIT_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        fail("the walkthrough did not end")
    os.close(primary)
    if process.returncode != 0:
        fail(f"the walkthrough exited {process.returncode}")
    return sent_at


def board_cases(board):
    import urllib.request
    with urllib.request.urlopen(board + "/cases.json", timeout=10) as answer:
        return json.load(answer)["cases"]


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground, background):
    a, b = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (a + 0.05) / (b + 0.05)


# The computed colours of an element: its text colour and the first opaque background up its ancestors.
COLOURS_SCRIPT = """
const el = arguments[0];
const color = getComputedStyle(el).color;
let node = el, background = 'rgba(0, 0, 0, 0)';
while (node && node.nodeType === 1) {
  const bg = getComputedStyle(node).backgroundColor;
  if (bg && !/rgba\\(.*, 0\\)$/.test(bg) && bg !== 'transparent') { background = bg; break; }
  node = node.parentElement;
}
if (background === 'rgba(0, 0, 0, 0)') background = 'rgb(255, 255, 255)';
return [color, background];
"""


def rgb(text):
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)[:3]]
    if len(numbers) != 3:
        fail(f"unreadable colour {text!r}")
    return numbers


def main():
    parser = argparse.ArgumentParser()
    for name in ["board", "cli", "home", "relay", "hospital", "artifacts"]:
        parser.add_argument(f"--{name}", required=True)
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)

    profile = tempfile.mkdtemp(prefix="stroke-triage-chromium-")
    driver = driver_for(profile)
    try:
        driver.set_page_load_timeout(WAIT_SECONDS)
        driver.get(args.board + "/")
        wait_until("the page to load", lambda: driver.execute_script("return document.readyState") == "complete")
        # A marker that a reload would wipe out.
        driver.execute_script("window.__strokeTriageNoReload = 'kept';")

        sent_at = send_case_from_the_walkthrough(args)
        element = wait_until("the case on the page",
                             lambda: (driver.find_elements(By.CSS_SELECTOR, "[data-case-id]") or [None])[0])
        elapsed = time.monotonic() - sent_at
        if driver.execute_script("return window.__strokeTriageNoReload") != "kept":
            fail("the page was reloaded")
        case_id = element.get_attribute("data-case-id")
        print(f"browser: case {case_id} from the walkthrough appeared {elapsed:.2f} s after the crew answered y, "
              "without a reload (the issue's target: within 2 s; printed, not asserted)")
        listed = [c for c in board_cases(args.board) if c["caseId"] == case_id]
        if len(listed) != 1 or not listed[0]["valid"]:
            fail(f"the board's /cases.json does not hold the case once and valid: {listed}")
        entered = listed[0]["case"]["inputs"]
        if entered.get("gfap") != 4321.5:
            fail(f"the board shows GFAP {entered.get('gfap')!r}, the crew entered 4321.5")
        if "4321.5" not in element.text.replace(",", "").replace("\u202f", "").replace(" ", ""):
            fail(f"the page does not show the entered GFAP 4321.5: {element.text!r}")
        eta, urgency = listed[0]["etaMinutes"], listed[0]["urgency"]

        eta_text = element.find_element(By.CSS_SELECTOR, ".eta").text
        if str(eta) not in eta_text and str(max(0, eta - 1)) not in eta_text:
            fail(f"ETA {eta} not shown: {eta_text!r}")
        badge = element.find_element(By.CSS_SELECTOR, ".urgency")
        if squash(urgency) not in squash(badge.text):
            fail(f"urgency {urgency!r} not in the badge text {badge.text!r} (never colour alone)")
        for css in [".summary", ".lvo"]:
            if not element.find_element(By.CSS_SELECTOR, css).text.strip():
                fail(f"{css} is empty")
        # Readable from across the room (issue 45): the summary block's computed font size is at least 2 rem,
        # and the page never shows the patient's coordinates.
        summary_px, root_px = driver.execute_script(
            "const s = arguments[0]; return [parseFloat(getComputedStyle(s).fontSize),"
            " parseFloat(getComputedStyle(document.documentElement).fontSize)];",
            element.find_element(By.CSS_SELECTOR, ".summary"))
        if summary_px < 2 * root_px - 0.01:
            fail(f"the summary block is {summary_px}px, under 2 rem ({2 * root_px}px)")
        page_text = driver.find_element(By.TAG_NAME, "body").text
        if "48.1374" in page_text or "11.5755" in page_text:
            fail("the page shows the patient's coordinates")
        print(f"browser: the summary block is {summary_px / root_px:.2f} rem")

        screenshot = os.path.join(args.artifacts, "board.png")
        driver.save_screenshot(screenshot)
        print(f"browser: screenshot saved to {screenshot}")

        # Accessibility tree: the badge is exposed with its text, every landmark and control has a name.
        nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        names = [str(n.get("name", {}).get("value", "")) for n in nodes if not n.get("ignored")]
        if not any(squash(urgency) in squash(name) for name in names):
            fail(f"no accessible node names the urgency {urgency!r}")
        unnamed = [n["role"]["value"] for n in nodes if not n.get("ignored")
                   and n.get("role", {}).get("value") in ("button", "link", "textbox", "combobox", "img", "region")
                   and not str(n.get("name", {}).get("value", "")).strip()]
        if unnamed:
            fail(f"controls without an accessible name: {unnamed}")
        print(f"browser: accessibility tree has {len(nodes)} nodes; the urgency badge is labelled")

        foreground, background = driver.execute_script(COLOURS_SCRIPT, badge)
        ratio = contrast(rgb(foreground), rgb(background))
        if ratio < 4.5:
            fail(f"urgency badge contrast {ratio:.2f} < 4.5 ({foreground} on {background})")
        print(f"browser: urgency badge contrast {ratio:.2f}:1 ({foreground} on {background})")
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    print("browser: ok")


if __name__ == "__main__":
    main()

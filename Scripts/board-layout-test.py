#!/usr/bin/env python3
"""The board's page in a real browser: layout, the fold and accessibility (issues 29, 35, 45).

Started by Tests/StrokeCollectorTests/BoardLayoutBrowserTests.swift with pages
the board rendered (saved to files; the first with one case, the next with two,
then three). Loads each in Debian's headless chromium (chromium-driver and
Selenium, installed by Scripts/setup) and checks:

- layout, at two wall screens' widths (1920, 1280), a tablet's (768) and a
  phone's (400): nothing is wider than the window (not the page, not a case
  box, not a finding), and no finding's value breaks across lines (issue 35:
  systolic 150 shown as "15" over "0");
- the fold (issue 45): two cases' summary blocks fully visible without
  scrolling at 1280x800, three at 1920x1080;
- accessibility (issue 45): axe-core 4.9 (selenium-axe-python, the maintained
  fork of axe-selenium-python) reports no
  violation of the tags wcag2a, wcag2aa, wcag21a and wcag21aa, at 1280x800 and
  at 1920x1080, for every page.

With --screenshots DIR, saves each page at 1280x800 as a PNG there. Exit 0 = pass.

Usage: board-layout-test.py [--screenshots DIR] PAGE.html [PAGE.html ...]
"""
import argparse
import os
import sys
import tempfile

from selenium_axe_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# Whatever is wider than the window, and any finding's value that breaks across lines.
OVERFLOW_SCRIPT = """
const out = [];
const root = document.documentElement;
if (root.scrollWidth > root.clientWidth) out.push('page ' + root.scrollWidth + ' > ' + root.clientWidth);
document.querySelectorAll('.case, .case *').forEach(function (e) {
    const box = e.getBoundingClientRect();
    if (box.right > root.clientWidth + 1) out.push(e.tagName + '.' + e.className + ' ends at ' + Math.round(box.right));
});
document.querySelectorAll('.findings dd').forEach(function (e) {
    const text = document.createRange();
    text.selectNodeContents(e);
    const lines = new Set(Array.from(text.getClientRects()).map(function (r) { return Math.round(r.top); }));
    if (lines.size > 1) out.push('value breaks: ' + e.textContent.slice(0, 20));
});
return out.slice(0, 5);
"""

# The summary blocks of the first `arguments[0]` cases that are not wholly inside the window.
FOLD_SCRIPT = """
const wanted = arguments[0], out = [];
const blocks = Array.from(document.querySelectorAll('.case .summary')).slice(0, wanted);
if (blocks.length < wanted) return ['only ' + blocks.length + ' summary blocks'];
blocks.forEach(function (e, i) {
    const box = e.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth)
        out.push('case ' + (i + 1) + "'s summary spans " + Math.round(box.top) + '..' + Math.round(box.bottom)
                 + ' of ' + window.innerHeight);
});
return out;
"""


def driver_for(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--lang=en-US", f"--user-data-dir={profile}"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    return driver


def set_viewport(driver, width, height):
    """Sets the layout viewport itself (not the window, whose frame varies) to width x height."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


# axe-core's callback form, with the document as context (the library's own promise form, as axe-selenium-python's, timed out here).
AXE_RUN_SCRIPT = """
const done = arguments[arguments.length - 1];
try {
    axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}}, function (error, results) {
        done(error ? {error: String(error)} : {violations: results.violations.map(function (v) {
            return v.id + ' (' + v.nodes.length + ': ' + (v.nodes.length ? v.nodes[0].target.join(' ') : '') + ')';
        })});
    });
} catch (e) { done({error: String(e)}); }
"""


def axe_violations(driver):
    """axe-core (as selenium-axe-python carries it) on the loaded page, for the WCAG 2.0/2.1 A and AA tags."""
    Axe(driver).inject()
    results = driver.execute_async_script(AXE_RUN_SCRIPT, WCAG_TAGS)
    if "error" in results:
        return ["axe did not run: " + results["error"]]
    return results["violations"]


def check(driver, page, screenshots):
    failures = []
    name = os.path.basename(page)
    for width, height in [(1920, 1080), (1280, 800), (768, 1024), (400, 800)]:
        set_viewport(driver, width, height)
        driver.get("file://" + page)
        cases = driver.execute_script("return document.querySelectorAll('.case').length")
        if cases < 1:
            failures.append(f"{name} {width}px: no case on the page")
            continue
        widest = driver.execute_script(OVERFLOW_SCRIPT)
        if widest:
            failures.append(f"{name} {width}px: " + "; ".join(widest))
        above_fold = {(1280, 800): 2, (1920, 1080): 3}.get((width, height))
        if above_fold is not None:
            hidden = driver.execute_script(FOLD_SCRIPT, min(above_fold, cases))
            if hidden:
                failures.append(f"{name} {width}x{height}: " + "; ".join(hidden))
            violations = axe_violations(driver)
            print(f"layout: {name} at {width}x{height}: axe-core {driver.execute_script('return axe.version')}: "
                  f"{len(violations)} violation(s) of {', '.join(WCAG_TAGS)}")
            if violations:
                failures.append(f"{name} {width}x{height}: axe: " + "; ".join(violations))
            if screenshots and (width, height) == (1280, 800):
                driver.save_screenshot(os.path.join(screenshots, name.rsplit(".", 1)[0] + "-1280x800.png"))
        print(f"layout: {name} at {width}x{height}: {cases} case(s) checked")
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screenshots")
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        driver = driver_for(profile)
        try:
            failures = []
            for page in args.pages:
                failures += check(driver, os.path.abspath(page), args.screenshots)
            if failures:
                print("layout: FAIL: " + " | ".join(failures), file=sys.stderr)
                sys.exit(1)
            print("layout: ok")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The board's page keeps its layout with long unbroken strings (issue 29, item 2).

Started by Tests/StrokeCollectorTests/BoardLayoutBrowserTests.swift with a page
the board rendered (saved to a file): loads it in Debian's headless chromium
(chromium-driver and Selenium, installed by Scripts/setup) at two wall screens'
widths (1920, 1280), a tablet's (768) and a phone's (400), and checks that nothing is wider than the window: not
the page, not a case box, not a finding; and that no finding's value breaks
across lines (issue 35: systolic 150 shown as "15" over "0"). Exit 0 = pass.

Usage: board-layout-test.py PAGE.html
"""
import os
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def main():
    page = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--lang=en-US", f"--user-data-dir={profile}"]:
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
        driver.set_page_load_timeout(60)
        try:
            failures = []
            for width, height in [(1920, 1080), (1280, 800), (768, 1024), (400, 800)]:
                driver.set_window_size(width, height)
                driver.get("file://" + page)
                widest = driver.execute_script("""
                    const out = [];
                    const root = document.documentElement;
                    if (root.scrollWidth > root.clientWidth) out.push('page ' + root.scrollWidth + ' > ' + root.clientWidth);
                    document.querySelectorAll('.case, .case *').forEach(function (e) {
                        const box = e.getBoundingClientRect();
                        if (box.right > root.clientWidth + 1) out.push(e.tagName + '.' + e.className + ' ends at ' + Math.round(box.right));
                    });
                    // A value (a number with its unit, a yes/no) never breaks across lines; labels may.
                    document.querySelectorAll('.findings dd').forEach(function (e) {
                        const text = document.createRange();
                        text.selectNodeContents(e);
                        const lines = new Set(Array.from(text.getClientRects()).map(function (r) { return Math.round(r.top); }));
                        if (lines.size > 1) out.push('value breaks: ' + e.textContent.slice(0, 20));
                    });
                    return out.slice(0, 5);
                """)
                if widest:
                    failures.append(f"{width}px: " + "; ".join(widest))
                cases = driver.execute_script("return document.querySelectorAll('.case').length")
                if cases < 1:
                    failures.append(f"{width}px: no case on the page")
            if failures:
                print("layout: FAIL: " + " | ".join(failures), file=sys.stderr)
                sys.exit(1)
            print("layout: ok")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()

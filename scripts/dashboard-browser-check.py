#!/usr/bin/env python3
"""The coach's dashboard in a real browser: Debian's chromium, headless, driven by Playwright.

Starts `perform serve --demo` on a free loopback port with a temporary database, reads the
dashboard's address and the demo coach's sign-in from its output, and walks the journey with
JavaScript on and again with it off: the demo coach signs in, sees the demo trainee on the
roster, opens the trainee and a workout, reviews it (needs work, a comment) and sees the review
after the redirect. Then a form post without the CSRF token is refused 403. Every wait is on an
event (a page's load, a selector, a line of the server's output), never on time.

    scripts/dashboard-browser-check.py PERFORM_BINARY [--screenshots DIRECTORY]

With --screenshots it saves a PNG of every page at a phone's width and a desktop's instead
(docs/decisions/the-coachs-dashboard.md, "Tested in a real browser").
"""

import json
import os
import subprocess
import sys
import tempfile
import urllib.request

from playwright.sync_api import expect, sync_playwright

CHROMIUM = os.environ.get("PERFORM_CHROMIUM", "/usr/bin/chromium")
WIDTHS = {"phone": (390, 844), "desktop": (1280, 800)}


def start_server(perform, work):
    """`perform serve --demo`, and what it printed: the dashboard's address, the coach's sign-in,
    the demo trainee's token."""
    server = subprocess.Popen(
        [perform, "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", work,
         "--database", os.path.join(work, "perform.sqlite"), "--demo", "--access-log", "off"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    said = {}
    for line in server.stdout:
        name, _, value = line.rstrip("\n").partition(": ")
        said[name] = value
        if name == "coach dashboard":
            break
    if "coach dashboard" not in said:
        server.kill()
        raise SystemExit(f"dashboard: perform serve did not start: {said}")
    return server, said


def demo_trainee_name(said):
    base = said["coach dashboard"].removesuffix("/coach/")
    request = urllib.request.Request(
        base + "/v1/account", headers={"Authorization": "Bearer " + said["token"]})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)["name"]


def sign_in(page, said):
    page.goto(said["coach dashboard"])
    page.wait_for_url("**/coach/sign-in")
    page.fill("#email", said["demo coach"])
    page.fill("#password", said["demo coach password"])
    page.click("form.sign-in button[type=submit]")
    page.wait_for_url("**/coach/roster")


def journey(browser, said, trainee, javascript):
    """Signs in, opens the trainee and a workout, reviews it; returns the pages' addresses."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    sign_in(page, said)
    roster = page.url
    link = page.get_by_role("link", name=trainee)
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url("**/coach/trainees/*")
    trainee_page = page.url
    page.locator("table.workouts a").first.click()
    page.wait_for_url("**/workouts/*")
    workout = page.url
    expect(page.locator("table.sets").first).to_be_visible()
    comment = "Brace harder" + (" (JS on)" if javascript else " (JS off)")
    page.check("input[name=verdict][value=needsWork]")
    page.fill("#comment", comment)
    page.click(".review button[type=submit]")
    page.wait_for_load_state("load")
    assert page.url == workout, f"after the review: {page.url}, not {workout}"
    expect(page.locator("blockquote.comment")).to_have_text(comment)
    expect(page.locator("p.verdict.needsWork")).to_be_visible()
    # The back button returns to the trainee's page without posting again.
    page.go_back()
    page.go_back()
    page.wait_for_url("**/coach/trainees/*")
    context.close()
    return {"roster": roster, "trainee": trainee_page, "workout": workout}


def csrf_refused(browser, said, workout):
    context = browser.new_context()
    page = context.new_page()
    sign_in(page, said)
    answer = context.request.post(
        workout + "/review", form={"verdict": "reviewed", "comment": "forged"},
        headers={"Accept": "text/html"})
    assert answer.status == 403, f"a review without its CSRF token: {answer.status}"
    context.close()


def screenshots(browser, said, pages, directory):
    os.makedirs(directory, exist_ok=True)
    for width_name, (width, height) in WIDTHS.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(said["coach dashboard"])
        page.wait_for_url("**/coach/sign-in")
        page.screenshot(path=os.path.join(directory, f"sign-in-{width_name}.png"), full_page=True)
        sign_in(page, said)
        for name, address in pages.items():
            page.goto(address)
            page.wait_for_load_state("load")
            page.screenshot(
                path=os.path.join(directory, f"{name}-{width_name}.png"), full_page=True)
        context.close()


def main():
    perform = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/perform")
    shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
    with tempfile.TemporaryDirectory() as work:
        server, said = start_server(perform, work)
        try:
            trainee = demo_trainee_name(said)
            arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=arguments)
                pages = journey(browser, said, trainee, javascript=True)
                if shots:
                    screenshots(browser, said, pages, shots)
                    print(f"dashboard: screenshots in {shots}")
                else:
                    journey(browser, said, trainee, javascript=False)
                    csrf_refused(browser, said, pages["workout"])
                    print("dashboard: the journey passed in chromium with JavaScript on and off;"
                          " a review without its CSRF token was refused")
                browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()

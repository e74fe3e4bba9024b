"""The counters of a built site in a real browser (Debian's chromium, driven by selenium).

Run by scripts/test after the Swift tests: `python3 -m pytest Tests/Browser`. The site is
built by the test from the repository's example site at a fixed --now.
"""
import os
import pathlib
import re
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
TTSITE = ROOT / ".build" / "debug" / "ttsite"


@pytest.fixture(scope="module")
def site():
    output = pathlib.Path(tempfile.mkdtemp(prefix="ttsite-browser-")) / "site"
    subprocess.run([str(TTSITE), "build", "--site", str(ROOT), "--output", str(output),
                    "--now", "2026-11-22T08:00:00Z", "--quiet"], check=True)
    return output


def browser(javascript=True, width=1280, height=900):
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    chromium = "/usr/bin/chromium"
    if os.path.exists(chromium):
        options.binary_location = chromium
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def person_page(site):
    people = sorted(p for p in (site / "people").iterdir() if p.is_dir())
    return people[0] / "index.html"


def counter_state(driver):
    return driver.execute_script("""
        const c = document.querySelector('.person-card [data-counter]');
        const digits = c.querySelector('.counter-digits');
        return {text: c.textContent, digits: digits ? digits.textContent : null,
                final: c.getAttribute('data-to'), state: c.counter ? c.counter.state : null};
    """)


def watch_counter(driver, seconds=10):
    """Polls the person card's counter until it finishes: its last state, and every text its
    moving digits showed."""
    seen = set()
    deadline = time.time() + seconds
    while time.time() < deadline:
        state = counter_state(driver)
        if state["digits"] is not None:
            seen.add(state["digits"])
        if state["state"] == "finished":
            break
        time.sleep(0.05)
    return counter_state(driver), seen


def test_the_counter_moves_then_ends_at_the_final_value(site):
    driver = browser()
    try:
        driver.get(person_page(site).as_uri())
        state, seen = watch_counter(driver)
        assert state["state"] == "finished"
        assert state["text"] == state["final"]          # the original text is back
        assert state["digits"] is None
        assert len(seen) > 1, f"the digits never moved: {seen}"
    finally:
        driver.quit()


def test_reduced_motion_shows_the_final_value_at_once(site):
    driver = browser()
    try:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        driver.get(person_page(site).as_uri())
        for _ in range(20):
            state = counter_state(driver)
            assert state["digits"] is None, "a counter moved under prefers-reduced-motion"
            assert state["text"] == state["final"]
            time.sleep(0.05)
    finally:
        driver.quit()


def test_without_javascript_the_value_is_in_the_page(site):
    driver = browser(javascript=False)
    try:
        driver.get(person_page(site).as_uri())
        counter = driver.find_element("css selector", ".person-card [data-counter]")
        assert counter.text == counter.get_attribute("data-to")
        assert counter.find_elements("css selector", ".counter-digits") == []
    finally:
        driver.quit()


@pytest.mark.parametrize("width,height,name", [(390, 844, "phone"), (1280, 900, "desktop")])
def test_screenshots(site, width, height, name):
    """Screenshots for a person to look at (kept in the temp folder), and a layout check:
    nothing is wider than the viewport."""
    driver = browser(width=width, height=height)
    try:
        for page in [site / "people" / "index.html", person_page(site)]:
            driver.get(page.as_uri())
            overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{page} is {overflow}px wider than a {name} screen"
            driver.save_screenshot(str(site.parent / f"{page.parent.name}-{name}.png"))
    finally:
        driver.quit()


PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"


def test_persian_counters_move_in_persian_digits_and_end_on_the_page_text():
    """A right-to-left page in Persian: the script writes the moving digits in the digits the
    page itself holds (CLDR's arabext, as ttsite writes them), and ends on the page's text."""
    output = pathlib.Path(tempfile.mkdtemp(prefix="ttsite-browser-fa-")) / "site"
    subprocess.run([str(TTSITE), "build", "--site", str(ROOT / "Tests" / "SiteBuilderTests" / "Fixtures" / "persian-site"),
                    "--output", str(output), "--now", "2026-11-22T08:00:00Z", "--quiet"],
                   check=True, stderr=subprocess.DEVNULL)
    driver = browser()
    try:
        page = output / "people" / "jurgen-gross" / "index.html"
        # The counter's text as the HTML holds it, before any script ran.
        page_text = re.search(r'<dl class="person-card">.*?data-counter[^>]*>([^<]*)<', page.read_text(encoding="utf-8"), re.S).group(1)
        driver.get(page.as_uri())
        assert driver.execute_script("return document.documentElement.dir") == "rtl"
        assert page_text and all(c in PERSIAN_DIGITS for c in page_text), page_text
        state, seen = watch_counter(driver)
        assert state["state"] == "finished"
        assert state["text"] == page_text
        assert len(seen) > 1, f"the digits never moved: {seen}"
        assert all(c in PERSIAN_DIGITS for digits in seen for c in digits), seen
    finally:
        driver.quit()

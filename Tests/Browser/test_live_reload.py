"""`ttsite serve` in a real browser: an open page reloads by itself after an edit, and a
broken template shows its error over the last good page until it is fixed.

A site made by `ttsite init` is served on a free port; the page is Debian's chromium, driven
by selenium. Waits are bounded (WebDriverWait), never asserted on.
"""
import re
import signal
import subprocess
import time

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from testkit import LIMIT, TTSITE, browser


@pytest.fixture
def preview(tmp_path):
    folder = tmp_path / "site"
    subprocess.run([str(TTSITE), "init", str(folder)], check=True, stdout=subprocess.DEVNULL, timeout=LIMIT)
    server = subprocess.Popen([str(TTSITE), "serve", "--site", str(folder), "--port", "0"],
                              stderr=subprocess.PIPE, text=True)
    url = None
    deadline = time.time() + 120
    while url is None and time.time() < deadline:
        line = server.stderr.readline()
        if not line:
            break
        found = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        url = found and found.group(1)
    assert url, "ttsite serve printed no address"
    yield folder, url
    server.send_signal(signal.SIGINT)
    assert server.wait(timeout=30) == 0


def test_an_open_page_reloads_by_itself_after_an_edit(preview):
    folder, url = preview
    driver = browser()
    try:
        driver.get(url + "about/")
        driver.execute_script("window.beforeTheEdit = true")
        about = folder / "Content" / "about.md"
        about.write_text(about.read_text() + "\nA line added while the page was open.\n")
        WebDriverWait(driver, 60).until(lambda d: "A line added while the page was open." in d.page_source)
        assert driver.execute_script("return window.beforeTheEdit === undefined"), "the page changed without a reload"
    finally:
        driver.quit()


def test_a_broken_template_shows_its_error_over_the_last_good_page(preview):
    folder, url = preview
    driver = browser()
    try:
        driver.get(url + "about/")
        template = folder / "Templates" / "page.mustache"
        template.parent.mkdir()
        template.write_text("{{<base}}{{$main}}{{#page}}never closed{{/main}}{{/base}}\n")
        WebDriverWait(driver, 60).until(lambda d: d.find_elements("id", "ttsite-build-failure"))
        overlay = driver.find_element("id", "ttsite-build-failure")
        assert overlay.is_displayed()
        assert "Templates/page.mustache:1: template error" in overlay.text
        assert "Where to go from here" in driver.find_element("tag name", "main").text

        # Loading a page while the error stands shows it too.
        driver.get(url)
        WebDriverWait(driver, 10).until(lambda d: d.find_elements("id", "ttsite-build-failure"))

        template.unlink()
        WebDriverWait(driver, 60).until(lambda d: not d.find_elements("id", "ttsite-build-failure"))
        assert "People" in driver.find_element("tag name", "main").text
    finally:
        driver.quit()

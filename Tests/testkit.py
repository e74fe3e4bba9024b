"""The Python half of the test kit, shared by the calendar suite, the browser suite and the
quality gates (Tests/conftest.py puts this folder on the path for all three): where the
repository and the freshly built ttsite are, a site built by it, Debian's headless Chromium,
and a folder served over loopback HTTP.
"""
import functools
import http.server
import os
import pathlib
import subprocess
import threading

ROOT = pathlib.Path(__file__).resolve().parents[1]
TTSITE = ROOT / ".build" / "debug" / "ttsite"
FIXTURES = ROOT / "Tests" / "SiteBuilderTests" / "Fixtures"

# A fixed instant, so that "today" and every "in N days" are the same on every run.
NOW = "2026-11-22T08:00:00Z"
# The longest any program of the suites may run (seconds): far beyond what one takes on a
# loaded machine, so that a hang fails its test rather than holding CI until its limit.
LIMIT = 600


def build(site, output, now=NOW, base_url=None, quiet=True):
    """Builds the site folder `site` into `output` with the freshly built ttsite and fails the
    test, with the end of what ttsite printed, unless it exits 0. Returns the finished process
    (its stderr holds the warnings)."""
    arguments = [str(TTSITE), "build", "--site", str(site), "--output", str(output), "--now", now]
    if base_url:
        arguments += ["--base-url", base_url]
    if quiet:
        arguments.append("--quiet")
    result = subprocess.run(arguments, capture_output=True, text=True, timeout=LIMIT)
    assert result.returncode == 0, f"ttsite build --site {site} failed:\n{result.stderr[-4000:]}"
    return result


def browser(javascript=True, width=1280, height=900):
    """Debian's Chromium, headless, driven by selenium (imported here: the calendar suite runs
    before scripts/test installs it). The caller quits it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    chromium = "/usr/bin/chromium"
    if os.path.exists(chromium):
        options.binary_location = chromium
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, condition, message, seconds=10):
    """Waits up to `seconds` for `condition(driver)` to be true and returns it; on a timeout,
    fails the test with `message()` (or `message`), made then. Selenium is imported here: the
    calendar suite runs before scripts/test installs it."""
    import pytest
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, seconds, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)) \
            .until(condition)
    except TimeoutException:
        pytest.fail(message() if callable(message) else message)


def emulate(driver, scheme="light", reduced_motion=False):
    """Makes the page see a light or dark colour scheme, and reduced motion or not."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme},
        {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"}]})


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(folder):
    """Serves `folder` on a free port of 127.0.0.1 from a thread; returns the server, whose
    `shutdown()` stops it."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def address(server):
    """The http:// address of a server started by `serve`, without a closing slash."""
    return f"http://127.0.0.1:{server.server_address[1]}"

"""No serious or critical axe-core violation on any page kind, in light and dark colour
scheme, at phone and desktop widths, in Debian's headless Chromium.

The pages are served over loopback HTTP at the path their base URL names (see conftest.py).
axe-core is the axe.min.js that PyPI's axe-playwright-python ships (axe 4.x; the selenium
wrapper on PyPI for this Python bundles axe 3.1 from 2018), injected through selenium.
Timelines are also checked with their replay running and under reduced motion, because the
replay's controls are shown and hidden by CSS alone. A planted page with known faults proves
that a scan which finds nothing did scan.
"""
import importlib.resources

import pytest

import built_sites
from testkit import browser, emulate

AXE = importlib.resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")
FAILING_IMPACTS = {"serious", "critical"}
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}
SCHEMES = ["light", "dark"]

PLANTED = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Planted</title>
<style>body { background: #fff; } .faint { color: #ccc; }</style></head>
<body><main><p class="faint">Pale grey on white.</p><input type="text"></main></body></html>
"""


@pytest.fixture(scope="module", params=list(WIDTHS))
def driver(request):
    width, height = WIDTHS[request.param]
    driver = browser(width=width, height=height)
    driver.set_script_timeout(120)   # a scan takes about a second; the machine may be busy
    driver.width_name = request.param
    yield driver
    driver.quit()


def axe_violations(driver):
    """axe's violations on the page loaded in `driver`, as (impact, rule, help, targets)."""
    driver.execute_script(AXE)
    result = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document).then(r => done(r.violations)).catch(e => done({error: String(e)}));""")
    assert "error" not in result, result
    return [(v["impact"], v["id"], v["help"], [n["target"] for n in v["nodes"]][:5]) for v in result]


def serious(driver, url, state):
    return [f"{url} ({driver.width_name}, {state}): {impact} {rule}: {help} {targets}"
            for impact, rule, help, targets in axe_violations(driver) if impact in FAILING_IMPACTS]


def test_the_scan_finds_the_planted_faults(driver, www, server):
    (www / "planted-a11y").mkdir(exist_ok=True)
    (www / "planted-a11y" / "index.html").write_text(PLANTED, encoding="utf-8")
    emulate(driver, "light")
    driver.get(f"{server}/planted-a11y/index.html")
    rules = {rule for impact, rule, _, _ in axe_violations(driver) if impact in FAILING_IMPACTS}
    assert {"color-contrast", "label"} <= rules


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", list(built_sites.SITES))
def test_every_page_kind_has_no_serious_violation(driver, www, server, name, scheme):
    emulate(driver, scheme)
    found = []
    for page in built_sites.one_page_per_kind(www / name):
        url = f"{server}/{name}/{page}"
        driver.get(url)
        found += serious(driver, url, scheme)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_running_replay_has_no_serious_violation(driver, www, server, scheme):
    """The timeline with its replay started (Play pressed, every animation then run to its end
    so that no event is caught half faded in), and under reduced motion."""
    found = []
    for name in built_sites.SITES:
        for page in built_sites.one_page_per_kind(www / name):
            if "timeline" not in built_sites.kinds_of(page):
                continue
            url = f"{server}/{name}/{page}"
            emulate(driver, scheme)
            driver.get(url)
            if driver.find_elements("css selector", "label.play"):
                driver.find_element("css selector", "label.play").click()
                driver.execute_script("document.getAnimations().forEach(a => a.finish())")
                found += serious(driver, url, f"{scheme}, replay running")
            emulate(driver, scheme, reduced_motion=True)
            driver.get(url)
            found += serious(driver, url, f"{scheme}, reduced motion")
    assert not found, "\n".join(found)


def test_every_page_kind_was_scanned(example):
    kinds = set().union(*(built_sites.kinds_of(p) for p in built_sites.one_page_per_kind(example)))
    assert kinds >= built_sites.PAGE_KINDS, built_sites.PAGE_KINDS - kinds

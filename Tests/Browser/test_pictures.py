"""Pictures in a real browser: a site whose people and timeline have pictures on a loopback
picture host, built with `images: local` and served over loopback HTTP to headless Chromium.

Checked: every <img> has its width and height; every picture loads, as WebP, from the site
itself (never from the picture host); nothing moves while the pictures load (the layout
shifts Chromium reports add up to nothing); and the pictures weigh less than their sources.
The fixtures are Pillow's (Tests/TestSupport/Pictures/pictures.py).
"""
import time

import pytest

import picture_site
from testkit import browser, build


@pytest.fixture(scope="module")
def picture_site_built(tmp_path_factory):
    root = tmp_path_factory.mktemp("pictures")
    site, host, server = picture_site.make(root)
    built = build(site, root / "www", quiet=False)
    assert "warning" not in built.stderr, built.stderr
    yield {"www": f"{host}/www/", "host": host, "root": root}
    server.shutdown()


WATCH_SHIFTS = """
window.__shifts = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput)
    window.__shifts.push([entry.value, entry.sources.map(s => s.node ? (s.node.outerHTML || s.node.textContent || '').slice(0, 80) : '?')]);
}).observe({type: 'layout-shift', buffered: true});
"""


def load(driver, url):
    """Opens `url`, scrolls to the end and back so that every lazy picture loads, and waits
    until they have."""
    driver.get(url)
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    deadline = time.time() + 15
    while time.time() < deadline:
        if driver.execute_script("return [...document.images].every(i => i.complete)"):
            break
        time.sleep(0.1)
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)


def pictures_of(driver):
    return driver.execute_script("""
        return [...document.images].map(i => ({
          width: i.getAttribute('width'), height: i.getAttribute('height'), complete: i.complete,
          natural: i.naturalWidth, current: i.currentSrc, alt: i.getAttribute('alt')}));
    """)


PAGES = ["people/", "people/ada-lovelace/", "scenarios/field-trip/", "scenarios/", "notes/"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_every_picture_has_its_size_loads_from_the_site_and_moves_nothing(picture_site_built, page, width, height):
    driver = browser(width=width, height=height)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_SHIFTS})
        load(driver, picture_site_built["www"] + page)
        images = pictures_of(driver)
        assert images, f"{page} shows no picture"
        for image in images:
            assert image["width"] and image["width"].isdigit() and image["height"] and image["height"].isdigit(), image
            assert image["complete"] and image["natural"] > 0, f"{page}: a picture did not load: {image}"
            assert image["current"].startswith(picture_site_built["www"]), f"{page}: loaded from elsewhere: {image}"
            assert image["current"].endswith(".webp"), f"{page}: the browser took the fallback: {image}"
        shifts = driver.execute_script("return window.__shifts")
        assert sum(value for value, _ in shifts) < 0.01, f"{page}: the layout moved while pictures loaded: {shifts}"
    finally:
        driver.quit()


def test_the_pictures_weigh_less_than_their_sources(picture_site_built):
    driver = browser(width=1280, height=900)
    try:
        sources = sum(p.stat().st_size for p in (picture_site_built["root"] / "pics").iterdir() if p.name in picture_site.PORTRAITS)
        for page in PAGES:
            load(driver, picture_site_built["www"] + page)
            sizes = driver.execute_script("""
                return performance.getEntriesByType('resource')
                  .filter(e => e.initiatorType === 'img' || /\\/assets\\/img\\//.test(e.name))
                  .map(e => [e.name, e.encodedBodySize]);""")
            assert sizes, page
            total = sum(size for _, size in sizes)
            assert total < sources, f"{page}: {total} bytes of pictures, more than the {sources} of the sources"
            for name, size in sizes:
                if page.startswith("people"):
                    assert size < 20_000, f"an avatar of {size} bytes: {name}"
    finally:
        driver.quit()

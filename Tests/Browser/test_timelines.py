"""The no-script replay of the timeline pages in a real browser (Debian's chromium, driven by
selenium), and screenshots of the example site's timelines on a phone and a desktop.

The replay is checked on a small site written here: one `km` scenario of 0 … 100 km with
`replaySeconds: 6`, events at 0, 50 and 100 km, so they appear at 0 s, 3 s and 6 s.
"""
import json
import time

import pytest

from testkit import browser, build, emulate

SCENARIO = {
    "named": "short", "nameEn": "Short", "nameDe": "Kurz", "textEn": "A short replay.", "textDe": "Kurz.",
    "unit": "km", "start": 0, "end": 100, "replaySeconds": 6,
    "events": [
        {"start": 0, "textEn": "First", "textDe": "Erstes", "major": True},
        {"start": 50, "textEn": "Middle", "textDe": "Mitte", "major": False},
        {"start": 100, "textEn": "Last", "textDe": "Letztes", "major": True},
    ],
}


@pytest.fixture(scope="module")
def short_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replay")
    (folder / "Content" / "data").mkdir(parents=True)
    (folder / "ttsite.yml").write_text("title: Replay\nscenarios:\n  - file: Content/data/short.json\n")
    (folder / "Content" / "index.md").write_text("Hi.\n")
    (folder / "Content" / "data" / "short.json").write_text(json.dumps(SCENARIO))
    output = folder / "_out"
    build(folder, output)
    return output / "scenarios" / "short" / "index.html"


def shown(driver, event):
    return driver.find_element("id", f"event-{event}").is_displayed()


def click(driver, selector):
    driver.find_element("css selector", selector).click()


def test_every_event_is_visible_until_the_replay_starts(short_site):
    driver = browser()
    try:
        driver.get(short_site.as_uri())
        assert [shown(driver, i) for i in range(3)] == [True, True, True]
        assert driver.find_element("css selector", "label.play").is_displayed()
        assert not driver.find_element("css selector", "label.pause").is_displayed()
        assert not driver.find_element("css selector", ".replay-progress").is_displayed()
    finally:
        driver.quit()


def test_the_replay_shows_the_first_event_at_once_and_a_later_one_after_its_delay(short_site):
    driver = browser()
    try:
        driver.get(short_site.as_uri())
        click(driver, "label.play")
        started = time.time()
        time.sleep(0.6)
        assert shown(driver, 0), "the first event (delay 0 s) is not shown at once"
        assert not shown(driver, 1), "the middle event (delay 3 s) shows too early"
        assert driver.find_element("css selector", ".replay-progress").is_displayed()
        time.sleep(max(0, started + 4.0 - time.time()))
        assert shown(driver, 1), "the middle event did not show after 3 s"
        assert not shown(driver, 2), "the last event (delay 6 s) shows too early"
        # Newest on top: the middle event is now above the first.
        top = {i: driver.find_element("id", f"event-{i}").rect["y"] for i in (0, 1)}
        assert top[1] < top[0]
        # Restart: everything but the first is hidden again.
        click(driver, "label.restart-b")
        time.sleep(0.6)
        assert shown(driver, 0) and not shown(driver, 1)
        # Show all ends the replay.
        click(driver, "label.show-all")
        assert [shown(driver, i) for i in range(3)] == [True, True, True]
    finally:
        driver.quit()


def test_pause_stops_the_replay_and_resume_goes_on(short_site):
    driver = browser()
    try:
        driver.get(short_site.as_uri())
        click(driver, "label.play")
        time.sleep(0.5)
        click(driver, "label.pause")
        assert driver.find_element("css selector", "label.pause .when-paused").is_displayed()
        time.sleep(4.0)
        assert not shown(driver, 1), "the replay went on while paused"
        click(driver, "label.pause")
        time.sleep(3.3)
        assert shown(driver, 1), "the replay did not go on after resume"
    finally:
        driver.quit()


def test_reduced_motion_shows_every_event_at_once(short_site):
    driver = browser()
    try:
        emulate(driver, reduced_motion=True)
        driver.get(short_site.as_uri())
        assert not driver.find_element("css selector", ".replay-controls").is_displayed()
        assert driver.find_element("css selector", ".replay-reduced").is_displayed()
        # Even with the replay switched on, nothing is held back.
        driver.execute_script("document.getElementById('replay-a').checked = true")
        time.sleep(0.3)
        assert [shown(driver, i) for i in range(3)] == [True, True, True]
    finally:
        driver.quit()


def test_the_page_needs_no_javascript(short_site):
    driver = browser(javascript=False)
    try:
        driver.get(short_site.as_uri())
        click(driver, "label.play")
        time.sleep(0.6)
        assert shown(driver, 0) and not shown(driver, 1)
    finally:
        driver.quit()


PAGES = ["scenarios/index.html", "scenarios/moonlanding/index.html", "de/scenarios/berlin-wall-1989/index.html",
         "scenarios/voyager-1/index.html", "de/scenarios/route-66/index.html"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height,name", [(390, 844, "phone"), (1280, 900, "desktop")])
def test_timeline_screenshots(example_site, width, height, name, scheme):
    """Whole-page screenshots for a person to look at (kept next to the built site), and a
    layout check: nothing wider than the screen, every event box on screen horizontally and
    no two event boxes overlapping."""
    driver = browser(width=width, height=height)
    try:
        emulate(driver, scheme)
        for page in PAGES:
            driver.get((example_site / page).as_uri())
            overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{page} is {overflow}px wider than a {name} screen"
            boxes = driver.execute_script(
                "return [...document.querySelectorAll('.event')].map(e => e.getBoundingClientRect())"
                ".map(r => [r.top, r.bottom, r.left, r.right])")
            for (top, bottom, left, right), (next_top, *_rest) in zip(boxes, boxes[1:]):
                assert bottom <= next_top + 0.5, f"{page}: events overlap on a {name} screen"
                assert left >= 0 and right <= width
            full = driver.execute_script("return document.documentElement.scrollHeight")
            driver.set_window_size(width, min(full + 140, 5000))
            driver.save_screenshot(str(example_site.parent / f"{page.replace('/', '_')}-{name}-{scheme}.png"))
            driver.set_window_size(width, height)
    finally:
        driver.quit()

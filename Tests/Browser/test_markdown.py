"""GitHub's Markdown extensions of the example site's notes page in a real browser (Debian's
chromium, driven by selenium): a wide table scrolls in its own box on a phone, heading links,
the table of contents and footnotes lead where they say, and screenshots of the page on a
phone and a desktop, light and dark.

Headless chromium makes no window narrower than 500 px, so the screen's size is set by the
DevTools protocol's device emulation (a phone's with `mobile`: its viewport meta tag is read
and its scroll bars take no room).
"""
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from testkit import browser, emulate

PHONE = (390, 844)
DESKTOP = (1280, 900)


def screen(width, height):
    """A browser whose viewport is `width` × `height` CSS pixels, a phone's below 600."""
    driver = browser(width=max(width, 500), height=height)
    emulate_size(driver, width, height)
    return driver


def emulate_size(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


@pytest.fixture()
def notes(example_site):
    return (example_site / "notes" / "index.html").as_uri()


def wait_for(driver, script, seconds=5):
    """Polls `script` until it returns something true, and returns that; fails after `seconds`."""
    deadline = time.time() + seconds
    while True:
        value = driver.execute_script(script)
        if value or time.time() > deadline:
            assert value, f"never true: {script}"
            return value
        time.sleep(0.05)


def top_of(driver, selector):
    return driver.execute_script(
        "return document.querySelector(arguments[0]).getBoundingClientRect().top", selector)


def settled_top(driver, selector):
    """The top of an element once the page has stopped scrolling (two equal readings)."""
    last = None
    deadline = time.time() + 5
    while time.time() < deadline:
        top = top_of(driver, selector)
        if top == last:
            return top
        last = top
        time.sleep(0.1)
    return last


def test_a_wide_table_scrolls_in_its_box_and_the_page_keeps_its_width(notes):
    driver = screen(*PHONE)
    try:
        driver.get(notes)
        assert driver.execute_script("return screen.width") == PHONE[0], "the phone's width was not emulated"
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the notes page is {overflow}px wider than a phone screen"
        box = driver.execute_script("""
            const box = [...document.querySelectorAll('.table-scroll')]
                .find(b => b.querySelectorAll('thead th').length === 13);
            const before = box.scrollLeft;
            box.scrollLeft = 200;
            return {scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, before: before,
                    after: box.scrollLeft, right: box.getBoundingClientRect().right,
                    focusable: box.tabIndex === 0};""")
        assert box["scrollWidth"] > box["clientWidth"], box
        assert box["before"] == 0 and box["after"] > 0, box
        assert box["right"] <= PHONE[0], box
        assert box["focusable"], "the keyboard cannot reach the table's box to scroll it"
        assert driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    finally:
        driver.quit()


def tab_to(driver, selector, presses=80):
    """Presses Tab, from the start of the page, until the element `selector` has the focus."""
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    for _ in range(presses):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("return document.activeElement.matches(arguments[0])", selector):
            return
    pytest.fail(f"Tab never reached {selector}")


@pytest.mark.parametrize("width,height", [PHONE, DESKTOP])
def test_a_heading_link_reached_by_keyboard_shows_and_leads_to_its_heading(notes, width, height):
    driver = screen(width, height)
    try:
        driver.get(notes)
        link = "#a-wide-table > .heading-link"
        tab_to(driver, link)
        assert driver.execute_script(
            "return getComputedStyle(document.activeElement).opacity") == "1", "the focused mark is not shown"
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        wait_for(driver, "return location.hash === '#a-wide-table'")
        top = settled_top(driver, "#a-wide-table")
        assert -2 <= top <= 40, f"the heading stands at {top}px"
    finally:
        driver.quit()


def test_a_link_of_the_table_of_contents_leads_to_its_heading(notes):
    driver = screen(*PHONE)
    try:
        driver.get(notes)
        entries = driver.execute_script(
            "return [...document.querySelectorAll('nav.toc a')].map(a => a.getAttribute('href'))")
        headings = driver.execute_script(
            "return [...document.querySelectorAll('.prose :is(h2, h3)[id]')].map(h => '#' + h.id)")
        assert entries == headings
        driver.find_element("css selector", 'nav.toc a[href="#a-wide-table"]').click()
        wait_for(driver, "return location.hash === '#a-wide-table'")
        top = settled_top(driver, "#a-wide-table")
        assert -2 <= top <= 40, f"the heading stands at {top}px"
    finally:
        driver.quit()


def in_view(driver, selector):
    """Whether the element `selector` is wholly in the viewport, once the page has stopped scrolling."""
    settled_top(driver, selector)
    return driver.execute_script("""
        const r = document.querySelector(arguments[0]).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;""", selector)


def target(driver):
    return driver.execute_script("const t = document.querySelector(':target'); return t && t.id")


def test_a_footnote_leads_to_its_note_and_back(notes):
    driver = screen(*PHONE)
    try:
        driver.get(notes)
        assert not in_view(driver, '[id="fn:people"]')
        driver.find_element("css selector", 'a[href="#fn:people"]').click()
        wait_for(driver, "return location.hash === '#fn:people'")
        assert in_view(driver, '[id="fn:people"]') and target(driver) == "fn:people"
        driver.find_element("css selector", '[id="fn:people"] a.footnote-backref').click()
        wait_for(driver, "return location.hash === '#fnref:people'")
        assert target(driver) == "fnref:people"
        top = settled_top(driver, '[id="fnref:people"]')
        assert -2 <= top <= 40, f"the reference stands at {top}px"
    finally:
        driver.quit()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height,name", [(*PHONE, "phone"), (*DESKTOP, "desktop")])
def test_notes_screenshots(example_site, width, height, name, scheme):
    """Whole-page screenshots for a person to look at (kept next to the built site), and a
    layout check: nothing wider than the screen, and every task's box inside the text column."""
    driver = screen(width, height)
    try:
        emulate(driver, scheme)
        for page in ["notes/index.html", "de/notes/index.html"]:
            driver.get((example_site / page).as_uri())
            overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{page} is {overflow}px wider than a {name} screen"
            boxes = driver.execute_script("""
                const main = document.querySelector('main').getBoundingClientRect();
                return [...document.querySelectorAll('.prose li > input[type=checkbox]')]
                    .map(b => b.getBoundingClientRect())
                    .map(r => [r.left - main.left, main.right - r.right]);""")
            assert len(boxes) >= 2 and all(left >= 0 and right >= 0 for left, right in boxes), boxes
            full = driver.execute_script("return document.documentElement.scrollHeight")
            emulate_size(driver, width, min(full, 5000))
            driver.save_screenshot(str(example_site.parent / f"{page.replace('/', '_')}-{name}-{scheme}.png"))
            emulate_size(driver, width, height)
    finally:
        driver.quit()

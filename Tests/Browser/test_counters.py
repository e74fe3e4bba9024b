"""The counters of a built site in a real browser (Debian's chromium, driven by selenium).

Run by scripts/test after the Swift tests: `python3 -m pytest Tests/Browser`. The site is
the repository's example site, built at a fixed --now (`example_site`, Tests/conftest.py).
"""
import re
import time

import pytest

from testkit import FIXTURES, browser, build, emulate, wait


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


def test_the_counter_moves_then_ends_at_the_final_value(example_site):
    driver = browser()
    try:
        driver.get(person_page(example_site).as_uri())
        state, seen = watch_counter(driver)
        assert state["state"] == "finished"
        assert state["text"] == state["final"]          # the original text is back
        assert state["digits"] is None
        assert len(seen) > 1, f"the digits never moved: {seen}"
    finally:
        driver.quit()


def test_printing_stops_a_moving_counter_at_its_final_value(example_site):
    """A counter caught moving when the page is printed shows its final text: the script
    stops it as print media begins (a paused counter shows moving digits, deterministically)."""
    driver = browser()
    try:
        emulate(driver, reduced_motion=False)
        driver.get(person_page(example_site).as_uri())
        driver.execute_script("""
            const c = document.querySelector('.person-card [data-counter]');
            c.counter.reset(); c.counter.start(); c.counter.pause();""")
        paused = counter_state(driver)
        assert paused["state"] == "paused" and paused["digits"] is not None
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        state = wait(driver, lambda d: (lambda s: s if s["state"] == "finished" else None)(counter_state(d)),
                     lambda: f"printing did not stop the counter: {counter_state(driver)}")
        assert state["text"] == state["final"] and state["digits"] is None
    finally:
        driver.quit()


def test_a_counter_out_of_view_waits_until_it_is_seen(tmp_path):
    """A key figure below the fold holds its final text (a screenshot of the page shows the
    real number), and counts only once it scrolls into view."""
    site = tmp_path / "site"
    (site / "Content").mkdir(parents=True)
    (site / "data").mkdir()
    (site / "ttsite.yml").write_text("title: Long\ndata:\n  t: { file: data/t.csv }\n")
    (site / "data" / "t.csv").write_text("n\n804200747\n")
    filler = "\n\n".join(f"Paragraph {i} of a long page." for i in range(120))
    (site / "Content" / "index.md").write_text(filler + "\n\n```ttsite query q\nSELECT n FROM t\n```\n\n"
                                              "```ttsite value data=q column=n label=people\n```\n")
    output = tmp_path / "out"
    build(site, output)
    driver = browser(height=700)
    try:
        driver.get((output / "index.html").as_uri())
        script = """const c = document.querySelector('[data-counter]');
                    return {state: c.counter ? c.counter.state : null, text: c.textContent};"""
        time.sleep(0.5)
        below = driver.execute_script(script)
        assert below == {"state": "idle", "text": "804,200,747"}, below
        driver.execute_script("document.querySelector('[data-counter]').scrollIntoView({block: 'center'})")
        wait(driver, lambda d: d.execute_script(script)["state"] in ("running", "finished"),
             lambda: f"the counter did not start once seen: {driver.execute_script(script)}")
        done = wait(driver, lambda d: (lambda s: s if s["state"] == "finished" else None)(d.execute_script(script)),
                    lambda: f"the counter did not finish: {driver.execute_script(script)}")
        assert done["text"] == "804,200,747"
    finally:
        driver.quit()


def test_reduced_motion_shows_the_final_value_at_once(example_site):
    driver = browser()
    try:
        emulate(driver, reduced_motion=True)
        driver.get(person_page(example_site).as_uri())
        for _ in range(20):
            state = counter_state(driver)
            assert state["digits"] is None, "a counter moved under prefers-reduced-motion"
            assert state["text"] == state["final"]
            time.sleep(0.05)
    finally:
        driver.quit()


def test_without_javascript_the_value_is_in_the_page(example_site):
    driver = browser(javascript=False)
    try:
        driver.get(person_page(example_site).as_uri())
        counter = driver.find_element("css selector", ".person-card [data-counter]")
        assert counter.text == counter.get_attribute("data-to")
        assert counter.find_elements("css selector", ".counter-digits") == []
    finally:
        driver.quit()


@pytest.mark.parametrize("width,height,name", [(390, 844, "phone"), (1280, 900, "desktop")])
def test_screenshots(example_site, width, height, name):
    """Screenshots for a person to look at (kept in the temp folder), and a layout check:
    nothing is wider than the viewport."""
    driver = browser(width=width, height=height)
    try:
        for page in [example_site / "people" / "index.html", person_page(example_site)]:
            driver.get(page.as_uri())
            overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{page} is {overflow}px wider than a {name} screen"
            driver.save_screenshot(str(example_site.parent / f"{page.parent.name}-{name}.png"))
    finally:
        driver.quit()


PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"


def test_persian_counters_move_in_persian_digits_and_end_on_the_page_text(tmp_path):
    """A right-to-left page in Persian: the script writes the moving digits in the digits the
    page itself holds (CLDR's arabext, as ttsite writes them), and ends on the page's text."""
    output = tmp_path / "site"
    build(FIXTURES / "persian-site", output)
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

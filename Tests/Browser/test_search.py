"""The search box of the people and timeline lists in a real browser (Debian's chromium,
driven by selenium), on a generated site of 10,000 people in two languages.

The site is written once for the module by Benchmarks/generate_data_site.py and built at a
fixed --now. A person is searched for by a name read from a later list page (so not one the
first page already shows), as written, in lower case without diacritics, and in Cyrillic.
"""
import re
import subprocess
import sys
import unicodedata

import pytest
from selenium.webdriver.common.keys import Keys

from testkit import LIMIT, ROOT, browser, build, wait

MAX_RESULTS = 50


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("search")
    subprocess.run([sys.executable, str(ROOT / "Benchmarks" / "generate_data_site.py"), "--people", "10000",
                    "--scenarios", "3", "--events", "5", "--out", str(folder)], check=True, timeout=LIMIT)
    output = folder / "out"
    build(folder, output)
    return output


@pytest.fixture(scope="module")
def later_names(site):
    """The names on the seventh page of the people list, in the order shown."""
    driver = browser(javascript=False)
    try:
        driver.get((site / "people" / "7" / "index.html").as_uri())
        names = [link.text for link in driver.find_elements("css selector", ".person-name")]
    finally:
        driver.quit()
    assert names, "people/7/index.html lists nobody"
    return names


def fold(text):
    """Lower case without diacritics: what someone types who does not bother with either."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if unicodedata.category(c) != "Mn").lower()


def latin_with_marks(character):
    """A Latin letter with a diacritic that can be left out, like the ë of Zoë."""
    return unicodedata.name(character, "").startswith("LATIN") and fold(character) != character.lower()


def index_scripts(driver):
    """How many script elements load the search form's index."""
    return driver.execute_script("""
        const index = new URL(document.querySelector('form.search').getAttribute('data-search-index'),
                              document.baseURI).href;
        return [...document.querySelectorAll('script[src]')].filter(s => s.src === index).length;
    """)


def results(driver):
    return driver.execute_script("""
        const form = document.querySelector('form.search');
        return {status: form.querySelector('.search-status').textContent,
                names: [...form.querySelectorAll('.search-results li a')].map(a => a.textContent)};
    """)


def result_named(driver, name):
    """The first result link whose text is `name`, once one is shown."""
    def found(d):
        shown = results(d)
        assert len(shown["names"]) <= MAX_RESULTS, f"{len(shown['names'])} results shown"
        return d.execute_script("""
            return [...document.querySelectorAll('form.search .search-results li a')]
                .find(a => a.textContent === arguments[0]) || null;
        """, name)
    return wait(driver, found, lambda: f"no result {name!r} among the first {MAX_RESULTS}: {results(driver)}")


def search_box(driver):
    form = driver.find_element("css selector", "form.search")
    wait(driver, lambda d: form.is_displayed(), "the search form stays hidden with JavaScript on")
    return form.find_element("css selector", "input")


def type_query(box, text):
    box.send_keys(Keys.ESCAPE)          # empties the box and the results
    box.send_keys(text)


def test_a_person_on_a_later_page_is_found_and_opened(site, later_names):
    name = later_names[0]
    driver = browser()
    try:
        driver.get((site / "people" / "index.html").as_uri())
        box = search_box(driver)
        assert index_scripts(driver) == 0, "the search index was loaded before the box was used"
        assert driver.execute_script("return document.querySelectorAll('script[src*=\"people-search\"]').length") == 0
        box.click()
        wait(driver, lambda d: index_scripts(d) == 1, "using the box did not load the search index")
        box.send_keys(name)
        link = result_named(driver, name)
        assert results(driver)["status"] != ""
        list_page = driver.current_url
        link.click()
        wait(driver, lambda d: d.current_url != list_page and name in d.find_element("css selector", "h1").text,
             f"the result did not open {name!r}'s page")
    finally:
        driver.quit()


def test_case_diacritics_and_scripts_do_not_matter(site, later_names):
    with_marks = next((n for n in later_names if any(latin_with_marks(c) for c in n)), None)
    cyrillic = next((n for n in later_names if re.search("[\u0400-\u04ff]", n)), None)
    queries = [(later_names[0], fold(later_names[0]))]
    if with_marks:
        queries.append((with_marks, fold(with_marks)))
    if cyrillic:
        queries.append((cyrillic, cyrillic.lower()))
    assert len(queries) == 3, f"page 7 has no Latin name with diacritics or none in Cyrillic: {later_names}"
    driver = browser()
    try:
        driver.get((site / "people" / "index.html").as_uri())
        box = search_box(driver)
        for name, query in queries:
            type_query(box, query)
            result_named(driver, name)
        box.send_keys(Keys.ESCAPE)
        assert box.get_attribute("value") == ""
        assert results(driver) == {"status": "", "names": []}
    finally:
        driver.quit()


def test_a_cyrillic_name_is_found_by_the_latin_spelling_of_its_address(site):
    driver = browser(javascript=False)
    try:
        driver.get((site / "people" / "7" / "index.html").as_uri())
        people = [(link.text, link.get_attribute("href")) for link in driver.find_elements("css selector", ".person-name")]
    finally:
        driver.quit()
    cyrillic = next(((name, href) for name, href in people if re.search("[\u0400-\u04ff]", name)), None)
    assert cyrillic, f"page 7 has no name in Cyrillic: {people}"
    name, href = cyrillic
    # people/taras-shevchenko/index.html → "taras shevchenko" (a -2 of a second namesake aside)
    slug = href.rstrip("/").split("/")[-2]
    query = " ".join(part for part in slug.split("-") if not part.isdigit())
    driver = browser()
    try:
        driver.get((site / "people" / "index.html").as_uri())
        type_query(search_box(driver), query)
        result_named(driver, name)
    finally:
        driver.quit()


def test_more_results_than_are_shown_can_all_be_shown(site):
    driver = browser()
    try:
        driver.get((site / "people" / "index.html").as_uri())
        box = search_box(driver)
        box.send_keys("a")
        wait(driver, lambda d: len(results(d)["names"]) == MAX_RESULTS, lambda: f"not {MAX_RESULTS} results: {results(driver)}")
        button = driver.find_element("css selector", "form.search button.search-all")
        assert button.is_displayed()
        count = int(re.search(r"\d[\d,]*", button.text).group(0).replace(",", ""))
        assert count > MAX_RESULTS, button.text
        assert results(driver)["status"] == f"{MAX_RESULTS} of {count:,} shown"
        button.click()
        wait(driver, lambda d: len(results(d)["names"]) == count, lambda: f"not all {count} shown: {len(results(driver)['names'])}")
        assert results(driver)["status"] == f"{count:,} found"
        assert not button.is_displayed()
        # A new query shows at most the first 50 again.
        box.send_keys("n")
        wait(driver, lambda d: len(results(d)["names"]) <= MAX_RESULTS, "a new query kept every result")
    finally:
        driver.quit()


def test_enter_opens_the_first_result(site, later_names):
    name = later_names[0]
    driver = browser()
    try:
        driver.get((site / "people" / "index.html").as_uri())
        box = search_box(driver)
        list_page = driver.current_url
        box.send_keys(name)
        result_named(driver, name)
        first = driver.find_element("css selector", "form.search .search-results a").get_attribute("href")
        box.send_keys(Keys.ENTER)
        wait(driver, lambda d: d.current_url == first, f"Enter did not open the first result ({first})")
        assert driver.current_url != list_page
    finally:
        driver.quit()


def test_the_german_list_finds_a_person(site, later_names):
    name = later_names[0]
    driver = browser()
    try:
        driver.get((site / "de" / "people" / "index.html").as_uri())
        box = search_box(driver)
        box.send_keys(fold(name))
        result_named(driver, name)
        assert results(driver)["status"] != ""
    finally:
        driver.quit()


def test_the_results_fit_on_a_phone(site, later_names):
    driver = browser(width=390, height=844)
    try:
        driver.get((site / "people" / "index.html").as_uri())
        box = search_box(driver)
        box.send_keys(later_names[0])
        result_named(driver, later_names[0])
        overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"with results shown, the people list is {overflow}px wider than a phone screen"
    finally:
        driver.quit()


@pytest.mark.parametrize("page", ["people/index.html", "scenarios/index.html", "de/people/index.html"])
def test_without_javascript_there_is_no_search_box(site, page):
    driver = browser(javascript=False)
    try:
        driver.get((site / page).as_uri())
        form = driver.find_element("css selector", "form.search")
        assert not form.is_displayed(), f"{page} shows a search box that cannot work without JavaScript"
    finally:
        driver.quit()


def test_a_timeline_is_found_by_part_of_its_name(site):
    driver = browser()
    try:
        driver.get((site / "scenarios" / "index.html").as_uri())
        names = [link.text for link in driver.find_elements("css selector", ".scenario-list h2 a")]
        assert names, "the timeline list is empty"
        name = names[-1]
        words = [word for word in re.split(r"[\W_]+", name) if word]
        part = words[-1][:3]                # the start of its last word, e.g. "2" of "Scenario 2"
        box = search_box(driver)
        assert index_scripts(driver) == 0, "the timeline index was loaded before the box was used"
        box.click()
        box.send_keys(part)
        link = result_named(driver, name)
        list_page = driver.current_url
        link.click()
        wait(driver, lambda d: d.current_url != list_page and name in d.find_element("css selector", "h1").text,
             f"the result did not open the timeline {name!r}")
    finally:
        driver.quit()


class Links(__import__("html.parser").parser.HTMLParser):
    """The href of every <a> of a page."""

    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag == "a" and dict(attrs).get("href"):
            self.hrefs.append(dict(attrs)["href"])


def links_of(page):
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return [(page.parent / href.split("#")[0]).resolve() for href in parser.hrefs
            if href.split("#")[0].endswith(".html") and not href.startswith(("http:", "https:"))]


@pytest.mark.parametrize("language", ["", "de/"])
def test_without_javascript_the_month_and_name_pages_reach_everyone(site, language):
    """From the people list, following only links of the month and letter pages (what a reader
    without JavaScript has besides the list itself), every person's page is reached, on one
    month page and one letter page each."""
    people = (site / language / "people").resolve()
    everyone = {p.parent for p in people.glob("*/index.html")
                if not p.parent.name.isdigit() and p.parent.name not in ("by-month", "by-name")}
    assert len(everyone) == 10000
    for index in ("by-month", "by-name"):
        start = people / "index.html"
        queue = [link for link in links_of(start) if (people / index) in link.parents]
        assert queue, f"{start} links no {index} page"
        seen, reached = set(), []
        while queue:
            page = queue.pop()
            if page in seen:
                continue
            seen.add(page)
            for link in links_of(page):
                if (people / index) in link.parents:
                    queue.append(link)                       # another month or letter, or page 2
                elif link.parent in everyone and page.parent.parent.name != "people":
                    reached.append(link.parent)
        assert set(reached) == everyone, f"{index}: {len(everyone - set(reached))} people not reached"
        # Each person on one page of the index, once.
        assert len(reached) == len(everyone), f"{index}: {len(reached) - len(everyone)} people listed twice"


def test_month_and_letter_pages_read_well_without_javascript(site):
    driver = browser(javascript=False, width=390, height=844)
    try:
        driver.get((site / "people" / "by-month" / "03" / "index.html").as_uri())
        assert "March" in driver.find_element("css selector", "h1").text
        assert len(driver.find_elements("css selector", ".index-list a")) > 100
        assert driver.find_element("css selector", ".year-overview a[aria-current='page']").is_displayed()
        driver.get((site / "de" / "people" / "by-name" / "s" / "index.html").as_uri())
        assert driver.find_element("css selector", "h1").text.endswith(": S")
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        driver.quit()

"""Inputs in a real browser (Debian's chromium, driven by selenium): a reader's choice swaps in
place exactly the blocks and the text whose query reads the input, to the numbers Python sums
here from the rows this test wrote; the address, the title, back and forward and `?continent=` follow;
the focus stays; without JavaScript the input's links reach every answer; and an answer
that cannot be fetched is opened instead, in its place in the history.

The site: nine countries on three continents with a population in three years; a page with
a continent input (a drop-down, with an option of everything), a year input (buttons, 2007 by
default), a key figure, a table and a sentence of the text that read both, and a key figure
that reads neither.
"""
import textwrap
import urllib.parse

import pytest
from selenium.webdriver.support.ui import Select

from testkit import address, browser, build, emulate, serve, wait

COUNTRIES = [
    ("Kenya", "Africa", [6, 14, 37]), ("Ghana", "Africa", [5, 10, 23]), ("Mali", "Africa", [4, 6, 12]),
    ("Japan", "Asia", [86, 113, 127]), ("Nepal", "Asia", [9, 14, 28]), ("Laos", "Asia", [2, 3, 6]),
    ("France", "Europe", [42, 53, 61]), ("Norway", "Europe", [3, 4, 5]), ("Ireland", "Europe", [3, 3, 4]),
]
YEARS = [1952, 1977, 2007]
CONTINENTS = [None, "Africa", "Asia", "Europe"]

PAGE = """\
---
title: Gapminder
---
```ttsite query continents
SELECT DISTINCT continent FROM gap ORDER BY continent
```

```ttsite input name=continent data=continents label="Continent" all="All continents" kind=select
```

```ttsite input name=year options=1952,1977,2007 label="Year" default=2007
```

```ttsite query people
SELECT sum(pop) AS pop FROM gap WHERE year = :year AND (:continent IS NULL OR continent = :continent)
```

```ttsite value data=people column=pop label="million people"
```

```ttsite query countries
SELECT country, pop FROM gap WHERE year = :year AND (:continent IS NULL OR continent = :continent) ORDER BY pop DESC, country
```

```ttsite table data=countries
```

```ttsite query top
SELECT country FROM gap WHERE year = :year AND (:continent IS NULL OR continent = :continent) ORDER BY pop DESC LIMIT 1
```

The most people live in {{#data.top}}**{{country}}**{{/data.top}}.

```ttsite query big
SELECT country FROM gap WHERE year = :year AND (:continent IS NULL OR continent = :continent) AND pop > 100 ORDER BY country
```

{{#data.big}}
- **{{country}}** has more than 100 million people
{{/data.big}}

```ttsite query everyone
SELECT count(DISTINCT country) AS countries FROM gap
```

```ttsite value data=everyone column=countries label="countries in all"
```
"""


def people(continent, year):
    """The oracle: the population of `continent` (every one for None) in `year`."""
    column = YEARS.index(year)
    return sum(pops[column] for _, land, pops in COUNTRIES if continent in (None, land))


def big(continent, year):
    """The oracle of the list in the text: the countries over 100 million, by name."""
    column = YEARS.index(year)
    return sorted(country for country, land, pops in COUNTRIES if continent in (None, land) and pops[column] > 100)


def ranking(continent, year):
    column = YEARS.index(year)
    rows = [(country, pops[column]) for country, land, pops in COUNTRIES if continent in (None, land)]
    return [country for country, pop in sorted(rows, key=lambda row: (-row[1], row[0]))]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "ttsite.yml").write_text(textwrap.dedent("""\
        title: Inputs
        data:
          gap: { file: data/gap.csv }
        """), encoding="utf-8")
    (folder / "data").mkdir()
    lines = ["country,continent,year,pop"] + [
        f"{country},{land},{year},{pop}" for country, land, pops in COUNTRIES for year, pop in zip(YEARS, pops)]
    (folder / "data" / "gap.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "Content").mkdir()
    (folder / "Content" / "index.md").write_text("# Inputs\n", encoding="utf-8")
    (folder / "Content" / "gapminder.md").write_text(PAGE, encoding="utf-8")
    output = folder / "out"
    build(folder, output)
    server = serve(output)
    yield output, address(server)
    server.shutdown()


@pytest.fixture
def driver():
    driver = browser()
    # The key figures count up unless motion is reduced: the checks read their last numbers.
    emulate(driver, "light", reduced_motion=True)
    yield driver
    driver.quit()


STATE = """
    const figures = [...document.querySelectorAll('.value-block .big-number')].map(e => e.textContent.trim());
    return {
      figures: figures,
      countries: [...document.querySelectorAll('.data-table tbody tr')].map(r => r.cells[0].textContent.trim()),
      largest: (document.querySelector('article p strong') || {}).textContent,
      big: [...document.querySelectorAll('li strong')].filter(e => !e.closest('nav')).map(e => e.textContent),
      path: location.pathname, title: document.title, h1: document.querySelector('h1').textContent,
      focus: document.activeElement.tagName === 'A' ? document.activeElement.textContent : document.activeElement.tagName,
      same: window.marker === document.querySelectorAll('.value-block')[1],
      busy: document.querySelectorAll('[aria-busy]').length,
      status: (document.querySelector('[aria-live]') || {}).textContent,
      select: (document.querySelector('nav[data-input="continent"] select') || {}).value,
      current: [...document.querySelectorAll('nav.input-block a[aria-current]')].map(a => a.textContent),
      sortable: document.querySelectorAll('.data-table th button').length,
    };
"""


def state(driver):
    return driver.execute_script(STATE)


def shows(driver, continent, year):
    """Waits until the page shows the answer for `continent` and `year`, and returns its state."""
    expected = [str(people(continent, year)), "9"]
    return wait(driver, lambda d: (lambda s: s if s["figures"] == expected and not s["busy"] else False)(state(d)),
                lambda: f"the page never showed {expected} for {continent}, {year}: {state(driver)}")


def open_page(driver, base, query=""):
    driver.get(f"{base}/gapminder/index.html{query}")
    wait(driver, lambda d: d.execute_script("return !!document.querySelector('nav[data-input] select')"),
         "the inputs' script did not draw the drop-down")
    # The block that reads no input: the same element, untouched, after every choice.
    driver.execute_script("window.marker = document.querySelectorAll('.value-block')[1];")


def test_a_choice_swaps_exactly_the_blocks_that_read_the_input(site, driver):
    _, base = site
    open_page(driver, base)
    first = shows(driver, None, 2007)
    assert first["current"] == ["All continents", "2007"]
    driver.find_element("css selector", 'nav[data-input="year"] a[data-value="1952"]').click()
    after = shows(driver, None, 1952)
    assert after["path"] == "/gapminder/year/1952/index.html"
    assert after["title"].startswith("Gapminder — 1952") and after["h1"] == "Gapminder — 1952"
    assert after["countries"] == ranking(None, 1952)
    assert after["largest"] == ranking(None, 1952)[0]     # a result in the page's text, through Mustache
    assert first["big"] == big(None, 2007) == ["Japan"] and after["big"] == big(None, 1952) == []   # a list gone
    assert after["same"] and after["figures"][1] == "9"
    assert after["focus"] == "1952"
    assert after["status"] == "Gapminder — 1952"
    assert after["sortable"] == 2          # the swapped table sorts again (table.js)

    Select(driver.find_element("css selector", 'nav[data-input="continent"] select')).select_by_visible_text("Asia")
    asia = shows(driver, "Asia", 1952)
    assert asia["path"] == "/gapminder/continent/asia/year/1952/index.html"
    assert asia["countries"] == ranking("Asia", 1952) and asia["same"] and asia["largest"] == "Japan"
    assert asia["focus"] == "SELECT" and asia["current"] == ["Asia", "1952"]

    # Back to 2007: the list comes back, between the parts that stayed.
    driver.find_element("css selector", 'nav[data-input="year"] a[data-value="2007"]').click()
    again = shows(driver, "Asia", 2007)
    assert again["big"] == big("Asia", 2007) and again["same"] and again["focus"] == "2007"
    assert again["largest"] == ranking("Asia", 2007)[0]


def test_back_and_forward_go_between_answers(site, driver):
    _, base = site
    open_page(driver, base)
    driver.find_element("css selector", 'nav[data-input="year"] a[data-value="1977"]').click()
    shows(driver, None, 1977)
    Select(driver.find_element("css selector", 'nav[data-input="continent"] select')).select_by_visible_text("Europe")
    shows(driver, "Europe", 1977)
    driver.back()
    assert shows(driver, None, 1977)["select"].endswith("/gapminder/year/1977/index.html")
    driver.back()
    assert shows(driver, None, 2007)["path"] == "/gapminder/index.html"
    driver.forward()
    assert shows(driver, None, 1977)["same"]


@pytest.mark.parametrize("query, continent, year, path", [
    ("?continent=Asia", "Asia", 2007, "/gapminder/continent/asia/index.html"),
    ("?continent=europe&year=1977", "Europe", 1977, "/gapminder/continent/europe/year/1977/index.html"),
    ("?continent=Atlantis", None, 2007, "/gapminder/index.html"),
])
def test_an_answer_is_opened_from_the_address(site, driver, query, continent, year, path):
    _, base = site
    open_page(driver, base, query)
    shown = shows(driver, continent, year)
    assert shown["path"] == path


def test_without_javascript_the_links_reach_every_answer(site):
    _, base = site
    driver = browser(javascript=False)
    try:
        seen, queue = {}, [f"{base}/gapminder/index.html"]
        while queue:
            url = queue.pop()
            if url in seen:
                continue
            driver.get(url)
            now = state(driver)
            seen[url] = (now["current"], now["figures"][0])
            queue += [link.get_attribute("href")
                      for link in driver.find_elements("css selector", "nav.input-block a")]
        answers = {tuple(current): figure for current, figure in seen.values()}
        expected = {(continent or "All continents", str(year)): str(people(continent, year))
                    for continent in CONTINENTS for year in YEARS}
        assert answers == expected
        assert len(seen) == 12 and all(urllib.parse.urlparse(url).path.endswith("index.html") for url in seen)
    finally:
        driver.quit()


def test_an_answer_that_cannot_be_fetched_is_opened_in_its_place_in_the_history(site, tmp_path):
    """Where an answer's page cannot be fetched (a page opened from a file; here a copy of the
    site without Asia's pages), the answer's page is opened instead: a choice adds it to the
    history, an answer the address names takes the address's place."""
    import shutil

    output, _ = site
    copy = tmp_path / "copy"
    shutil.copytree(output, copy)
    shutil.rmtree(copy / "gapminder" / "continent" / "asia")
    server = serve(copy)
    driver = browser()
    try:
        base = address(server)
        driver.get(f"{base}/index.html")
        start = driver.execute_script("return history.length")
        driver.get(f"{base}/gapminder/index.html?continent=Asia")
        wait(driver, lambda d: d.execute_script("return location.pathname") == "/gapminder/continent/asia/index.html",
             lambda: f"the answer's page was not opened: {driver.current_url}")
        assert driver.execute_script("return history.length") == start + 1   # the page the address named, replaced
        driver.get(f"{base}/gapminder/index.html")
        wait(driver, lambda d: d.execute_script("return !!document.querySelector('nav[data-input] select')"),
             "the inputs' script did not draw the drop-down")
        before = driver.execute_script("return history.length")
        Select(driver.find_element("css selector", 'nav[data-input="continent"] select')).select_by_visible_text("Asia")
        wait(driver, lambda d: d.execute_script("return location.pathname") == "/gapminder/continent/asia/index.html",
             lambda: f"the answer's page was not opened: {driver.current_url}")
        assert driver.execute_script("return history.length") == before + 1
    finally:
        driver.quit()
        server.shutdown()

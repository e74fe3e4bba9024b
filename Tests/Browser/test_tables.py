"""Tables of query results in a real browser (Debian's chromium, driven by selenium): the table
script's sorting and filter, on a small site of its own written here, in English and Polish.

The site has a page with a table of 25 Polish towns — a text column whose order differs
between the two languages' collations, whole numbers, decimals with NULLs and negatives, dates
with a NULL, texts with a NULL — and one of 10 rows, too short for a filter; and a page with a
table of 40 rows split into pages of 30. Each check reads what the reader sees: the cells' text
in the order shown, `aria-sort`, whether a row is displayed, and where things are on the screen
before and after the script ran.
"""
import textwrap

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from testkit import browser, build, emulate, wait


# city, rank, founded, change (%), note. An empty field is NULL.
TOWNS = [
    ("Łódź", 4, "1423-07-29", "-3.5", "textile mills"),
    ("Lublin", 9, "1317-08-15", "0.25", ""),
    ("Łomża", 21, "1418-01-13", "", "on the Narew"),
    ("Ostrołęka", 25, "1373-01-01", "1.5", "on the Narew"),
    ("Ząbki", 24, "1967-01-01", "12", "grew fastest"),
    ("Zabrze", 13, "1922-01-01", "-12", "coal mines"),
    ("Ścinawa", 23, "1292-01-01", "", ""),
    ("Szczecin", 7, "1243-04-03", "-0.5", "sea port"),
    ("Ćmielów", 22, "", "2", "porcelain"),
    ("Cieszyn", 19, "1217-01-01", "-1", "border town"),
    ("Żary", 17, "1329-01-01", "", "Żary Park"),
    ("Zielona Góra", 15, "1323-01-01", "10", "wine"),
    ("Kraków", 2, "1257-06-05", "3", "royal capital"),
    ("Gdańsk", 6, "1263-01-01", "1", "sea port"),
    ("Poznań", 5, "1253-04-15", "-2", ""),
    ("Wrocław", 3, "1242-01-01", "4.75", "bridges"),
    ("Toruń", 11, "1233-12-28", "-0.75", "gingerbread"),
    ("Olsztyn", 12, "1353-10-31", "0", ""),
    ("Białystok", 10, "1692-01-01", "100", "Esperanto"),
    ("Bydgoszcz", 8, "1346-04-19", "-100", ""),
    ("Świdnica", 20, "1267-01-01", "", "Church of Peace"),
    ("Sopot", 18, "1901-10-08", "9", "sea port, pier"),
    ("Elbląg", 16, "1246-04-10", "-9", ""),
    ("Chełm", 14, "1392-01-01", "0.5", ""),
    ("Częstochowa", 1, "1377-01-01", "-0.25", "Jasna Góra"),
]

# The order of the city column under each language's collation (CLDR): in Polish, ą ć ł ó ś ż
# are letters of their own after a c l o s z; in English they are those letters with a mark,
# told apart from them only where the rest of the words are equal.
POLISH_ORDER = ["Białystok", "Bydgoszcz", "Chełm", "Cieszyn", "Częstochowa", "Ćmielów", "Elbląg", "Gdańsk", "Kraków",
                "Lublin", "Łomża", "Łódź", "Olsztyn", "Ostrołęka", "Poznań", "Sopot", "Szczecin", "Ścinawa", "Świdnica",
                "Toruń", "Wrocław", "Zabrze", "Ząbki", "Zielona Góra", "Żary"]
ENGLISH_ORDER = ["Białystok", "Bydgoszcz", "Chełm", "Cieszyn", "Ćmielów", "Częstochowa", "Elbląg", "Gdańsk", "Kraków",
                 "Łódź", "Łomża", "Lublin", "Olsztyn", "Ostrołęka", "Poznań", "Ścinawa", "Sopot", "Świdnica", "Szczecin",
                 "Toruń", "Wrocław", "Ząbki", "Zabrze", "Żary", "Zielona Góra"]

TABLE = ("```ttsite table data=towns columns=city,rank,founded,change,note format.founded=date "
         "label.city={city} label.rank={rank} label.founded={founded} label.change={change} label.note={note}\n```")
PAGES = {
    "index.md": ("Towns", dict(city="City", rank="Rank", founded="Founded", change='"Change (%)"', note="Note")),
    "index.pl.md": ("Miasta", dict(city="Miasto", rank="Miejsce", founded="Założone", change='"Zmiana (%)"', note="Uwagi")),
}
QUERIES = """\
```ttsite query towns
SELECT city, rank, founded, change, note FROM towns ORDER BY rowid
```

```ttsite query top
SELECT city, rank FROM towns ORDER BY rank LIMIT 10
```
"""

# A table longer than a page (`queries.table_page_size` is 30 here).
LONG = """\
---
title: Numbers
---
```ttsite query numbers
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40) SELECT i AS number FROM n
```

```ttsite table data=numbers
```
"""

CITY, RANK, FOUNDED, CHANGE, NOTE = range(5)
NULL = "\u2013"   # how a NULL is written (LanguagePack.nullText)


def csv_field(value):
    text = str(value)
    return f'"{text}"' if "," in text else text


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tables")
    (folder / "ttsite.yml").write_text(textwrap.dedent("""\
        title: Towns
        languages: [en, pl]
        time_zone: Europe/Warsaw
        queries: { table_page_size: 30 }
        data:
          towns: { file: data/towns.csv }
        """), encoding="utf-8")
    (folder / "data").mkdir()
    lines = ["city,rank,founded,change,note"] + [",".join(csv_field(v) for v in row) for row in TOWNS]
    (folder / "data" / "towns.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "Content" / "towns").mkdir(parents=True)
    for name, (title, labels) in PAGES.items():
        (folder / "Content" / "towns" / name).write_text(
            f"---\ntitle: {title}\n---\n{QUERIES}\n{TABLE.format(**labels)}\n\n"
            f"```ttsite table data=top\n```\n", encoding="utf-8")
    (folder / "Content" / "numbers.md").write_text(LONG, encoding="utf-8")
    output = folder / "out"
    build(folder, output)
    return output


def page(site, language="en"):
    return (site / ("" if language == "en" else language) / "towns" / "index.html").as_uri()


def ready(driver):
    """Waits for the table script: sort buttons in the headers and the filter shown."""
    wait(driver, lambda d: d.execute_script("""
        return document.querySelectorAll('.data-table th button').length > 0
            && document.querySelector('.table-tools.ready') !== null"""), "the table script did not run")


def column(driver, index, table=0):
    """The text of each displayed row's cell in the column, top to bottom."""
    return driver.execute_script("""
        const body = document.querySelectorAll('.data-table tbody')[arguments[1]];
        return [...body.rows].filter(r => r.getClientRects().length > 0).map(r => r.cells[arguments[0]].textContent.trim());
    """, index, table)


def sort_keys(driver, index):
    """The `data-sort` of each displayed row's cell in the column ("" for an empty cell)."""
    return driver.execute_script("""
        const body = document.querySelector('.data-table tbody');
        return [...body.rows].filter(r => r.getClientRects().length > 0).map(r => r.cells[arguments[0]].getAttribute('data-sort'));
    """, index)


def headers(driver):
    """The header cells of the first table."""
    return driver.find_element("css selector", ".data-table").find_elements("css selector", "thead th")


def header(driver, index):
    return headers(driver)[index]


def sort_by(driver, index):
    header(driver, index).find_element("css selector", "button").click()
    return header(driver, index).get_attribute("aria-sort")


def numbers(texts):
    """Numbers as the English page writes them (1,234.5; an en dash for NULL) → floats, NULL → None."""
    return [None if t == NULL else float(t.replace(",", "").replace("\u2212", "-")) for t in texts]


@pytest.fixture
def driver():
    driver = browser()
    yield driver
    driver.quit()


def test_a_numeric_column_sorts_by_value_up_then_down(site, driver):
    driver.get(page(site))
    ready(driver)
    assert header(driver, RANK).get_attribute("aria-sort") is None
    assert sort_by(driver, RANK) == "ascending"
    assert numbers(column(driver, RANK)) == list(range(1, 26))      # 10 after 9, not after 1
    assert sort_by(driver, RANK) == "descending"
    assert numbers(column(driver, RANK)) == list(range(25, 0, -1))
    # One header at a time says how the table is sorted.
    assert [th.get_attribute("aria-sort") for th in headers(driver)] \
        == [None, "descending", None, None, None]


def test_decimals_with_negatives_sort_by_value_and_empty_cells_stay_last(site, driver):
    changes = [float(row[CHANGE]) for row in TOWNS if row[CHANGE]]
    empty = sum(1 for row in TOWNS if not row[CHANGE])
    driver.get(page(site))
    ready(driver)
    sort_by(driver, CHANGE)
    assert numbers(column(driver, CHANGE)) == sorted(changes) + [None] * empty
    sort_by(driver, CHANGE)
    assert numbers(column(driver, CHANGE)) == sorted(changes, reverse=True) + [None] * empty


def test_a_date_column_sorts_by_date(site, driver):
    dates = sorted(row[FOUNDED] for row in TOWNS if row[FOUNDED])
    driver.get(page(site))
    ready(driver)
    assert sort_by(driver, FOUNDED) == "ascending"
    assert sort_keys(driver, FOUNDED) == dates + [""]
    shown = column(driver, FOUNDED)
    assert shown[-1] == NULL
    assert shown[:-1] != sorted(shown[:-1]), "the dates as written sort the same as the dates: the check proves nothing"
    assert sort_by(driver, FOUNDED) == "descending"
    assert sort_keys(driver, FOUNDED) == dates[::-1] + [""]


@pytest.mark.parametrize("language,order", [("en", ENGLISH_ORDER), ("pl", POLISH_ORDER)])
def test_a_text_column_sorts_by_the_page_languages_collation(site, driver, language, order):
    driver.get(page(site, language))
    ready(driver)
    assert driver.execute_script("return document.documentElement.lang") == language
    assert sort_by(driver, CITY) == "ascending"
    assert column(driver, CITY) == order
    assert sort_by(driver, CITY) == "descending"
    assert column(driver, CITY) == order[::-1]


def test_empty_texts_stay_last(site, driver):
    notes = [row[NOTE] for row in TOWNS]
    driver.get(page(site))
    ready(driver)
    sort_by(driver, NOTE)
    shown = column(driver, NOTE)
    filled = sum(1 for n in notes if n)
    assert sorted(shown[:filled]) == sorted(n for n in notes if n) and shown[filled:] == [NULL] * (len(notes) - filled)
    sort_by(driver, NOTE)
    assert column(driver, NOTE)[filled:] == [NULL] * (len(notes) - filled)


def test_the_filter_hides_rows_that_do_not_match_and_shows_them_again(site, driver):
    driver.get(page(site))
    ready(driver)
    box = driver.find_element("css selector", ".table-tools input")
    assert box.is_displayed()
    everyone = column(driver, CITY)
    assert len(everyone) == len(TOWNS)
    box.send_keys("sea port")                                   # every word, anywhere in the row
    wait(driver, lambda d: len(column(d, CITY)) < len(TOWNS), "typing in the filter hid no row")
    assert sorted(column(driver, CITY)) == ["Gdańsk", "Sopot", "Szczecin"]
    box.clear()
    box.send_keys("ZABKI")                                      # case and diacritics do not matter
    wait(driver, lambda d: column(d, CITY) == ["Ząbki"], lambda: f"ZABKI shows {column(driver, CITY)}")
    box.clear()
    box.send_keys("lodz")                                       # ł, which does not decompose
    wait(driver, lambda d: column(d, CITY) == ["Łódź"], lambda: f"lodz shows {column(driver, CITY)}")
    # Sorting keeps the filter; emptying the box shows every row again, in the order sorted.
    box.clear()
    box.send_keys("narew")
    wait(driver, lambda d: sorted(column(d, CITY)) == ["Ostrołęka", "Łomża"], lambda: f"narew shows {column(driver, CITY)}")
    sort_by(driver, RANK)
    assert column(driver, CITY) == ["Łomża", "Ostrołęka"]
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    wait(driver, lambda d: len(column(d, CITY)) == len(TOWNS), lambda: f"an empty filter shows {len(column(driver, CITY))} rows")
    assert numbers(column(driver, RANK)) == list(range(1, 26))


def test_a_short_table_has_no_filter_but_sorts(site, driver):
    driver.get(page(site))
    ready(driver)
    short = driver.find_elements("css selector", ".data-table")[1]
    assert short.find_elements("css selector", ".table-tools") == []
    assert len(short.find_elements("css selector", "tbody tr")) == 10
    short.find_elements("css selector", "th button")[1].click()
    short.find_elements("css selector", "th button")[1].click()
    assert numbers(column(driver, 1, table=1)) == list(range(10, 0, -1))


def test_the_sort_buttons_are_reached_with_tab_and_sort_with_enter(site, driver):
    driver.get(page(site))
    ready(driver)
    keys = ActionChains(driver)
    reached = []
    for _ in range(40):
        keys.send_keys(Keys.TAB).perform()
        focused = driver.switch_to.active_element
        if focused.tag_name == "button" and driver.execute_script("return arguments[0].closest('th') !== null", focused):
            reached.append(focused.text)
            if len(reached) == 2:
                break
    assert reached[:2] == ["City", "Rank"], f"Tab reached the sort buttons {reached}"
    focused.send_keys(Keys.ENTER)
    assert header(driver, RANK).get_attribute("aria-sort") == "ascending"
    assert numbers(column(driver, RANK)) == list(range(1, 26))
    focused.send_keys(Keys.ENTER)
    assert header(driver, RANK).get_attribute("aria-sort") == "descending"
    # The focus stays on the button, and its outline shows.
    assert driver.switch_to.active_element == focused
    assert driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", focused) != "none"


BOXES = """
    const box = e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(v => Math.round(v * 100) / 100); };
    const figure = document.querySelector('.data-table');
    return {figure: box(figure), table: box(figure.querySelector('table')), tools: box(figure.querySelector('.table-tools')),
            input: box(figure.querySelector('.table-tools input')),
            headers: [...figure.querySelectorAll('th')].map(box),
            rows: [...figure.querySelectorAll('tbody tr')].map(box),
            next: box(document.querySelectorAll('.data-table')[1])};
"""


# The layout shifts Chromium counts while the table script runs on a page that had settled
# without it (the script was held back while the page loaded), after pushing the table down
# first when arguments[0] is true. The script is loaded again from the page's own address and
# the count ends two frames after it ran. Counting from the parsed page on instead saw, on a
# loaded machine, the parser's shift: Chromium painted the table before its last rows were laid
# out, and the next frame (after the parser had finished) widened a column — a shift the script
# never caused (seen with Chromium's CPU slowed 30 and 60 times, with or without the script).
LAYOUT_SHIFT = """
    const done = arguments[arguments.length - 1];
    let score = 0;
    document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => {
        new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) score += e.value; })
            .observe({type: 'layout-shift'});
        if (arguments[0]) document.querySelector('.data-table').before(Object.assign(document.createElement('div'), {style: 'height: 80px'}));
        const held = document.querySelector('script[src*="table"]');
        const script = Object.assign(document.createElement('script'), {src: held.src});
        script.onload = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done(score))));
        script.onerror = () => done(-1);
        document.body.append(script);
    })));
"""


def settled_without_the_table_script(driver, url):
    """Loads `url` with the table script held back (Chromium is told not to fetch it), then
    lets it be fetched again: LAYOUT_SHIFT runs it on the settled page."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/table*.js"]})
    driver.get(url)
    assert driver.find_elements("css selector", ".data-table th button") == [], "the held-back table script ran"
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})


@pytest.mark.parametrize("width", [390, 1280])
def test_nothing_moves_when_the_script_runs(site, width):
    """The table, its headers, rows and filter box are where they were without JavaScript, and
    Chromium's Layout Instability API saw no shift while the script ran."""
    still = browser(javascript=False, width=width)
    try:
        still.get(page(site))
        before = still.execute_script(BOXES)
        assert still.find_elements("css selector", ".data-table th button") == []
    finally:
        still.quit()
    driver = browser(width=width)
    try:
        settled_without_the_table_script(driver, page(site))
        shift = driver.execute_async_script(LAYOUT_SHIFT, False)
        ready(driver)
        after = driver.execute_script(BOXES)
        # The same count sees a shift planted above the table: a count of 0 above is no blind spot.
        settled_without_the_table_script(driver, page(site))
        planted = driver.execute_async_script(LAYOUT_SHIFT, True)
        ready(driver)
        driver.get(page(site))
        ready(driver)
        # Sorting does not widen or heighten a header either (its arrow has its room kept).
        sizes = [box[2:] for box in driver.execute_script(BOXES)["headers"]]
        sort_by(driver, RANK)
        sorted_sizes = [box[2:] for box in driver.execute_script(BOXES)["headers"]]
    finally:
        driver.quit()
    for part in before:
        assert after[part] == before[part], f"{part} moved when the table script ran: {before[part]} → {after[part]}"
    assert shift == 0
    assert planted > 0, "the Layout Instability API saw no planted shift"
    assert sorted_sizes == sizes, "sorting changed the headers' size"


@pytest.mark.parametrize("width", [390, 1280])
def test_without_javascript_the_table_is_whole(site, width):
    driver = browser(javascript=False, width=width)
    try:
        driver.get(page(site))
        rows = driver.find_elements("css selector", ".data-table tbody tr")
        assert len(rows) == len(TOWNS) + 10
        first = driver.find_element("css selector", ".data-table tbody")
        assert column(driver, CITY) == [row[CITY] for row in TOWNS]             # every row, in the data's order, shown
        assert numbers(column(driver, RANK)) == [row[RANK] for row in TOWNS]
        assert first.is_displayed()
        assert not driver.find_element("css selector", ".table-tools").is_displayed(), "a filter that cannot work is shown"
        overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than the window"
    finally:
        driver.quit()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_sticky_header_covers_the_rows_it_scrolls_over(site, scheme):
    """Scrolled in its box, the table's header stays on top, opaque: the point in the middle
    of a header is the header, not a row showing through."""
    driver = browser(width=390, height=600)
    try:
        emulate(driver, scheme)
        driver.get(page(site))
        ready(driver)
        hit = driver.execute_script("""
            const scroll = document.querySelector('.data-table .table-scroll');
            scroll.scrollTop = scroll.scrollHeight / 2;
            const th = scroll.querySelector('th');
            const r = th.getBoundingClientRect(), box = scroll.getBoundingClientRect();
            const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return {stuck: Math.round(r.top) === Math.round(box.top + scroll.clientTop), header: th.contains(at),
                    background: getComputedStyle(th).backgroundColor};""")
        assert hit["stuck"], "the header scrolled away with the rows"
        assert hit["header"]
        assert not hit["background"].startswith("rgba") or hit["background"].endswith(", 1)"), hit["background"]
    finally:
        driver.quit()


def test_a_table_split_into_pages_is_neither_sorted_nor_filtered(site, driver):
    """Sorting or filtering the 30 rows of the first page would pass for the order of all 40."""
    for path, count in [("numbers/index.html", 30), ("numbers/2/index.html", 10)]:
        driver.get((site / path).as_uri())
        wait(driver, lambda d: d.execute_script("return document.readyState") == "complete", f"{path} did not load")
        assert len(driver.find_elements("css selector", ".data-table tbody tr")) == count
        assert driver.find_elements("css selector", ".data-table th button") == []
        assert driver.find_elements("css selector", ".table-tools") == []
        assert driver.find_element("css selector", ".data-table nav.pagination").is_displayed()

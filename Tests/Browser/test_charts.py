"""Charts in a real browser (Debian's chromium, driven by selenium), on the example site's page
with every kind of chart: tick labels never overlap and stay readable at 320, 768 and 1280 px
wide, nor do the texts on the marks (rules' and bands' labels, lines' names at their ends, bars'
values, points' names), in light and dark, the right frame shows (the narrow one on a phone), the series take the scheme's colours,
nothing needs JavaScript, and a report printed to PDF on A4 and Letter keeps each chart whole
on one page and in its proportions (poppler's pdftotext reads the printed pages).
"""
import base64
import subprocess

import pytest

from testkit import browser, emulate

WIDTHS = [320, 768, 1280]

# Every text of the visible charts, per axis, with its box on the screen.
LABELS = """
const charts = [...document.querySelectorAll('svg.chart')].filter(svg => getComputedStyle(svg).display !== 'none');
return charts.map(svg => ({
  id: svg.id || svg.getAttribute('aria-labelledby'),
  frame: svg.classList.contains('wide') ? 'wide' : 'narrow',
  box: svg.getBoundingClientRect().toJSON(),
  axes: [...svg.querySelectorAll('g.axis')].map(g => [...g.querySelectorAll('text')].map(t => {
    const r = t.getBoundingClientRect(); return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  })),
  titles: [...svg.querySelectorAll('text.axis-title')].map(t => t.getBoundingClientRect().toJSON()),
}));
"""


@pytest.fixture(scope="module")
def page(example_site):
    return (example_site / "charts" / "index.html").as_uri()


def overlap(a, b):
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5 and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5


@pytest.mark.parametrize("width", WIDTHS)
def test_tick_labels_never_overlap_and_stay_readable(page, width):
    driver = browser(width=width, height=900)
    try:
        driver.get(page)
        charts = driver.execute_script(LABELS)
        assert len(charts) == 20, [c["id"] for c in charts]          # every kind but the sparkline, seven more, and three panels
        # A phone's column is under 30rem: the narrow frame, whose text stays readable there.
        assert {c["frame"] for c in charts} == {"narrow" if width < 500 else "wide"}
        for chart in charts:
            labels = [label for axis in chart["axes"] for label in axis]
            assert len(labels) >= 4, chart["id"]
            for axis in chart["axes"]:
                for i, a in enumerate(axis):
                    for b in axis[i + 1:]:
                        assert not overlap(a, b), f"{width}px {chart['id']}: {a['text']!r} overlaps {b['text']!r}"
            for label in labels:
                assert label["bottom"] - label["top"] >= 9, f"{width}px {chart['id']}: {label['text']!r} is too small to read"
                # Inside the chart's own box (a label past it would cover the page's text).
                box = chart["box"]
                assert box["left"] - 1 <= label["left"] and label["right"] <= box["right"] + 1, f"{width}px {chart['id']}: {label['text']!r} leaves the chart"
    finally:
        driver.quit()


@pytest.mark.parametrize("scheme,first", [("light", "rgb(0, 114, 178)"), ("dark", "rgb(86, 180, 233)")])
def test_series_take_the_schemes_colours(page, scheme, first):
    driver = browser()
    try:
        emulate(driver, scheme)
        driver.get(page)
        colour = driver.execute_script("return getComputedStyle(document.querySelector('svg.chart.wide g.series.s1')).color")
        assert colour == first
        # The axes' text is the page's text colour.
        text, body = driver.execute_script("""
            return [getComputedStyle(document.querySelector('svg.chart.wide g.axis text')).fill, getComputedStyle(document.body).color]""")
        assert text == body
    finally:
        driver.quit()


def test_charts_show_without_javascript(page):
    driver = browser(javascript=False)
    try:
        driver.get(page)
        sizes = driver.execute_script("""
            return [...document.querySelectorAll('svg.chart.wide, svg.sparkline')].map(s => s.getBoundingClientRect().height)""")
        # Seventeen charts (one in three panels), the sparkline of a line of text and the three
        # of a table's cells.
        assert len(sizes) == 24 and all(size > 15 for size in sizes), sizes
    finally:
        driver.quit()


@pytest.mark.parametrize("paper,size", [("A4", (8.27, 11.69)), ("Letter", (8.5, 11.0))])
def test_a_printed_report_keeps_each_chart_whole_and_in_proportion(page, paper, size, tmp_path):
    driver = browser()
    try:
        driver.get(page)
        printed = driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": size[0], "paperHeight": size[1], "printBackground": False})
        pdf = tmp_path / f"charts-{paper}.pdf"
        pdf.write_bytes(base64.b64decode(printed["data"]))
        # In print, the wide frame, at its viewBox's proportions.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        ratios = driver.execute_script("""
            return [...document.querySelectorAll('svg.chart')].filter(s => getComputedStyle(s).display !== 'none')
              .map(s => { const r = s.getBoundingClientRect(); const v = s.viewBox.baseVal; return [r.width / r.height, v.width / v.height]; })""")
        assert len(ratios) == 20 and all(abs(shown - drawn) < 0.02 for shown, drawn in ratios), ratios
        # Each figure's caption, its first printed line, and the last text of its chart, its
        # last (the data table's toggle is not printed).
        figures = driver.execute_script("""
            return [...document.querySelectorAll('figure.chart-block')].map(f => {
              const svg = [...f.querySelectorAll('svg.chart')].find(s => getComputedStyle(s).display !== 'none');
              const texts = [...svg.querySelectorAll('text')].map(t => t.textContent.trim()).filter(t => t);
              return [f.querySelector('figcaption').textContent, texts[texts.length - 1], getComputedStyle(f.querySelector('details')).display];
            })""")
    finally:
        driver.quit()
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split("\f")
    pages = [" ".join(text.split()) for text in pages]
    assert len([p for p in pages if p]) >= 3, "the charts fill several pages"
    assert len(figures) == 18 and all(shown == "none" for _, _, shown in figures), figures
    captions = [caption for caption, _, _ in figures]
    # A figure's caption and its last line on the same page, before the next figure's caption.
    for caption, last, _ in figures:
        where = [n for n, text in enumerate(pages) if caption in text]
        assert len(where) == 1, f"{paper}: {caption!r} found on pages {where}"
        after = pages[where[0]].split(caption, 1)[1]
        for other in captions:
            after = after.split(other, 1)[0]
        assert last in after, f"{paper}: the chart under {caption!r} runs onto the next page"


# Where the rows' points are along x in a chart's frame (`points`, its g.chart-points), as the
# script reads them: evenly spaced, each, or the wide frame's mapped onto a narrow one.
POSITIONS = """
const read = (g) => g.hasAttribute('data-start')
  ? [...Array(Number(g.getAttribute('data-count'))).keys()].map(i => Number(g.getAttribute('data-start')) + i * Number(g.getAttribute('data-step')))
  : g.getAttribute('data-at').split(' ').map(Number);
let at;
if (points.hasAttribute('data-from')) {
  const wide = document.getElementById(points.getAttribute('data-from') + '-title').closest('svg');
  const [scale, shift] = points.getAttribute('data-map').split(' ').map(Number);
  at = read(wide.querySelector('g.chart-points')).map(x => scale * x + shift);
} else { at = read(points); }
"""

# The script: where the pointer is over the first (line) chart, and where the keys move to.
HOVER = """
const svg = [...document.querySelectorAll('figure.chart-block svg.chart')].filter(s => getComputedStyle(s).display !== 'none')[arguments[0]];
const points = svg.querySelector('g.chart-points');
""" + POSITIONS + """const index = arguments[1];
const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
const across = points.getAttribute('data-axis') === 'y';
const x = across ? box.left + box.width / 2 : box.left + (at[index] - view.x) * box.width / view.width;
const y = across ? box.top + (at[index] - view.y) * box.height / view.height : box.top + box.height / 2;
svg.dispatchEvent(new PointerEvent('pointermove', {clientX: x, clientY: y, bubbles: true}));
const figure = svg.closest('figure');
const row = [...figure.querySelectorAll('.chart-data tbody tr')][index];
const tip = figure.querySelector('.chart-tip');
return {tip: tip.hidden ? null : tip.innerText, row: [...row.cells].map(c => c.textContent), heads: [...figure.querySelectorAll('.chart-data thead th')].map(c => c.textContent)};
"""


def expected_tip(row, heads):
    lines = [row[0]] + [(f"{head}: " if len(heads) > 2 else "") + value for head, value in zip(heads[1:], row[1:])]
    return "\n".join(lines)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_script_shows_the_exact_values_under_the_pointer(page, width):
    driver = browser(width=width, height=900)
    try:
        driver.get(page)
        # The line chart (three series over 60 months), the columns, the bars across.
        for chart, index in [(0, 0), (0, 37), (0, 179 // 3), (2, 3), (4, 1)]:
            shown = driver.execute_script(HOVER, chart, index)
            assert shown["tip"] == expected_tip(shown["row"], shown["heads"]), (chart, index, shown)
    finally:
        driver.quit()


def test_the_keyboard_moves_along_the_points(page):
    from selenium.webdriver.common.keys import Keys
    driver = browser()
    try:
        driver.get(page)
        svg = driver.find_element("css selector", "figure.chart-block svg.chart.wide")
        driver.execute_script("arguments[0].focus()", svg)
        tip = lambda: driver.execute_script("return document.querySelector('figure.chart-block .chart-tip').innerText")
        rows = driver.execute_script("""return [...document.querySelector('figure.chart-block').querySelectorAll('.chart-data tbody tr')]
            .map(r => r.cells[0].textContent)""")
        assert tip().split("\n")[0] == rows[0]
        svg.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        assert tip().split("\n")[0] == rows[2]
        svg.send_keys(Keys.END)
        assert tip().split("\n")[0] == rows[-1]
        svg.send_keys(Keys.ESCAPE)
        assert driver.execute_script("return document.querySelector('figure.chart-block .chart-tip').hidden")
    finally:
        driver.quit()


# Every text a chart writes (its axes' and the texts on its marks), with its box on the screen,
# the halo the marks' texts stand on, and the page's background.
TEXTS = """
const charts = [...document.querySelectorAll('svg.chart')].filter(svg => getComputedStyle(svg).display !== 'none');
const groups = 'g.axis, g.annotation-labels, g.end-labels, g.value-labels, g.point-names';
return charts.map(svg => ({
  id: svg.getAttribute('aria-labelledby'),
  box: svg.getBoundingClientRect().toJSON(),
  texts: [...svg.querySelectorAll(groups)].flatMap(g => [...g.querySelectorAll('text')].map(t => {
    const r = t.getBoundingClientRect();
    return {group: g.getAttribute('class'), text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  })),
  halos: [...svg.querySelectorAll('g.halo')].flatMap(g => [getComputedStyle(g).stroke, getComputedStyle(g).fill]),
  background: getComputedStyle(document.body).backgroundColor,
}));
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
def test_texts_on_the_marks_never_overlap_and_stay_in_the_chart(page, width, scheme, tmp_path):
    driver = browser(width=width, height=900)
    try:
        emulate(driver, scheme)
        driver.get(page)
        charts = driver.execute_script(TEXTS)
        marked = [chart for chart in charts if any(not t["group"].startswith("axis") for t in chart["texts"])]
        # The annotated line, the shares with their values, the bubbles with their names.
        assert len(marked) >= 3, [chart["id"] for chart in charts]
        for chart in charts:
            texts = chart["texts"]
            on_marks = [t for t in texts if not t["group"].startswith("axis")]
            for i, a in enumerate(on_marks):
                # Apart from every other text of the chart: the marks' and the axes'.
                for b in texts:
                    if b is not a and (b in on_marks[:i] or b["group"].startswith("axis")):
                        assert not overlap(a, b), f"{width}px {scheme} {chart['id']}: {a['text']!r} overlaps {b['text']!r}"
                box = chart["box"]
                assert box["left"] - 1 <= a["left"] and a["right"] <= box["right"] + 1, f"{width}px {chart['id']}: {a['text']!r} leaves the chart"
                assert box["top"] - 1 <= a["top"] and a["bottom"] <= box["bottom"] + 1, f"{width}px {chart['id']}: {a['text']!r} leaves the chart"
            # The halo under the texts is the page's background, light or dark.
            assert bool(chart["halos"]) == bool(on_marks), chart["id"]
            assert all(halo == chart["background"] for halo in chart["halos"]), (chart["id"], chart["halos"], chart["background"])
        driver.save_screenshot(str(tmp_path / f"charts-{width}-{scheme}.png"))
    finally:
        driver.quit()


# The bubble chart's point nearest the pointer, in both axes. Of two bubbles near each other
# across and far apart up the plot, the pointer is put level with the first and most of the way
# across to the second: nearest in x alone it is the second, nearest in both axes the first.
BUBBLE = """
const figure = [...document.querySelectorAll('figure.chart-block')].find(f => f.querySelector('svg.bubble-chart'));
const svg = figure.querySelector('svg.chart.wide');
const points = svg.querySelector('g.chart-points');
const xs = points.getAttribute('data-at').split(' ').map(Number), ys = points.getAttribute('data-y').split(' ').map(Number);
let pair = null;
for (let a = 0; a < xs.length; a++) for (let b = 0; b < xs.length; b++) {
  const dx = Math.abs(xs[a] - xs[b]), dy = Math.abs(ys[a] - ys[b]);
  if (a !== b && dx > 0 && dy > 1.5 * dx && (!pair || dy / dx > pair[2])) pair = [a, b, dy / dx];
}
const [a, b] = pair;
const x = xs[a] + 0.6 * (xs[b] - xs[a]), y = ys[a];
const nearestInX = xs.map((at, i) => [Math.abs(at - x), i]).sort((p, q) => p[0] - q[0])[0][1];
const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
svg.dispatchEvent(new PointerEvent('pointermove', {clientX: box.left + (x - view.x) * box.width / view.width,
  clientY: box.top + (y - view.y) * box.height / view.height, bubbles: true}));
const rows = [...figure.querySelectorAll('.chart-data tbody tr')].map(row => row.cells[0].textContent);
return {tip: figure.querySelector('.chart-tip').innerText.split('\\n')[0], first: rows[a], second: rows[b], nearestInX: rows[nearestInX]};
"""


def test_the_script_names_the_point_nearest_the_pointer_in_both_axes(page):
    driver = browser(width=1280, height=900)
    try:
        driver.get(page)
        shown = driver.execute_script(BUBBLE)
        assert shown["nearestInX"] == shown["second"] != shown["first"], shown
        assert shown["tip"] == shown["first"], shown
    finally:
        driver.quit()


# The pointer on a calendar's day and on a point of a panel of small multiples: the day's cell
# (data-at across, data-y up) or the panel's point (its rows of the one table from data-first).
POINT = """
const [kind, nth, index] = arguments;
const figure = [...document.querySelectorAll('figure.chart-block')].find(f => f.querySelector(kind));
const svg = [...figure.querySelectorAll('svg.chart')].filter(s => getComputedStyle(s).display !== 'none')[nth];
const points = svg.querySelector('g.chart-points');
""" + POSITIONS + """const ys = points.hasAttribute('data-y') ? points.getAttribute('data-y').split(' ').map(Number) : null;
const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
const x = box.left + (at[index] - view.x) * box.width / view.width;
const y = ys ? box.top + (ys[index] - view.y) * box.height / view.height : box.top + box.height / 2;
svg.dispatchEvent(new PointerEvent('pointermove', {clientX: x, clientY: y, bubbles: true}));
const first = Number(points.getAttribute('data-first')) || 0;
const row = [...figure.querySelectorAll('.chart-data tbody tr')][first + index];
const tip = figure.querySelector('.chart-tip');
const rule = svg.querySelector('line.chart-rule');
return {tip: tip.hidden ? null : tip.innerText, row: [...row.cells].map(c => c.textContent),
  heads: [...figure.querySelectorAll('.chart-data thead th')].map(c => c.textContent),
  rule: rule ? getComputedStyle(rule).display : null, first: first};
"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_script_names_a_calendars_day_and_a_panels_point(page, width):
    driver = browser(width=width, height=900)
    try:
        driver.get(page)
        # A calendar's days: the first, one in August 2024, the last; its cells need no rule.
        for index in [0, 200, 712]:
            shown = driver.execute_script(POINT, "svg.calendar-chart", 0, index)
            assert shown["tip"] == expected_tip(shown["row"], shown["heads"]), (index, shown)
            assert shown["rule"] == "none", shown
        # The second and third panels of the regions' lines: their rows follow the first's.
        for nth in [1, 2]:
            shown = driver.execute_script(POINT, "div.chart-panels", nth, 7)
            assert shown["first"] > 0, shown
            assert shown["tip"] == expected_tip(shown["row"], shown["heads"]), (nth, shown)
    finally:
        driver.quit()

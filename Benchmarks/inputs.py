#!/usr/bin/env python3
"""Issue 52's benchmark of inputs: the Gapminder report (Hans Rosling's 142 countries, 5
continents, 12 years from 1952 to 2007, as plotly's datasets ship it) with a continent input
(6 options: everything and each continent) and a year input (12): 72 answers of a page with a
key figure, a table and two charts. Against it, the same page without inputs, its `:continent`
and `:year` given by its front matter (everything, 2007): the page built once. Then both again
with blocks that read no input below (a table of every country with two sparklines, a chart,
a key figure), which every answer shows alike and which are rendered once for them all. Targets: the 72
answers cost ≤ 10 × the page once (first builds, paired rounds); the page with its inputs'
script weighs ≤ 100 KB (Evidence sends 34 MiB of DuckDB-WASM before the first number).

    python3 Benchmarks/inputs.py                 # 5 rounds, in /dev/shm
    python3 Benchmarks/inputs.py --runs 3

The data comes from the `plotly` wheel on PyPI (`plotly/package_data/datasets/gapminder.csv.gz`),
downloaded once by pip into the work folder. Each round builds both sites once (first builds:
no output, no record of the last build), in an order that turns each round, after a round not
counted, timed by the kernel's accounting of each build (`wait4`: the builds take tens of
milliseconds, finer than GNU time's hundredths). Printed: medians, the median of each round's
ratio, and how much a single answer adds. Needs python3 with pip, and swift. Output goes to
$TTSITE_BENCH_DIR (default /dev/shm/ttsite-bench).
"""
import argparse
import glob
import gzip
import os
import subprocess
import sys
import zipfile

from tables import ROOT, WORK, first_builds, paired_difference, paired_ratio, rounds, run, table, timed_by_rusage, verdict

QUERIES = """\
```ttsite query people
SELECT sum(pop) AS pop FROM gapminder WHERE year = :year AND (:continent IS NULL OR continent = :continent)
```

```ttsite value data=people column=pop format=compact label="people"
```

```ttsite query countries
SELECT country, continent, lifeExp AS life, pop, gdpPercap AS gdp FROM gapminder
WHERE year = :year AND (:continent IS NULL OR continent = :continent) ORDER BY pop DESC
```

```ttsite table data=countries format.pop=integer format.gdp=integer format.life=decimal:1 label.life="Life expectancy" label.gdp="GDP a person"
```

```ttsite query wealth
SELECT gdpPercap AS gdp, lifeExp AS life, country FROM gapminder
WHERE year = :year AND (:continent IS NULL OR continent = :continent)
```

```ttsite chart kind=scatter data=wealth x=gdp y=life log=x label.gdp="GDP a person" label.life="Life expectancy" caption="Wealth and health"
```

```ttsite query growth
SELECT year, continent, sum(pop) AS pop FROM gapminder
WHERE (:continent IS NULL OR continent = :continent) AND year <= :year
GROUP BY year, continent ORDER BY year, continent
```

```ttsite chart kind=line data=growth x=year y=pop series=continent format.pop=compact caption="People, to the year chosen"
```
"""

# What reads no input: the same on every answer, and rendered once for them all (a table of
# 142 countries with a sparkline each, a chart of five continents, a key figure).
SHARED = """\
## Every country, 1952 to 2007

```ttsite query every
SELECT count(DISTINCT country) AS countries, min(year) AS first, max(year) AS last FROM gapminder
```

```ttsite value data=every column=countries label="countries"
```

```ttsite query trends
SELECT country, continent, group_concat(round(lifeExp, 1)) AS life, group_concat(gdpPercap) AS gdp
FROM (SELECT * FROM gapminder ORDER BY country, year) GROUP BY country ORDER BY country
```

```ttsite table data=trends format.life=sparkline format.gdp=sparkline label.life="Life expectancy" label.gdp="GDP a person"
```

```ttsite query lives
SELECT year, continent, round(avg(lifeExp), 1) AS life FROM gapminder GROUP BY year, continent ORDER BY year, continent
```

```ttsite chart kind=line data=lives x=year y=life series=continent caption="Life expectancy, the mean of a continent's countries"
```
"""

INPUTS = """\
```ttsite query continents
SELECT DISTINCT continent FROM gapminder ORDER BY continent
```

```ttsite query years
SELECT DISTINCT year FROM gapminder ORDER BY year
```

```ttsite input name=continent data=continents label="Continent" all="All continents"
```

```ttsite input name=year data=years label="Year" default=2007
```

"""


def gapminder_csv():
    """The Gapminder table, from the plotly wheel (downloaded once by pip)."""
    folder = os.path.join(WORK, "gapminder")
    csv = os.path.join(folder, "gapminder.csv")
    if os.path.exists(csv):
        return csv
    os.makedirs(folder, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", folder, "plotly"])
    wheel = sorted(glob.glob(os.path.join(folder, "plotly-*.whl")))[-1]
    with zipfile.ZipFile(wheel) as archive:
        data = gzip.decompress(archive.read("plotly/package_data/datasets/gapminder.csv.gz"))
    with open(csv, "wb") as file:
        file.write(data)
    return csv


def site(name, page, csv):
    folder = os.path.join(WORK, name)
    os.makedirs(os.path.join(folder, "Content"), exist_ok=True)
    os.makedirs(os.path.join(folder, "data"), exist_ok=True)
    with open(os.path.join(folder, "ttsite.yml"), "w") as file:
        file.write("title: Gapminder\ndata:\n  gapminder: { file: data/gapminder.csv }\n")
    with open(csv, "rb") as source, open(os.path.join(folder, "data", "gapminder.csv"), "wb") as copy:
        copy.write(source.read())
    with open(os.path.join(folder, "Content", "gapminder.md"), "w") as file:
        file.write(page)
    return folder


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    run(["swift", "build", "-c", "release", "--product", "ttsite", "--static-swift-stdlib", "--scratch-path", os.path.join(ROOT, ".build-package")],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    ttsite = os.path.join(ROOT, ".build-package", "release", "ttsite")
    csv = gapminder_csv()
    once = site("gapminder-once", "---\ntitle: Gapminder\ncontinent: null\nyear: 2007\n---\n" + QUERIES, csv)
    answers = site("gapminder-inputs", "---\ntitle: Gapminder\n---\n" + INPUTS + QUERIES, csv)
    shared_once = site("gapminder-shared-once", "---\ntitle: Gapminder\ncontinent: null\nyear: 2007\n---\n" + QUERIES + SHARED, csv)
    shared_answers = site("gapminder-shared-inputs", "---\ntitle: Gapminder\n---\n" + INPUTS + QUERIES + SHARED, csv)
    empty = site("gapminder-empty", "---\ntitle: Gapminder\n---\nNo query.\n", csv)
    out = os.path.join(WORK, "out")
    names = ("72 answers", "the page once", "no query (the build around it)",
             "72 answers, and blocks that read no input", "the page once, and those blocks")
    sites = {names[0]: (answers, os.path.join(out, "gapminder-inputs")),
             names[1]: (once, os.path.join(out, "gapminder-once")),
             names[2]: (empty, os.path.join(out, "gapminder-empty")),
             names[3]: (shared_answers, os.path.join(out, "gapminder-shared-inputs")),
             names[4]: (shared_once, os.path.join(out, "gapminder-shared-once"))}
    commands, first_build = first_builds(sites, ttsite)
    results = rounds(commands, args.runs, first_build, timer=timed_by_rusage)
    print(f"\n### The Gapminder report: 72 answers against the page once (first builds, {args.runs} rounds after one not counted)\n")
    table(results)
    print()
    for answers_name, once_name in ((names[0], names[1]), (names[3], names[4])):
        for key in ("wall", "cpu"):
            ratio = paired_ratio(results, answers_name, once_name, key)
            print(f"{answers_name} / {once_name}, {key}: {ratio:.2f} (target ≤ 10: {verdict(ratio, 10)})")
    shared_cost = paired_difference(results, names[3], names[0], "cpu") - paired_difference(results, names[4], names[1], "cpu")
    print(f"the blocks that read no input, on 72 answers beyond the page once: {shared_cost * 1000:.1f} ms of CPU")
    page_cost = paired_difference(results, names[1], names[2], "cpu")
    answers_cost = paired_difference(results, names[0], names[2], "cpu")
    print(f"\nbeyond a build without queries: the page once {page_cost * 1000:.1f} ms of CPU, the 72 answers "
          f"{answers_cost * 1000:.1f} ms, {answers_cost / 72 * 1000:.2f} ms an answer")
    # The page a reader opens, and what it loads for its inputs.
    output = sites[names[0]][1]
    html = os.path.join(output, "gapminder", "index.html")
    script = glob.glob(os.path.join(output, "assets", "input.*.js"))[0]
    pages = len(glob.glob(os.path.join(output, "gapminder", "**", "index.html"), recursive=True))
    size = os.path.getsize(html) + os.path.getsize(script)
    zipped = len(gzip.compress(open(html, "rb").read())) + len(gzip.compress(open(script, "rb").read()))
    print(f"\n{pages} pages under gapminder/; the page and input.js: {size / 1024:.1f} KB, "
          f"{zipped / 1024:.1f} KB gzipped (target ≤ 100 KB: {verdict(size / 1024, 100)}); "
          f"input.js alone {len(gzip.compress(open(script, 'rb').read())) / 1024:.1f} KB gzipped (target ≤ 5 KB)")


if __name__ == "__main__":
    main()

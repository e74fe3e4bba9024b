#!/usr/bin/env python3
"""A deterministic report site for the benchmarks: a CSV of N entities and a CSV of 20 facts
for each (200,000 for 10,000 entities), a page per entity made from `[name].md` with
`rows: entities`, and an index page with a paginated table of all entities linking to them.

    generate_report_site.py --entities 10000 --out bench/report10000
    generate_report_site.py --entities 10000 --index none --out bench/report10000-none
    → bench/report10000/{ttsite.yml,data/*.csv,queries/entities.sql,Content/…}

Each entity's page runs two queries with `:name` bound from its row — its 20 facts for a
`ttsite table` and their sum for a `ttsite value` — so a build runs 2 × N parameterised
queries over the facts table. `ttsite.yml` gives the facts' `entity` column an index
(`index: [entity]`, `--index column`, the default), as a site with pages per row should:
each query then finds its rows by the index, reads each from the table and sorts them.
`--index covering` gives the index a careful author tunes for these queries —
`index: [[entity, quarter, metric, amount, units]]`: on `entity`, then `quarter` (their
ORDER BY), holding every column they read, so that SQLite answers each from the index alone.
`--index none`: each query reads all the facts.

`--series chart` gives each entity's page a third query, 500 days of a pseudo-random series
seeded by the row (a recursive CTE: no data to load), drawn as a line chart; `--series value`
runs the same query and shows one of its values instead, so that the two builds differ by
the drawing of 10,000 charts of 500 points alone. `--series annotated` draws the same line
with two rules, a band and its name at its end; `--series facets`, the 500 days in 12 panels,
one a month of the year (issue 53).
"""
import argparse
import os
import random

WORDS = ["Nordwind", "Aurora", "Kestrel", "Lindqvist", "Meridian", "Okapi", "Polaris", "Quartz", "Rhône",
         "Saffron", "Tundra", "Umber", "Vantage", "Willow", "Xenon", "Yarrow", "Zephyr", "Ångström"]
KINDS = ["Logistics", "Foods", "Energy", "Textiles", "Software", "Shipping", "Pharma", "Mining"]
SECTORS = ["transport", "food", "energy", "retail", "technology", "health", "materials", "finance"]
METRICS = ["revenue", "orders", "returns", "visits"]
INDEXES = {"covering": ", index: [[entity, quarter, metric, amount, units]]", "column": ", index: [entity]", "none": ""}
QUARTERS = [f"{year}-{month:02d}-01" for year in range(2020, 2025) for month in (1, 4, 7, 10)]

ENTITIES_SQL = """-- Every entity, one page each (Content/entities/[name].md) and a row of the index's table.
SELECT name, sector, founded, employees, rating
FROM entities
ORDER BY name
"""

SERIES_QUERY = """
```ttsite query series
WITH RECURSIVE step(i, v) AS (
  SELECT 0, :employees UNION ALL SELECT i + 1, (v * 1103515245 + 12345) % 2147483648 FROM step WHERE i < 499)
SELECT date('2020-01-01', '+' || i || ' days') AS day, v % 100000 / 100.0 AS amount FROM step
```
"""
FACET_QUERY = SERIES_QUERY.replace("v % 100000 / 100.0 AS amount FROM step", "v % 100000 / 100.0 AS amount, strftime('%m', date('2020-01-01', '+' || i || ' days')) AS month FROM step")
SERIES = {
    "none": "",
    "value": SERIES_QUERY + "\n```ttsite value data=series column=amount row=500 label=\"on the last day\"\n```\n",
    "chart": SERIES_QUERY + "\n```ttsite chart kind=line data=series x=day y=amount label.amount=Amount caption=\"500 days\"\n```\n",
    # Issue 53's chart: the same line with two rules, a band and its name at its end.
    # Issue 53's small multiples: the 500 days split into 12 panels by month of the year.
    "facets": FACET_QUERY + "\n```ttsite chart kind=line data=series x=day y=amount facet=month columns=4 label.amount=Amount caption=\"500 days by month\"\n```\n",
    "annotated": SERIES_QUERY + "\n```ttsite chart kind=line data=series x=day y=amount label.amount=Amount caption=\"500 days\" "
    "rule.y=\"750:Target;250:Floor\" band.x=\"2020-06-01:2020-09-30:Summer\" labels=end\n```\n",
}

INDEX = """---
title: Entities
description: Every entity of the benchmark, with a page each.
---
All {{#data.count}}{{entities}}{{/data.count}} entities, from `data/entities.csv`.

```ttsite query count
SELECT count(*) AS entities FROM entities
```

```ttsite table data=entities link=name label.name=Entity label.sector=Sector label.founded=Founded label.employees=Employees label.rating=Rating format.rating=decimal:1
```
"""

ROW_PAGE = """---
title: "{{row.name}}"
rows: entities
description: One entity of the benchmark and its facts by quarter.
---
{{row.name}} works in {{row.sector}}, was founded on {{row.founded}} and employs
{{row.employees}} people.

```ttsite query facts
SELECT quarter, metric, amount, units
FROM facts
WHERE entity = :name
ORDER BY quarter
```

```ttsite query total
SELECT sum(amount) AS amount, count(*) AS facts
FROM facts
WHERE entity = :name
```

```ttsite value data=total column=amount format=decimal:2 label="in all quarters"
```

## Facts by quarter

```ttsite table data=facts format.quarter=date format.amount=decimal:2 label.quarter=Quarter label.metric=Metric label.amount=Amount label.units=Units
```

[All entities](index.md)
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--entities", type=int, default=10000)
    parser.add_argument("--facts", type=int, default=20, help="facts per entity (one per quarter of 2020–2024)")
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=20261127)
    parser.add_argument("--index", choices=sorted(INDEXES), default="column", help="the facts' index (see above)")
    parser.add_argument("--series", choices=sorted(SERIES), default="none", help="a series of 500 points on each page, drawn or not (see above)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for folder in ("data", "queries", "Content/entities"):
        os.makedirs(os.path.join(args.out, folder), exist_ok=True)
    with open(os.path.join(args.out, "ttsite.yml"), "w") as f:
        f.write("title: Report benchmark\nbase_url: https://example.org/\ntime_zone: Europe/Berlin\n"
                "data:\n  entities: { file: data/entities.csv }\n"
                f"  facts: {{ file: data/facts.csv{INDEXES[args.index]} }}\n")
    names = [f"{rng.choice(WORDS)} {rng.choice(KINDS)} {index:05d}" for index in range(args.entities)]
    with open(os.path.join(args.out, "data", "entities.csv"), "w", encoding="utf-8") as f:
        f.write("name,sector,founded,employees,rating\n")
        for name in names:
            f.write(f"{name},{rng.choice(SECTORS)},{rng.randint(1900, 2020)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},"
                    f"{rng.randint(3, 250000)},{rng.randint(10, 50) / 10:.1f}\n")
    # Facts by quarter, then entity, as an export from a ledger would list them: an entity's
    # facts are spread over the whole file.
    with open(os.path.join(args.out, "data", "facts.csv"), "w", encoding="utf-8") as f:
        f.write("entity,quarter,metric,amount,units\n")
        for number in range(args.facts):
            quarter = QUARTERS[number % len(QUARTERS)]
            for name in names:
                f.write(f"{name},{quarter},{METRICS[number % len(METRICS)]},{rng.randint(100, 10_000_000) / 100:.2f},{rng.randint(1, 5000)}\n")
    with open(os.path.join(args.out, "queries", "entities.sql"), "w") as f:
        f.write(ENTITIES_SQL)
    with open(os.path.join(args.out, "Content", "index.md"), "w") as f:
        f.write("---\ntitle: Report benchmark\n---\nA page per entity: see [the entities](entities/index.md).\n")
    with open(os.path.join(args.out, "Content", "entities", "index.md"), "w") as f:
        f.write(INDEX)
    with open(os.path.join(args.out, "Content", "entities", "[name].md"), "w") as f:
        f.write(ROW_PAGE + SERIES[args.series])


if __name__ == "__main__":
    main()

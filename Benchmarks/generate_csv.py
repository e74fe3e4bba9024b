#!/usr/bin/env python3
"""A deterministic CSV of N rows and 10 columns (about 100 bytes a row: 1,000,000 rows make
about 100 MB) for the table benchmarks, and a ttsite site that reads it as the table `sales`:

    generate_csv.py --rows 1000000 --out bench/csv1m
    → bench/csv1m/{ttsite.yml,data/sales.csv,schema.sql}

The columns, with the types ttsite infers for them:

| column | type | values |
| --- | --- | --- |
| id | integer | 1 … N |
| region | text | one of 24 names (the GROUP BY key) |
| customer | text | "Last, First": quoted, with a comma; some with doubled quotes |
| day | date | 2020-01-01 … 2024-12-28 |
| at | date-time | ISO 8601 without a zone (read in the site's time zone) |
| quantity | integer | 1 … 500 |
| price | real | 0.50 … 999.99, two decimals |
| discount | real | 0.0 … 0.3 |
| paid | boolean | true / false |
| note | text | a few words, a third of them quoted with commas and quotes |

`schema.sql` is the same table for the `sqlite3` shell, with the declared types ttsite gives
its columns, so that `.import` stores the same values (integers as integers, not text).
"""
import argparse
import os
import random

REGIONS = ["Nord", "Süd", "Ost", "West", "Mitte", "Alpen", "Küste", "Rhein", "Elbe", "Donau", "Harz", "Eifel",
           "North", "South", "East", "West Coast", "Midlands", "Highlands", "Lowlands", "Islands", "Valley", "Plains", "Lakes", "Delta"]
FIRST = ["Anna", "Jonas", "Olga", "Taras", "Mahsa", "Priya", "Seán", "Zoë", "Lars", "Aylin", "Kwame", "Mia"]
LAST = ["Schmidt", "O'Brien", "Kuznetsova", "Shevchenko", "Rahimi", "Sharma", "Müller-Lüdenscheidt", "Øvergård", "Yılmaz", "Mensah"]
WORDS = "delivered late early on time returned partly damaged gift wrapped urgent repeat order".split()

SCHEMA = """CREATE TABLE sales (id INTEGER, region TEXT, customer TEXT, day TEXT, "at" TEXT,
  quantity INTEGER, price REAL, discount REAL, paid INTEGER, note TEXT);
"""


def note(rng):
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
    kind = rng.randrange(3)
    if kind == 0:
        return words
    if kind == 1:
        return f'"{words}, {rng.choice(WORDS)}"'
    return f'"said ""{rng.choice(WORDS)}"", {words}"'


def rows(rng, count):
    for index in range(1, count + 1):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        customer = f'"{last}, {first}"' if index % 7 else f'"{last}, {first} ""the {rng.choice(WORDS)}"""'
        year, month, day = rng.randint(2020, 2024), rng.randint(1, 12), rng.randint(1, 28)
        at = f"{year:04d}-{month:02d}-{day:02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
        yield (f"{index},{rng.choice(REGIONS)},{customer},{year:04d}-{month:02d}-{day:02d},{at},"
               f"{rng.randint(1, 500)},{rng.randint(50, 99999) / 100:.2f},{rng.randint(0, 30) / 100:.2f},"
               f"{'true' if rng.random() < 0.7 else 'false'},{note(rng)}\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=20261127)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(os.path.join(args.out, "data"), exist_ok=True)
    with open(os.path.join(args.out, "ttsite.yml"), "w") as f:
        f.write("title: Table benchmark\nbase_url: https://example.org/\ntime_zone: Europe/Berlin\n"
                "data:\n  sales: { file: data/sales.csv }\n")
    with open(os.path.join(args.out, "schema.sql"), "w") as f:
        f.write(SCHEMA)
    with open(os.path.join(args.out, "data", "sales.csv"), "w", encoding="utf-8", newline="") as f:
        f.write("id,region,customer,day,at,quantity,price,discount,paid,note\n")
        batch = []
        for line in rows(rng, args.rows):
            batch.append(line)
            if len(batch) == 10000:
                f.write("".join(batch))
                batch.clear()
        f.write("".join(batch))


if __name__ == "__main__":
    main()

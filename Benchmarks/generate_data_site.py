#!/usr/bin/env python3
"""A deterministic data site for the benchmarks: N people in randomuser.me 1.4 format and
M scenarios of K events each, in two languages.

    generate_data_site.py --people 10000 --scenarios 1000 --events 50 --out /tmp/bench/data
    generate_data_site.py ... --images local --picture-base http://127.0.0.1:18765/portraits

Each person's picture is `<picture-base>/<index>.jpg`; `--images` is written into the config
(`none` by default: the site without pictures that the picture benchmark compares with).
"""
import argparse
import json
import os
import random

FIRST = ["Anna", "Jonas", "Ольга", "Тарас", "Mahsa", "प्रिया", "Seán", "Zoë", "Lars", "Aylin", "Kwame", "Mia"]
LAST = ["Schmidt", "O'Brien", "Кузнецова", "Шевченко", "Rahimi", "शर्मा", "Müller-Lüdenscheidt", "Øvergård", "Yılmaz", "Mensah"]
UNITS = ["datetime", "date", "ae", "miokm", "miomiles", "km"]


def person(rng, index, picture_base):
    year, month, day = rng.randint(1930, 2020), rng.randint(1, 12), rng.randint(1, 28)
    return {
        "gender": rng.choice(["female", "male"]),
        "name": {"title": rng.choice(["Ms", "Mr", "Mrs", "Dr"]), "first": rng.choice(FIRST), "last": rng.choice(LAST)},
        "location": {"street": {"number": index, "name": "Bench Street"}, "city": "Bench City", "postcode": index},
        "email": f"person{index}@example.com",
        "login": {"uuid": f"{index:08x}-0000-4000-8000-{rng.getrandbits(48):012x}", "username": f"user{index}",
                  "password": "secret", "sha256": "0" * 64},
        "dob": {"date": f"{year:04d}-{month:02d}-{day:02d}T{rng.randint(0, 23):02d}:00:00.000Z", "age": 2024 - year},
        "phone": f"555-{index:07d}",
        "id": {"name": "SSN", "value": f"{index:09d}"},
        "picture": {"large": f"{picture_base}/{index}.jpg"},
        "nat": rng.choice(["DE", "US", "UA", "IR", "IN", "IE"]),
    }


def scenario(rng, index, events):
    unit = UNITS[index % len(UNITS)]
    if unit in ("datetime", "date"):
        start_day = rng.randint(1, 20)
        start = f"1969-07-{start_day:02d}T00:00:00" if unit == "datetime" else f"1989-{1 + index % 12:02d}-{start_day:02d}"
        end = f"1969-07-{start_day + 8:02d}T12:00:00" if unit == "datetime" else f"1990-{1 + index % 12:02d}-{start_day:02d}"
        points = sorted(rng.randint(0, 8 * 24) for _ in range(events))
        if unit == "datetime":
            starts = [f"1969-07-{start_day + p // 24:02d}T{p % 24:02d}:00:00" for p in points]
        else:
            starts = [f"1989-{1 + (index + p // 20) % 12:02d}-{1 + p % 28:02d}" for p in points]
            starts.sort()
            start, end = starts[0], starts[-1] if starts[-1] > starts[0] else end
    else:
        start, end = 0, rng.randint(100, 5000)
        starts = sorted(round(rng.uniform(start, end), 1) for _ in range(events))
    return {
        "named": f"scenario-{index}", "nameEn": f"Scenario {index}", "nameDe": f"Szenario {index}",
        "textEn": "A *generated* scenario for the benchmark.", "textDe": "Ein *erzeugtes* Szenario.",
        "unit": unit, "start": start, "end": end, "image": None, "license": None, "source": None,
        "events": [{"start": s, "textEn": f"Event {i}", "textDe": f"Ereignis {i}", "major": i % 7 == 0,
                    "image": None, "license": None, "source": None} for i, s in enumerate(starts)],
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=10000)
    parser.add_argument("--scenarios", type=int, default=1000)
    parser.add_argument("--events", type=int, default=50)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--images", choices=["local", "remote", "none"], default="none")
    parser.add_argument("--picture-base", default="https://example.org/portraits")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    data = os.path.join(args.out, "Content", "data")
    os.makedirs(os.path.join(data, "scenarios"), exist_ok=True)
    with open(os.path.join(args.out, "ttsite.yml"), "w") as f:
        f.write("title: Data benchmark\nbase_url: https://example.org/\nlanguages: [en, de]\n"
                "time_zone: Europe/Berlin\npeople:\n  - file: Content/data/people.json\n"
                "scenarios:\n  - file: Content/data/scenarios/\n"
                f"images: {args.images}\n")
    with open(os.path.join(args.out, "Content", "index.md"), "w") as f:
        f.write("# Data benchmark\n\nWe track {{people.count}} people.\n")
    with open(os.path.join(data, "people.json"), "w") as f:
        json.dump({"results": [person(rng, i, args.picture_base) for i in range(args.people)], "info": {"version": "1.4"}}, f, ensure_ascii=False)
    for i in range(args.scenarios):
        with open(os.path.join(data, "scenarios", f"scenario-{i:05d}.json"), "w") as f:
            json.dump(scenario(rng, i, args.events), f, ensure_ascii=False)
    # A source over `fetch.max_bytes` (50,000,000 by default; 100,000 people are about 62 MB)
    # stops the build: the site says what it holds, as its owner would.
    size = os.path.getsize(os.path.join(data, "people.json"))
    if size > 50_000_000:
        with open(os.path.join(args.out, "ttsite.yml"), "a") as f:
            f.write(f"fetch: {{ max_bytes: {2 * size} }}\n")


if __name__ == "__main__":
    main()

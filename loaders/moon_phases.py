#!/usr/bin/env python3
"""The Moon's phase on the day of each Apollo landing: a data loader of the example site.

ttsite runs it at build time (see `data.moon` in ttsite.yml) and reads what it prints as a
CSV table. It needs nothing beyond Python's standard library. The phase is the mean one:
the age of the Moon counted from a known new moon in mean synodic months, which is within
about 15 hours of the true age, so it is given in whole days. Each landing is taken at
noon UTC of its day.
"""
import csv
import datetime
import math
import sys

SYNODIC_MONTH = 29.530588853  # mean days from new moon to new moon
KNOWN_NEW_MOON = datetime.datetime(2000, 1, 6, 18, 14, tzinfo=datetime.timezone.utc)


def moon_age(day):
    """Days since the last mean new moon at noon UTC of `day`."""
    noon = datetime.datetime(day.year, day.month, day.day, 12, tzinfo=datetime.timezone.utc)
    days = (noon - KNOWN_NEW_MOON).total_seconds() / 86400
    return days % SYNODIC_MONTH


def phase_name(age):
    """The phase's common name: eight phases of equal length, centred on the four quarters."""
    names = ["new moon", "waxing crescent", "first quarter", "waxing gibbous",
             "full moon", "waning gibbous", "last quarter", "waning crescent"]
    return names[int((age / SYNODIC_MONTH) * 8 + 0.5) % 8]


def main():
    with open("data/apollo-missions.csv", newline="", encoding="utf-8") as source:
        missions = list(csv.DictReader(source))
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["mission", "landing", "moon_age_days", "lit_percent", "phase"])
    for mission in missions:
        if not mission["landing"]:
            continue
        day = datetime.date.fromisoformat(mission["landing"])
        age = moon_age(day)
        lit = (1 - math.cos(2 * math.pi * age / SYNODIC_MONTH)) / 2 * 100
        out.writerow([mission["mission"], day.isoformat(), round(age), round(lit), phase_name(age)])
    print(f"moon_phases: {sum(1 for m in missions if m['landing'])} landings", file=sys.stderr)


if __name__ == "__main__":
    main()

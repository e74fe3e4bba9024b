#!/usr/bin/env python3
"""Babel as the oracle of the value formats (`ValueFormat`, the `formats:` of the language
packs). Writes ../FormatOracle.swift: one tab-separated row per case, inside a Swift raw
string (a literal of thousands of tuples is slow to compile; one string is not).

Each row: language, format name, value kind, value, time zone, now, Babel's text.
  kind  i = integer (Python int, exact), r = real (Python float; its literal is str(float),
        the shortest text that reads back, which Swift's Double reads to the same value),
        d = calendar date (yyyy-mm-dd), t = instant (seconds since 1970, UTC).
  now   seconds since 1970, for `span` only.

The Babel call behind each format name (locale=code; numbering_system='default', so that
Persian gets its own separators -- Babel writes ASCII digits and '-' and '%' whatever the
numbering system; the Swift test maps them, see ValueFormatTests):
  integer      format_decimal(v, format='#,##0')
  decimal      format_decimal(v)                                  CLDR's #,##0.###
  decimal:N    format_decimal(v, format='#,##0.' + '0' * N)
  percent      format_percent(v)
  percent:N    format_percent(v, format=<the locale's percent pattern with N decimals>)
  currency:C   format_currency(v, C)                              the currency's own decimals
  compact      format_compact_decimal(v, format_type='short', fraction_digits=1)
  date         format_date(d, 'medium')
  month        format_skeleton('yMMMM', d)
  datetime     get_datetime_format('medium') with {1} = format_date(medium) and
               {0} = format_time(short), in the row's zone: CLDR's glue for a medium date
               (what format_datetime does for one length, here with the short time)
  span         format_timedelta(instant - now, add_direction=True, format='long'),
               Babel's default threshold (0.85) and rounding; only instants where Babel and
               ttsite's interval text agree by design (see ValueFormatTests)

Run from anywhere:  pip install babel && python3 generate_format_oracle.py
"""
import decimal
import os
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from zoneinfo import ZoneInfo

import babel
from babel import Locale
from babel.core import get_cldr_version, get_global
from babel.dates import format_date, format_skeleton, format_time, format_timedelta, get_datetime_format
from babel.numbers import format_compact_decimal, format_currency, format_decimal, format_percent

LANGUAGES = ["en", "de", "es", "fr", "pl", "ru", "uk", "fa"]
NS = "default"
# Python's decimal keeps 28 digits by default: 2^63 with ten decimals needs 29.
decimal.getcontext().prec = 60

# (kind, value)
NUMBERS = [
    ("i", 0), ("i", 1), ("i", -1), ("i", 7), ("i", 1000), ("i", 999_999), ("i", 1_000_000),
    ("i", 4_200_000), ("i", 123_456_789_012), ("i", 9_007_199_254_740_993),
    ("i", 9_223_372_036_854_775_807), ("i", -9_223_372_036_854_775_808),
    ("r", 0.0), ("r", 0.5), ("r", -1.0), ("r", 2.5), ("r", 3.5), ("r", 12.345), ("r", 1234.5678),
    ("r", -12345.678), ("r", 1e6), ("r", 4_250_000.0), ("r", 1.5e9), ("r", 2.5e12), ("r", 1e15),
    ("r", 0.125), ("r", 0.001), ("r", 0.0005), ("r", -0.0004), ("r", 1e-7), ("r", 0.3333333333333333),
    ("r", 999.95), ("r", 45_678.9), ("r", 0.25), ("r", 1.005),
]
PLACES = [0, 1, 2, 4, 10]
ALL_CURRENCIES = ["EUR", "USD", "GBP", "JPY", "CHF", "RUB", "UAH", "PLN", "IRR", "XYZ"]
CURRENCY_VALUES = [("r", 1234.5678), ("r", -12345.678), ("r", 0.5), ("i", 1000)]

DATES = [date(1969, 7, 20), date(1989, 11, 9), date(2000, 1, 1), date(2024, 2, 29)] + [
    date(2023, month, 15) for month in range(1, 13)]
INSTANTS = [datetime(1969, 7, 20, 20, 17, 40, tzinfo=timezone.utc), datetime(2000, 1, 1, 0, 0, tzinfo=timezone.utc),
            datetime(2024, 2, 29, 12, 30, tzinfo=timezone.utc), datetime(2023, 10, 5, 9, 5, tzinfo=timezone.utc),
            datetime(2023, 3, 26, 0, 59, tzinfo=timezone.utc)]
ZONES = ["UTC", "Europe/Berlin", "America/New_York"]

NOW = datetime(2023, 7, 1, 12, 0, tzinfo=timezone.utc)
# Offsets from NOW where Babel's rounding (to the nearest unit, a unit from 0.85 of it on,
# month = 30 days, year = 365 days) and ttsite's (the largest complete calendar unit) give
# the same count in the same unit.
SPANS = [timedelta(seconds=s) for s in (30, 45)] + [timedelta(minutes=m) for m in (1, 2, 5, 21, 50)] + [
    timedelta(hours=h) for h in (1, 2, 3, 5, 11, 20)] + [timedelta(days=d) for d in (1, 2, 3, 4, 5)] + [
    timedelta(weeks=w) for w in (1, 2, 3)]
# Whole calendar months and years that are also whole 30-day months or 365-day years.
SPAN_INSTANTS = [NOW + sign * delta for delta in SPANS for sign in (-1, 1)] + [
    datetime(2023, 5, 1, 12, 0, tzinfo=timezone.utc),   # 61 days, 2 months
    datetime(2021, 7, 1, 12, 0, tzinfo=timezone.utc),   # 730 days, 2 years
    datetime(2026, 7, 1, 12, 0, tzinfo=timezone.utc),   # 1096 days, in 3 years
    datetime(2013, 7, 1, 12, 0, tzinfo=timezone.utc),   # 3652 days, 10 years
]


def number_literal(kind, value):
    return str(value) if kind == "i" else repr(float(value))


def percent_pattern(locale, places):
    pattern = locale.percent_formats[None].pattern
    assert "#,##0" in pattern, pattern
    return pattern.replace("#,##0", "#,##0" + ("." + "0" * places if places else ""), 1)


def rows_for(code):
    locale = Locale.parse(code)
    rows = []

    def add(name, kind, literal, text, zone="", now=""):
        for part in (name, literal, text):
            assert "\t" not in part and "\n" not in part, part
        rows.append([code, name, kind, literal, zone, now, text])

    for kind, value in NUMBERS:
        literal = number_literal(kind, value)
        number = Decimal(literal) if kind == "r" else value
        add("integer", kind, literal, format_decimal(number, format="#,##0", locale=code, numbering_system=NS))
        add("decimal", kind, literal, format_decimal(number, locale=code, numbering_system=NS))
        for places in PLACES:
            pattern = "#,##0" + ("." + "0" * places if places else "")
            add(f"decimal:{places}", kind, literal, format_decimal(number, format=pattern, locale=code, numbering_system=NS))
        add("percent", kind, literal, format_percent(number, locale=code, numbering_system=NS))
        for places in (1, 2):
            add(f"percent:{places}", kind, literal, format_percent(number, format=percent_pattern(locale, places), locale=code, numbering_system=NS))
        for currency in ["EUR", "JPY"]:
            add(f"currency:{currency}", kind, literal, format_currency(number, currency, locale=code, numbering_system=NS))
        add("compact", kind, literal, format_compact_decimal(
            float(value) if kind == "r" else value, format_type="short", fraction_digits=1, locale=code, numbering_system=NS))
    for kind, value in CURRENCY_VALUES:
        literal = number_literal(kind, value)
        number = Decimal(literal) if kind == "r" else value
        for currency in ALL_CURRENCIES:
            if currency in ("EUR", "JPY"):
                continue
            add(f"currency:{currency}", kind, literal, format_currency(number, currency, locale=code, numbering_system=NS))
    for day in DATES:
        add("date", "d", day.isoformat(), format_date(day, "medium", locale=code))
        add("month", "d", day.isoformat(), format_skeleton("yMMMM", day, locale=code))
    for instant in INSTANTS:
        seconds = str(int(instant.timestamp()))
        for zone in ZONES:
            local = instant.astimezone(ZoneInfo(zone))
            glue = get_datetime_format("medium", locale=code).replace("'", "")
            text = glue.replace("{1}", format_date(local.date(), "medium", locale=code)).replace(
                "{0}", format_time(local, "short", locale=code))
            add("datetime", "t", seconds, text, zone=zone)
    for instant in SPAN_INSTANTS:
        text = format_timedelta(instant - NOW, add_direction=True, format="long", locale=code)
        add("span", "t", str(int(instant.timestamp())), text, zone="UTC", now=str(int(NOW.timestamp())))
    return rows


INVISIBLE = {"\u00a0", "\u202f", "\u200e", "\u200f", "\u061c", "\u2009"}


def swift_text(text):
    """A row for a Swift raw string: invisible spaces and marks written as escapes."""
    return "".join(f"\\#u{{{ord(c):04X}}}" if c in INVISIBLE else c for c in text)


def main():
    rows = [row for code in LANGUAGES for row in rows_for(code)]
    fractions = get_global("currency_fractions")
    decimals = {code: digits[0] for code, digits in fractions.items() if code != "DEFAULT" and digits[0] != 2}
    lines = [
        "// Generated by Oracle/generate_format_oracle.py; do not edit by hand.",
        "// swift-format-ignore-file",
        f"// Babel {babel.__version__} (https://babel.pocoo.org), CLDR {get_cldr_version()}.",
        "// Rows: language, format, kind (i integer, r real, d date, t instant), value, time zone, now, Babel's text.",
        "",
        "enum FormatOracle {",
        f'    static let babelVersion = "{babel.__version__}"',
        f'    static let cldrVersion = "{get_cldr_version()}"',
        "",
        "    /// CLDR's currencies whose decimals are not 2, as Babel holds them.",
        "    static let currencyDecimals: [String: Int] = [",
    ]
    items = sorted(decimals.items())
    for start in range(0, len(items), 8):
        lines.append("        " + " ".join(f'"{code}": {digits},' for code, digits in items[start:start + 8]))
    lines += [
        "    ]",
        "",
        f"    /// {len(rows)} cases.",
        '    static let rows = #"""',
    ]
    lines += [swift_text("\t".join(row)) for row in rows]
    lines += ['"""#', "}", ""]
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "FormatOracle.swift")
    with open(target, "w", encoding="utf-8") as file:
        file.write("\n".join(lines))


if __name__ == "__main__":
    main()

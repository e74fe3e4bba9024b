#!/usr/bin/env python3
"""Expected instants for the date tests, computed by Python, independently of ttsite's code.

Run from this folder:  python3 make_dates.py > ../OracleDates.swift

Calendar arithmetic comes from Python's `datetime` (proleptic Gregorian, like ISO 8601),
time zones from `zoneinfo` (the system tz database), RFC 1123 / asctime fields from
`email.utils.parsedate_tz`, custom formats from `datetime.strptime`. Only the splitting of an
ISO 8601 text into numbers is done here with a regular expression, because `fromisoformat`
does not accept 9-digit fractions; `datetime(...)` then validates the fields (it rejects
February 30, month 13, 24:00, minute 61). RFC 850 two-digit years follow RFC 9110 §5.6.7
relative to NOW below (email.utils uses a fixed 1969 pivot instead, which RFC 9110 replaced),
unless the weekday written fits only the other century, whose year is then taken (the
weekdays from `datetime`).
"""
import datetime as dt
import email.utils
import re
from zoneinfo import ZoneInfo

UTC = dt.timezone.utc
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)
NOW = dt.datetime(2025, 6, 1, tzinfo=UTC)  # the tests pass the same instant as `now`

ISO = re.compile(
    r"^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:[.,]([0-9]{1,9}))?)?"
    r"(Z|z|[+-][0-9]{2}(?::?[0-9]{2})?)?)?$"
)


def instant(aware, nanos):
    """Whole seconds since 1970 (floor) and nanoseconds, exactly, from an aware datetime."""
    delta = aware.replace(microsecond=0) - EPOCH
    return delta.days * 86400 + delta.seconds, nanos


def parse_offset(text):
    if text is None:
        return None
    if text in ("Z", "z"):
        return 0
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    if int(digits[2:4] or 0) >= 60:
        return 86400  # out of range: rejected by the caller
    return sign * (int(digits[:2]) * 3600 + int(digits[2:4] or 0) * 60)


def iso_fields(text):
    m = ISO.match(text)
    if not m:
        return None
    y, mo, d, h, mi, s, frac, zone = m.groups()
    nanos = int((frac or "").ljust(9, "0")) if frac else 0
    try:
        naive = dt.datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0), int(s or 0))
    except ValueError:
        return None
    offset = parse_offset(zone)
    if offset is not None and abs(offset) >= 86400:
        return None
    return naive, nanos, offset, h is not None


def row(text, naive, nanos, offset, zone_name=None, has_time=True):
    if offset is not None:
        aware = naive.replace(tzinfo=dt.timezone(dt.timedelta(seconds=offset)))
    elif zone_name:
        aware = naive.replace(tzinfo=ZoneInfo(zone_name))
    else:
        aware = naive.replace(tzinfo=UTC)
    seconds, nanos = instant(aware, nanos)
    off = "nil" if offset is None else str(offset)
    zone = "nil" if zone_name is None else f'"{zone_name}"'
    return (f'        .init({swift_string(text)}, {seconds}, {nanos}, '
            f'[{naive.year}, {naive.month}, {naive.day}, {naive.hour}, {naive.minute}, {naive.second}], '
            f'offset: {off}, zone: {zone}, hasTime: {"true" if has_time else "false"}),')


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


ISO_VALID = [
    "2013-04-23T16:29:05Z", "1992-03-08T15:13:16.688Z", "2013-04-23T16:29:05.5Z",
    "2013-04-23T16:29:05.123456789Z", "2013-04-23T16:29:05,25Z", "2013-04-23t16:29:05z",
    "2013-04-23 16:29:05Z", "2013-04-23T16:29Z", "2013-04-23T18:29:05+02:00",
    "2013-04-23T18:29:05+0200", "2013-04-23T11:29:05-05", "2013-04-23T11:29:05.000001-05:00",
    "1983-07-14 07:29:45", "2013-04-23", "1969-07-16T13:32:00", "1969-12-31T23:59:59.999Z",
    "1900-01-01T00:00:00Z", "1582-10-04T12:00:00Z", "1582-10-15T00:00:00Z", "1000-03-01T00:00:00Z",
    "1000-02-28", "0001-01-01T00:00:00Z", "2038-01-19T03:14:08Z", "2100-12-31T23:59:59Z",
    "3001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "2000-02-29T12:00:00Z",
    "2024-02-29", "1600-02-29T00:00:00+14:00", "2020-06-15T00:30:00-12:00",
    "1970-01-01T00:00:00Z", "1970-01-01T05:30:00+05:30",
]
ISO_ZONELESS = [
    ("1969-07-16T13:32:00", "America/New_York"), ("1983-07-14 07:29:45", "Europe/Berlin"),
    ("2024-02-29", "Europe/Berlin"), ("2013-04-23T16:29:05.25", "Asia/Kolkata"),
    ("2024-07-01T12:00:00", "Europe/Berlin"), ("2024-01-01T12:00:00", "Europe/Berlin"),
    ("1950-06-01T00:00:00", "UTC"), ("2013-04-23T16:29:05Z", "Europe/Berlin"),
]
ISO_INVALID = [
    "", " ", "2013", "2013-04", "2013-4-23", "13-04-23", "2013-02-30", "2013-02-29", "1900-02-29",
    "2100-02-29", "2013-13-01", "2013-00-10", "2013-04-00", "2013-04-31", "2013-04-23T24:00:00Z",
    "2013-04-23T23:60:00Z", "2013-04-23T24:61", "2013-04-23T12:00:60Z", "2013-04-23T12",
    "2013-04-23T12:00:00ZZ", "2013-04-23T12:00:00+25:00", "2013-04-23T12:00:00+02:60",
    "2013-04-23T12:00:00.Z", "2013-04-23T12:00:00.1234567890Z", "2013-04-23x", "2013-04-23 ",
    " 2013-04-23", "2013-04-23T12:00:00 GMT", "2013/04/23", "31-02-1990", "1378767519",
    "2013-04-23T12:00:00+2", "abcd-ef-gh", "２０１３-04-23",
]

# RFC 1123 / RFC 850 / asctime: (text, style)
HTTP_VALID = [
    ("Sun, 06 Nov 1994 08:49:37 GMT", "rfc1123"), ("Tue, 15 Nov 1994 12:45:26 GMT", "rfc1123"),
    ("Thu, 01 Jan 1970 00:00:00 GMT", "rfc1123"), ("Wed, 31 Dec 1969 23:59:59 GMT", "rfc1123"),
    ("Tue, 19 Jan 2038 03:14:08 GMT", "rfc1123"), ("Tue, 29 Feb 2000 12:00:00 GMT", "rfc1123"),
    ("Sat, 01 Mar 1000 00:00:00 GMT", "rfc1123"), ("Mon, 01 Jan 3001 00:00:00 GMT", "rfc1123"),
    ("06 Nov 1994 08:49:37 GMT", "rfc1123"), ("Sun, 6 Nov 1994 08:49:37 +0100", "rfc1123"),
    ("Sun, 06 Nov 1994 08:49 UT", "rfc1123"), ("sun, 06 nov 1994 08:49:37 gmt", "rfc1123"),
    ("Sunday, 06-Nov-94 08:49:37 GMT", "rfc850"), ("Thursday, 01-Jan-70 00:00:00 GMT", "rfc850"),
    ("Monday, 01-Jan-75 00:00:00 GMT", "rfc850"), ("Saturday, 01-Jan-76 00:00:00 GMT", "rfc850"),
    ("Saturday, 01-Jan-00 00:00:00 GMT", "rfc850"), ("Tuesday, 29-Feb-00 00:00:00 GMT", "rfc850"),
    ("Sunday, 06-Nov-1994 08:49:37 GMT", "rfc850"),
    ("Sun Nov  6 08:49:37 1994", "asctime"), ("Thu Jan  1 00:00:00 1970", "asctime"),
    ("Tue Feb 29 23:59:59 2000", "asctime"), ("Fri Dec 31 23:59:59 1999", "asctime"),
    ("Sat Mar  1 00:00:00 1000", "asctime"), ("Sun Nov 6 08:49:37 1994", "asctime"),
]
HTTP_INVALID = [
    ("Sun, 30 Feb 1994 08:49:37 GMT", "rfc1123"), ("Sun, 06 Nov 1994 24:49:37 GMT", "rfc1123"),
    ("Sun, 06 Nov 1994 08:61:37 GMT", "rfc1123"), ("Sun, 06 Nov 1994 08:49:37", "rfc1123"),
    ("Sun, 06 Nov 1994 08:49:37 GMT x", "rfc1123"), ("Sun, 06 Foo 1994 08:49:37 GMT", "rfc1123"),
    ("Xyz, 06 Nov 1994 08:49:37 GMT", "rfc1123"), ("Sun, 06 Nov 94 08:49:37 GMT", "rfc1123"),
    ("Sun, 06 Nov 1994 08:49:37 CEST", "rfc1123"), ("", "rfc1123"),
    ("Sunday, 31-Apr-94 08:49:37 GMT", "rfc850"), ("Sun, 06-Nov-94 08:49:37 GMT", "rfc850"),
    ("Sunday, 06-Nov-994 08:49:37 GMT", "rfc850"), ("Sunday, 06 Nov 1994 08:49:37 GMT", "rfc850"),
    ("Sun Nov 31 08:49:37 1994", "asctime"), ("Sun Nov  6 08:49:37 94", "asctime"),
    ("Sun Nov  6 08:49:37 1994 GMT", "asctime"), ("Nov  6 08:49:37 1994", "asctime"),
]

# Custom patterns: (text, UTS #35 pattern, strptime format)
PATTERN_VALID = [
    ("31.12.1999", "dd.MM.yyyy", "%d.%m.%Y"), ("29.02.2024", "dd.MM.yyyy", "%d.%m.%Y"),
    ("01.03.1000", "dd.MM.yyyy", "%d.%m.%Y"), ("11/27/1982", "MM/dd/yyyy", "%m/%d/%Y"),
    ("2013-11-27", "yyyy-MM-dd", "%Y-%m-%d"),
    ("14 July 1983 07:29", "d MMMM yyyy HH:mm", "%d %B %Y %H:%M"),
    ("Jul 4, 1776 12:00 PM", "MMM d, yyyy hh:mm a", "%b %d, %Y %I:%M %p"),
    ("Jan 1, 3001 12:30 AM", "MMM d, yyyy hh:mm a", "%b %d, %Y %I:%M %p"),
    ("2013-04-23T16:29:05.123+0200", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "%Y-%m-%dT%H:%M:%S.%f%z"),
    ("20130423162905", "yyyyMMddHHmmss", "%Y%m%d%H%M%S"),
]
PATTERN_INVALID = [
    ("31.02.1990", "dd.MM.yyyy"), ("1.2.1990", "dd.MM.yyyy"), ("31.12.1999 ", "dd.MM.yyyy"),
    ("32.01.2000", "dd.MM.yyyy"), ("01.13.2000", "dd.MM.yyyy"), ("13/27/1982", "MM/dd/yyyy"),
    ("Jul 4, 1776 13:00 PM", "MMM d, yyyy hh:mm a"), ("2013-11-27", "dd.MM.yyyy"), ("", "dd.MM.yyyy"),
]

# UNIX time: (value as written in JSON, seconds as Python's Decimal-free float text)
UNIX_VALID = [
    "0", "1378767519", "1378767519.18176508", "-14182940", "-1", "2147483648", "32503680000",
    "951825600", "-30610224000", "426403785", "1e9", "-0.5",
]
UNIX_INVALID = ["", "abc", "12a", "1,5", " 12", "0x10", "inf", "nan", "1.", ".5", "99999999999999999"]


def main():
    out = ["// Generated by Oracle/make_dates.py (python3 make_dates.py > ../OracleDates.swift).",
           "// Expected instants computed by Python's datetime, zoneinfo and email.utils, not by ttsite.",
           "// Do not edit by hand.", "", "enum Oracle {"]
    out.append("    static let iso8601: [OracleDate] = [")
    for text in ISO_VALID:
        fields = iso_fields(text)
        assert fields, text
        naive, nanos, offset, has_time = fields
        out.append(row(text, naive, nanos, offset, has_time=has_time))
    out.append("    ]")
    out.append("    /// Dates without a zone read in a time zone; those with one ignore it.")
    out.append("    static let iso8601Zoneless: [OracleDate] = [")
    for text, zone in ISO_ZONELESS:
        naive, nanos, offset, has_time = iso_fields(text)
        out.append(row(text, naive, nanos, offset, zone_name=zone, has_time=has_time))
    out.append("    ]")
    out.append("    static let iso8601Invalid: [String] = [")
    for text in ISO_INVALID:
        assert iso_fields(text) is None, text
        out.append(f"        {swift_string(text)},")
    out.append("    ]")

    out.append("    /// (style, expected)")
    out.append("    static let http: [(String, OracleDate)] = [")
    for text, style in HTTP_VALID:
        parsed = email.utils.parsedate_tz(text)
        assert parsed, text
        y, mo, d, h, mi, s = parsed[:6]
        if style == "rfc850" and re.search(r"-\d{2} ", text):
            yy = int(re.search(r"-(\d{2}) ", text).group(1))
            rule = NOW.year - NOW.year % 100 + yy
            if rule > NOW.year + 50:
                rule -= 100
            other = rule - 100 if rule > NOW.year else rule + 100
            weekday = text.split(",")[0]

            def fits(year):
                try:
                    return dt.date(year, mo, d).strftime("%A") == weekday
                except ValueError:
                    return False

            y = rule if fits(rule) or not fits(other) else other
        offset = parsed[9] or 0
        naive = dt.datetime(y, mo, d, h, mi, s)
        out.append(f'        ("{style}", {row(text, naive, 0, offset).strip().rstrip(",")}),')
    out.append("    ]")
    out.append("    static let httpInvalid: [(String, String)] = [")
    for text, style in HTTP_INVALID:
        out.append(f'        ("{style}", {swift_string(text)}),')
    out.append("    ]")

    out.append("    /// (pattern, expected)")
    out.append("    static let patterns: [(String, OracleDate)] = [")
    for text, pattern, fmt in PATTERN_VALID:
        parsed = dt.datetime.strptime(text, fmt)
        offset = None
        if parsed.tzinfo is not None:
            offset = int(parsed.utcoffset().total_seconds())
            parsed = parsed.replace(tzinfo=None)
        nanos = parsed.microsecond * 1000
        has_time = "H" in pattern or "h" in pattern
        out.append(f'        ({swift_string(pattern)}, {row(text, parsed.replace(microsecond=0), nanos, offset, has_time=has_time).strip().rstrip(",")}),')
    out.append("    ]")
    out.append("    static let patternsInvalid: [(String, String)] = [")
    for text, pattern in PATTERN_INVALID:
        fmt = {"dd.MM.yyyy": "%d.%m.%Y", "MM/dd/yyyy": "%m/%d/%Y", "MMM d, yyyy hh:mm a": "%b %d, %Y %I:%M %p"}[pattern]
        try:
            parsed = dt.datetime.strptime(text, fmt)
            # strptime accepts "1.2.1990" for dd.MM.yyyy; UTS #35 "dd" needs two digits.
            assert parsed.strftime(fmt) != text, text
        except ValueError:
            pass
        out.append(f"        ({swift_string(pattern)}, {swift_string(text)}),")
    out.append("    ]")

    out.append("    /// (value as text, whole seconds, nanoseconds rounded to microseconds)")
    out.append("    static let unix: [(String, Int64, Int)] = [")
    for text in UNIX_VALID:
        value = float(text)
        moment = EPOCH + dt.timedelta(seconds=value)
        seconds, _ = instant(moment, 0)
        out.append(f"        ({swift_string(text)}, {seconds}, {moment.microsecond * 1000}),")
    out.append("    ]")
    out.append("    static let unixInvalid: [String] = [")
    for text in UNIX_INVALID:
        out.append(f"        {swift_string(text)},")
    out.append("    ]")
    out.append("    /// The `now` the two-digit years above were expanded from.")
    out.append(f"    static let now: Int64 = {instant(NOW, 0)[0]}")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()

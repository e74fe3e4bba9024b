"""The birthday calendar (people/birthdays.ics) read by independent parsers.

Run by scripts/test after the Swift tests: `python3 -m pytest Tests/Calendar`. The fixture site
`Tests/Calendar/site/` is built with the freshly built `ttsite` at several --now instants;
the file is then parsed by PyPI's `icalendar`, its occurrences are expanded by
`recurring_ical_events` and, separately, by `python-dateutil`'s rrule, and every person's next
occurrence must be the next birthday ttsite prints on that person's page. Names and dates are
taken from the fixture's JSON, not from ttsite's output.
"""
import datetime
import html.parser
import json
import pathlib
import re
import urllib.parse
import zoneinfo

import icalendar
import pytest
import recurring_ical_events
from dateutil import rrule

import testkit

SITE = pathlib.Path(__file__).resolve().parent / "site"
BASE_URL = "https://example.org/reports/"
TITLE = 'Birthdays, dates; and "more" \\ more'
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")

# --now instants, and why each one is there (the site's zone is Europe/Berlin):
NOWS = [
    "2026-11-22T08:00:00Z",  # 2027 is a common year: Feb 29 birthdays fall on 2027-02-28
    "2027-02-28T23:30:00Z",  # already 2027-03-01 in Berlin: the next Feb 29 is 2028-02-29
    "2028-02-29T12:00:00Z",  # a leap day: today is the Feb 29 birthday
    "2027-12-31T23:30:00Z",  # already 2028-01-01 in Berlin: the Jan 1 birthday is today
]


def people():
    """(full name, birth date or None, uuid or None) of each record, read from the JSON."""
    document = json.loads((SITE / "Content" / "data" / "people.json").read_text(encoding="utf-8"))
    result = []
    for record in document["results"]:
        name = record["name"]
        full = (name.get("first", "") + " " + name.get("last", "")).strip()
        dob = record.get("dob", {}).get("date")
        born = datetime.date.fromisoformat(dob[:10]) if dob else None
        result.append((full, born, record.get("login", {}).get("uuid")))
    return result


def unescaped(text):
    """A TEXT value of RFC 5545 3.3.11 unescaped in one pass, so that an escaped backslash
    before an "n" stays a backslash and an "n"."""
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), text)


def build(now, folder):
    output = folder / "site"
    testkit.build(SITE, output, now=now)
    return output


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    return {now: build(now, tmp_path_factory.mktemp("calendar")) for now in NOWS}


def local_today(now):
    instant = datetime.datetime.fromisoformat(now.replace("Z", "+00:00"))
    return instant.astimezone(BERLIN).date()


class NextBirthday(html.parser.HTMLParser):
    """The `datetime` of the <time> in the person card's "Next birthday" entry."""

    def __init__(self):
        super().__init__()
        self.last_dt = ""
        self.in_dt = False
        self.in_dd = False
        self.value = None

    def handle_starttag(self, tag, attrs):
        if tag == "dt":
            self.in_dt, self.last_dt = True, ""
        elif tag == "dd":
            self.in_dd = True
        elif tag == "time" and self.in_dd and self.last_dt == "Next birthday":
            self.value = dict(attrs)["datetime"]

    def handle_endtag(self, tag):
        if tag == "dt":
            self.in_dt = False
        elif tag == "dd":
            self.in_dd = False

    def handle_data(self, data):
        if self.in_dt:
            self.last_dt += data


def page_next_birthday(output, url):
    assert url.startswith(BASE_URL), url
    path = urllib.parse.unquote(url[len(BASE_URL):])
    page = output / path / "index.html"
    assert page.is_file(), f"{url} is not a page of the site"
    parser = NextBirthday()
    parser.feed(page.read_text(encoding="utf-8"))
    assert parser.value, f"no next birthday on {page}"
    return datetime.date.fromisoformat(parser.value)


def first_birthday_on_or_after(occurrences, born, today):
    """The first occurrence from `today` on that is a birthday: the day of birth itself
    (the event's first instance, DTSTART) is not one, as on ttsite's pages."""
    return min(day for day in occurrences if day >= today and day != born)


@pytest.mark.parametrize("now", NOWS)
def test_the_file_is_well_formed_rfc5545_text(builds, now):
    data = (builds[now] / "people" / "birthdays.ics").read_bytes()
    assert data.endswith(b"\r\n")
    lines = data.split(b"\r\n")[:-1]
    assert b"\n" not in b"".join(lines) and b"\r" not in b"".join(lines), "a bare CR or LF"
    for line in lines:
        assert len(line) <= 75, line
        line.decode("utf-8")  # strict: a fold never splits a character
    assert lines[0] == b"BEGIN:VCALENDAR" and lines[-1] == b"END:VCALENDAR"
    assert any(line.startswith(b" ") for line in lines), "the fixture's long names need folding"


@pytest.mark.parametrize("now", NOWS)
def test_every_event_against_the_data_and_the_pages(builds, now):
    output = builds[now]
    calendar = icalendar.Calendar.from_ical((output / "people" / "birthdays.ics").read_bytes())
    assert str(calendar["VERSION"]) == "2.0"
    assert str(calendar["PRODID"])
    # icalendar hands X-WR-CALNAME and NAME (RFC 7986) over as unknown properties, still
    # escaped: they are TEXT (RFC 5545 3.8.8.2), unescaped here.
    assert unescaped(calendar["X-WR-CALNAME"].to_ical().decode()) == TITLE
    assert unescaped(calendar["NAME"].to_ical().decode()) == TITLE

    today = local_today(now)
    expected = {f"{full}'s birthday": (born, uuid) for full, born, uuid in people()
                if born is not None and born <= today}
    events = calendar.walk("VEVENT")
    assert sorted(str(event["SUMMARY"]) for event in events) == sorted(expected)
    assert len({str(event["UID"]) for event in events}) == len(events)

    expanded = recurring_ical_events.of(calendar).between(today, today + datetime.timedelta(days=400))
    by_uid = {}
    for occurrence in expanded:
        start = occurrence["DTSTART"].dt
        assert type(start) is datetime.date, "an all-day event"
        by_uid.setdefault(str(occurrence["UID"]), []).append(start)

    checked_leap = False
    for event in events:
        born, uuid = expected[str(event["SUMMARY"])]
        uid = str(event["UID"])
        if uuid:
            assert uid == f"birthday-{uuid.lower()}@ttsite"
        start = event["DTSTART"].dt
        assert type(start) is datetime.date and start == born
        assert event["DTEND"].dt == born + datetime.timedelta(days=1)
        assert str(event["TRANSP"]) == "TRANSPARENT"
        assert event["DTSTAMP"].dt == datetime.datetime.fromisoformat(now.replace("Z", "+00:00")).replace(microsecond=0)

        on_page = page_next_birthday(output, str(event["URL"]))
        # recurring_ical_events: the occurrences of the next 400 days.
        assert first_birthday_on_or_after(by_uid[uid], born, today) == on_page, event["SUMMARY"]
        # python-dateutil: the same RRULE with the same start, expanded on its own.
        rule = rrule.rrulestr(event["RRULE"].to_ical().decode(), dtstart=datetime.datetime.combine(born, datetime.time()))
        following = rule.after(datetime.datetime.combine(max(today, born + datetime.timedelta(days=1)), datetime.time()), inc=True)
        assert following.date() == on_page, event["SUMMARY"]
        if (born.month, born.day) == (2, 29):
            checked_leap = True
            leap = on_page.year % 4 == 0 and (on_page.year % 100 != 0 or on_page.year % 400 == 0)
            assert (on_page.month, on_page.day) == ((2, 29) if leap else (2, 28))
    assert checked_leap


def test_a_feb_29_birthday_falls_on_feb_28_in_a_common_year(builds):
    """Worked out by hand: on 2026-11-22 the next birthday of someone born 2004-02-29 is in
    2027, a common year, so on 2027-02-28; after 2027-03-01 it is 2028-02-29."""
    for now, expected in [("2026-11-22T08:00:00Z", datetime.date(2027, 2, 28)),
                          ("2027-02-28T23:30:00Z", datetime.date(2028, 2, 29))]:
        calendar = icalendar.Calendar.from_ical((builds[now] / "people" / "birthdays.ics").read_bytes())
        dora = next(e for e in calendar.walk("VEVENT") if str(e["SUMMARY"]) == "Dora Delta's birthday")
        days = [o["DTSTART"].dt for o in recurring_ical_events.of(calendar).between(local_today(now), datetime.date(2029, 1, 1))
                if str(o["UID"]) == str(dora["UID"])]
        assert min(days) == expected


def test_uids_are_the_same_in_every_build(builds):
    seen = {}
    for output in builds.values():
        calendar = icalendar.Calendar.from_ical((output / "people" / "birthdays.ics").read_bytes())
        for event in calendar.walk("VEVENT"):
            seen.setdefault(str(event["SUMMARY"]), set()).add(str(event["UID"]))
    assert all(len(uids) == 1 for uids in seen.values()), seen


def test_two_builds_with_the_same_now_are_byte_identical(builds, tmp_path):
    again = build(NOWS[0], tmp_path)
    assert (again / "people" / "birthdays.ics").read_bytes() == (builds[NOWS[0]] / "people" / "birthdays.ics").read_bytes()


def test_the_people_pages_link_the_calendar(builds):
    output = builds[NOWS[0]]
    for page in [output / "people" / "index.html", output / "de" / "people" / "index.html"]:
        text = page.read_text(encoding="utf-8")
        assert 'href="webcal://example.org/reports/people/birthdays.ics"' in text
        links = [part.split('"')[0] for part in text.split('href="')[1:] if ".ics" in part.split('"')[0]]
        relative = [link for link in links if "://" not in link]
        assert len(relative) == 1
        assert (page.parent / relative[0]).resolve() == (output / "people" / "birthdays.ics").resolve()

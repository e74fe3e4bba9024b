"""The feeds of every built site, read by independent parsers: PyPI's feedparser for Atom
(no bozo flag: well-formed, a known feed type) and Python's json with the JSON Feed 1.1 rules
written out below from https://www.jsonfeed.org/version/1.1/. Every entry's link must be a
page of the site, every id unique, and feeds must be listed nowhere they do not belong (the
sitemap is for pages).
"""
import json
import pathlib
import re

import feedparser
import pytest

import built_sites

RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")


def feeds(site):
    """(Atom path, JSON Feed path) of every feed of a built site."""
    pairs = []
    for atom in sorted(site.rglob("*.xml")):
        if atom.name == "sitemap.xml":
            continue
        json_name = "upcoming.json" if atom.name == "upcoming.xml" else "feed.json"
        pairs.append((atom, atom.with_name(json_name)))
    return pairs


def page_of(url, name, site):
    """The built file an absolute URL of the site names, or None."""
    base = built_sites.base_url(name)
    if not url.startswith(base):
        return None
    path = site / url[len(base):]
    page = path / "index.html" if url.endswith("/") else path
    return page if page.is_file() else None


def test_the_example_site_has_both_kinds_of_feed_in_both_languages(example):
    names = sorted(str(atom.relative_to(example)) for atom, _ in feeds(example))
    assert names == ["atom.xml", "de/atom.xml", "de/people/upcoming.xml", "people/upcoming.xml"]


@pytest.mark.parametrize("name", list(built_sites.SITES))
def test_every_atom_feed_parses_and_links_to_pages(www, name):
    site = www / name
    for atom, _ in feeds(site):
        parsed = feedparser.parse(atom.read_bytes())
        assert not parsed.bozo, f"{atom}: {parsed.get('bozo_exception')}"
        assert parsed.version == "atom10", atom
        assert parsed.feed.title and parsed.feed.updated and parsed.feed.id
        ids = [entry.id for entry in parsed.entries]
        assert len(ids) == len(set(ids)), f"{atom}: an id twice"
        for entry in parsed.entries:
            assert entry.title and entry.summary and entry.updated, f"{atom}: {entry.id}"
            assert page_of(entry.link, name, site), f"{atom}: {entry.link} is no page of the site"
            assert re.match(r"^(urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|https://)", entry.id)


@pytest.mark.parametrize("name", list(built_sites.SITES))
def test_every_json_feed_follows_json_feed_1_1(www, name):
    site = www / name
    for atom, path in feeds(site):
        feed = json.loads(path.read_text(encoding="utf-8"))
        assert feed["version"] == "https://jsonfeed.org/version/1.1"
        assert isinstance(feed["title"], str) and feed["title"]
        assert feed["feed_url"] == built_sites.base_url(name) + str(path.relative_to(site))
        assert page_of(feed["home_page_url"], name, site)
        assert all(isinstance(author.get("name"), str) for author in feed.get("authors", []))
        assert isinstance(feed["items"], list)
        for item in feed["items"]:
            assert isinstance(item["id"], str) and item["id"]
            assert "content_html" in item or "content_text" in item, item["id"]
            assert page_of(item["url"], name, site), f"{path}: {item['url']}"
            for key in ("date_published", "date_modified"):
                assert RFC3339.match(item[key]), f"{path}: {key} {item[key]}"
        # The same entries as the Atom feed, in the same order.
        parsed = feedparser.parse(atom.read_bytes())
        assert [item["id"] for item in feed["items"]] == [entry.id for entry in parsed.entries]


def test_pages_link_their_feeds_and_the_sitemap_does_not(example):
    home = (example / "index.html").read_text(encoding="utf-8")
    assert '<link rel="alternate" type="application/atom+xml" title="Upcoming birthdays" href="people/upcoming.xml">' in home
    assert '<link rel="alternate" type="application/feed+json" title="Birthdays and Timelines" href="feed.json">' in home
    german = (example / "de" / "about" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../de/people/upcoming.xml"' in german
    sitemap = (example / "sitemap.xml").read_text(encoding="utf-8")
    assert "upcoming" not in sitemap and "feed.json" not in sitemap and "atom.xml" not in sitemap


def test_feeds_hold_nothing_private(www):
    """The mixed fixture's records carry fake e-mails, phones, logins and ids: none is in a feed."""
    for atom, path in feeds(www / "mixed-site"):
        for text in (atom.read_text(encoding="utf-8"), path.read_text(encoding="utf-8")):
            for marker in ("noise", "Noise", "example.com", "FAKE-", "555-0", "qXz9"):
                assert marker not in text, f"{atom.parent}: {marker}"

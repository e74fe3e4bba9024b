"""A structural check of sitemap.xml against the sitemaps.org 0.9 protocol.

Neither Debian nor PyPI ships the protocol's XSD (sitemap.xsd), and the tests have no other
way to fetch it, so this checks with lxml what the schema says — one `urlset` root in the
0.9 namespace, `url` elements of one `loc` and optional `lastmod` (W3C datetime),
`changefreq` (the seven words) and `priority` (0.0–1.0), nothing else, at most 50,000 URLs
— and what the protocol's text and ttsite add: each `loc` an absolute http(s) URL under the
site's base URL, no duplicates, each one a page that was built, and every built page but
404.html listed.
"""
import re
import urllib.parse

from lxml import etree

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
CHANGEFREQ = {"always", "hourly", "daily", "weekly", "monthly", "yearly", "never"}
W3C_DATETIME = re.compile(
    r"^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$")


def problems(data, base_url, pages):
    """Everything wrong with the sitemap `data` (bytes) of a site at `base_url` whose built
    HTML pages are `pages` (paths relative to the site folder). Empty when all is well."""
    found = []
    try:
        root = etree.fromstring(data)
    except etree.XMLSyntaxError as error:
        return [f"not well-formed XML: {error}"]
    if root.tag != f"{{{NS}}}urlset":
        return [f"the root element is {root.tag}, not urlset in the namespace {NS}"]
    urls = list(root)
    if len(urls) > 50_000:
        found.append(f"{len(urls)} URLs; a sitemap holds at most 50,000")
    seen = set()
    for index, url in enumerate(urls):
        where = f"url[{index}]"
        if url.tag != f"{{{NS}}}url":
            found.append(f"{where}: {url.tag} where only url is allowed")
            continue
        children = [child.tag.replace(f"{{{NS}}}", "") for child in url]
        if children.count("loc") != 1:
            found.append(f"{where}: {children.count('loc')} loc elements, not one")
        for name in set(children) - {"loc", "lastmod", "changefreq", "priority"}:
            found.append(f"{where}: unknown element {name}")
        for child in url:
            name, text = child.tag.replace(f"{{{NS}}}", ""), (child.text or "").strip()
            if name == "loc":
                found += [f"{where}: {p}" for p in loc_problems(text, base_url, pages, seen)]
            elif name == "lastmod" and not W3C_DATETIME.match(text):
                found.append(f"{where}: lastmod {text!r} is not a W3C datetime")
            elif name == "changefreq" and text not in CHANGEFREQ:
                found.append(f"{where}: changefreq {text!r} is not one of {sorted(CHANGEFREQ)}")
            elif name == "priority" and not re.fullmatch(r"(0(\.\d+)?|1(\.0+)?)", text):
                found.append(f"{where}: priority {text!r} is not between 0.0 and 1.0")
    listed = {page_of(loc, base_url) for loc in seen}
    for page in sorted(set(pages) - listed - {"404.html"}):
        found.append(f"{page} was built but is not in the sitemap")
    return found


def loc_problems(loc, base_url, pages, seen):
    parts = urllib.parse.urlsplit(loc)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return [f"loc {loc!r} is not an absolute http(s) URL"]
    if len(loc) >= 2048:
        return [f"loc {loc[:60]}… is 2,048 characters or longer"]
    if not loc.startswith(base_url):
        return [f"loc {loc!r} is not under the base URL {base_url}"]
    if loc in seen:
        return [f"loc {loc!r} is listed twice"]
    seen.add(loc)
    page = page_of(loc, base_url)
    if page not in pages:
        return [f"loc {loc!r} is not a built page (no {page})"]
    return []


def page_of(loc, base_url):
    """The file a URL of the site is served from: a pretty URL ending in / is its index.html."""
    path = urllib.parse.unquote(loc[len(base_url):])
    return path + "index.html" if path == "" or path.endswith("/") else path

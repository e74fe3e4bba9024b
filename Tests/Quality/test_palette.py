"""The colours of the built style sheet meet WCAG AA contrast (4.5:1 for text) in both schemes.

axe leaves some text undecided ("incomplete"): the age chart's SVG labels and counts are too
short for it to tell whether they are text. This checks every text colour of the palette over
every background it is used on, with the WCAG 2 relative-luminance formula written out here,
independently of axe, and the white initials over each avatar colour.
"""
import re

import pytest

TEXT = ["fg", "muted", "accent"]
BACKGROUNDS = ["bg", "card", "accent-soft"]


def luminance(hex_colour):
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    light, dark = sorted([luminance(a), luminance(b)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


def palettes(css):
    """The custom properties of `:root` (light) and of the dark scheme's `:root` override."""
    light = re.search(r"^:root \{(.*?)^\}", css, re.S | re.M).group(1)
    dark = re.search(r"@media \(prefers-color-scheme: dark\) \{\s*:root \{(.*?)\}", css, re.S).group(1)
    read = lambda block: dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", block))
    light_colours = read(light)
    return {"light": light_colours, "dark": {**light_colours, **read(dark)}}


@pytest.fixture(scope="module")
def css(example):
    return next((example / "assets").glob("style.*.css")).read_text(encoding="utf-8")


def test_the_formula_agrees_with_known_ratios():
    # WCAG's own extremes, and #767676 on white, the well-known lightest grey that passes AA.
    assert round(contrast("#000000", "#ffffff"), 2) == 21.0
    assert contrast("#ffffff", "#ffffff") == 1.0
    assert 4.5 <= contrast("#767676", "#ffffff") < 4.6
    assert contrast("#777777", "#ffffff") < 4.5


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_colours_contrast_with_their_backgrounds(css, scheme):
    colours = palettes(css)[scheme]
    low = [f"{text} on {background}: {contrast(colours[text], colours[background]):.2f}"
           for text in TEXT for background in BACKGROUNDS
           if contrast(colours[text], colours[background]) < 4.5]
    assert low == []


def test_avatar_initials_contrast_with_their_colour(css):
    avatars = re.findall(r"\.(avatar-\d+) \{ background: (#[0-9a-fA-F]{6}); \}", css)
    assert len(avatars) >= 12
    low = [f"{name}: {contrast('#ffffff', colour):.2f}" for name, colour in avatars if contrast("#ffffff", colour) < 4.5]
    assert low == []

"""sitemap.xml of every built site passes the structural check of sitemap_check.py (the
sitemaps.org 0.9 schema's rules and the protocol's; why not the XSD itself is said there),
and the check itself finds each kind of fault planted in a small hand-written sitemap."""
import pytest

import built_sites
import sitemap_check

BASE = "https://example.org/reports/"
PAGES = ["index.html", "about/index.html", "404.html"]


def sitemap(*urls, namespace=sitemap_check.NS):
    body = "".join(f"<url>{url}</url>" for url in urls)
    return f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="{namespace}">{body}</urlset>'.encode()


@pytest.mark.parametrize("name", list(built_sites.SITES))
def test_the_built_sitemap_is_valid(www, name):
    site = www / name
    data = (site / "sitemap.xml").read_bytes()
    assert sitemap_check.problems(data, built_sites.base_url(name), built_sites.html_pages(site)) == []


def test_a_good_sitemap_passes():
    data = sitemap(f"<loc>{BASE}</loc><lastmod>2026-11-22T08:00:00Z</lastmod>",
                   f"<loc>{BASE}about/</loc><changefreq>daily</changefreq><priority>0.5</priority>")
    assert sitemap_check.problems(data, BASE, PAGES) == []


# Each planted fault and the words its problem must contain (written by hand from the protocol).
@pytest.mark.parametrize("data,expected", [
    (b"<urlset>", "not well-formed XML"),
    (sitemap(f"<loc>{BASE}</loc>", namespace="http://example.org/other"), "not urlset in the namespace"),
    (sitemap("<loc>about/</loc>", f"<loc>{BASE}</loc>"), "not an absolute http(s) URL"),
    (sitemap("<loc>ftp://example.org/reports/about/</loc>", f"<loc>{BASE}</loc>"), "not an absolute http(s) URL"),
    (sitemap("<loc>https://example.org/elsewhere/</loc>", f"<loc>{BASE}about/</loc>", f"<loc>{BASE}</loc>"), "not under the base URL"),
    (sitemap(f"<loc>{BASE}</loc>", f"<loc>{BASE}about/</loc>", f"<loc>{BASE}</loc>"), "listed twice"),
    (sitemap(f"<loc>{BASE}</loc>", f"<loc>{BASE}about/</loc>", f"<loc>{BASE}gone/</loc>"), "not a built page"),
    (sitemap(f"<loc>{BASE}</loc>"), "about/index.html was built but is not in the sitemap"),
    (sitemap(f"<loc>{BASE}</loc><loc>{BASE}about/</loc>"), "2 loc elements"),
    (sitemap(f"<loc>{BASE}</loc><lastmod>22.11.2026</lastmod>", f"<loc>{BASE}about/</loc>"), "not a W3C datetime"),
    (sitemap(f"<loc>{BASE}</loc><changefreq>sometimes</changefreq>", f"<loc>{BASE}about/</loc>"), "changefreq"),
    (sitemap(f"<loc>{BASE}</loc><priority>1.5</priority>", f"<loc>{BASE}about/</loc>"), "priority"),
    (sitemap(f"<loc>{BASE}</loc><title>x</title>", f"<loc>{BASE}about/</loc>"), "unknown element title"),
])
def test_a_planted_fault_is_found(data, expected):
    found = sitemap_check.problems(data, BASE, PAGES)
    assert any(expected in problem for problem in found), found

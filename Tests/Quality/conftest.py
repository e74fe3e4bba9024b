"""Fixtures of the quality gates: the built sites, and a loopback HTTP server serving them.
What every Python suite shares is in Tests/conftest.py and Tests/testkit.py.

Run by scripts/test after the browser suite (`python3 -m pytest Tests/Quality`), with what it
needs installed by scripts/install-quality.
"""
import pytest

import built_sites
import testkit


@pytest.fixture(scope="session")
def www(tmp_path_factory):
    """A folder holding every built site under its name, as a web server's document root."""
    root = tmp_path_factory.mktemp("quality") / "www"
    root.mkdir()
    for name in built_sites.SITES:
        built_sites.build(name, root)
    return root


@pytest.fixture(scope="session")
def example(www):
    return www / "reports"


@pytest.fixture(scope="session")
def server(www):
    """The sites over real HTTP on 127.0.0.1: pages load their style sheet and 404.html its
    root-relative links as they would on a web host, which file:// URLs cannot do."""
    httpd = testkit.serve(www)
    yield testkit.address(httpd)
    httpd.shutdown()
    httpd.server_close()

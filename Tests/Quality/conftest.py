"""Fixtures of the quality gates: the built sites, and a loopback HTTP server serving them.

Run by scripts/test after the browser suite (`python3 -m pytest Tests/Quality`), with what it
needs installed by scripts/install-quality.
"""
import functools
import http.server
import pathlib
import tempfile
import threading

import pytest

import built_sites


@pytest.fixture(scope="session")
def www():
    """A folder holding every built site under its name, as a web server's document root."""
    root = pathlib.Path(tempfile.mkdtemp(prefix="ttsite-quality-"))
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
    handler = functools.partial(QuietHandler, directory=str(www))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

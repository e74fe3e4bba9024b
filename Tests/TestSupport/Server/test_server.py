#!/usr/bin/env python3
"""A loopback HTTP server for the DataSources tests: serves a fixture and misbehaves on demand.

Binds 127.0.0.1 on a free port, prints the port on stdout, and exits when its stdin closes
(the test process ended) or after two hours, whichever comes first (a test run on a
loaded machine takes far longer than one on an idle one). Standard library only.

Paths (every <key> is chosen by a test, so parallel tests do not share state):
  /fixed/<mode>            behaves as <mode> (see MODES)
  /data/<key>              behaves as the mode last set for <key> (default "good")
  /control/<key>/<mode>    sets the mode of /data/<key>
  /flaky/<key>/<n>         HTTP 500 for the first <n> requests, then "good"
  /requests/<key>          how often /data/<key> or /flaky/<key>/… was asked, and the last headers
  /redirect-to-data/<key>  redirects to /data/<key>
  /loop/<n>                redirects to /loop/<n+1>, for ever
  /chain/<n>               redirects <n> more times, then "good"
  /picture/<key>/<name>    the picture fixture <name> (made by ../Pictures/pictures.py), with an
                           ETag and 304 on a match; ?type=<media type> replaces its Content-Type;
                           counted under <key> like /data/<key>
  /picture-mode/<key>/<name>  as /picture/<key>/<name> while the mode of <key> is "good",
                           else behaves as that mode (see /control)
"""

import gzip
import hashlib
import json
import mimetypes
import os
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

GOOD = json.dumps({"results": [{"name": "Ada"}, {"name": "Grace"}], "info": {"version": 1}}).encode()
GOOD2 = json.dumps({"results": [{"name": "Ada"}, {"name": "Grace"}, {"name": "Hedy"}], "info": {"version": 2}}).encode()
# Two people as randomuser.me writes them, for tests that build a whole site.
PEOPLE = json.dumps({"results": [
    {"name": {"first": "Ada", "last": "Lovelace"}, "dob": {"date": "1815-12-10T00:00:00Z"},
     "login": {"uuid": "0b7c2f3e-0000-4000-8000-000000000001"}},
    {"name": {"first": "Grace", "last": "Hopper"}, "dob": {"date": "1906-12-09T00:00:00Z"},
     "login": {"uuid": "0b7c2f3e-0000-4000-8000-000000000002"}},
], "info": {"version": "1.4"}}).encode()
LAST_MODIFIED = "Wed, 21 Oct 2015 07:28:00 GMT"
# A hang outlasts any client's time-out by far, so that the time-out, not the answer, ends
# it even on a loaded machine; a slow answer comes within a test's patience.
HANG_SECONDS = 60
SLOW_SECONDS = 4

state_lock = threading.Lock()
modes = {}
requests = {}
pictures_lock = threading.Lock()
pictures_folder = None


def picture_bytes(name):
    """The bytes of a picture fixture, made on first use by ../Pictures/pictures.py."""
    global pictures_folder
    with pictures_lock:
        if pictures_folder is None:
            folder = tempfile.mkdtemp(prefix="ttsite-server-pictures-")
            script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Pictures", "pictures.py")
            subprocess.run([sys.executable, script, "make", folder], check=True, timeout=600)
            pictures_folder = folder
    path = os.path.join(pictures_folder, os.path.basename(name))
    with open(path, "rb") as file:
        return file.read()


def record(key, headers):
    with state_lock:
        entry = requests.setdefault(key, {"count": 0, "headers": {}})
        entry["count"] += 1
        entry["headers"] = {name.lower(): value for name, value in headers.items()}
        return entry["count"]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def send(self, status, body=b"", content_type="application/json", headers=()):
        self.send_response(status)
        if status != 304:
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if status != 304:
            self.wfile.write(body)

    def redirect(self, location):
        self.send(302, b"", "text/plain", [("Location", location)])

    def do_GET(self):
        parts = [part for part in self.path.split("?")[0].split("/") if part]
        try:
            if len(parts) == 2 and parts[0] == "fixed":
                return self.behave(parts[1])
            if len(parts) == 2 and parts[0] == "data":
                record(parts[1], self.headers)
                with state_lock:
                    mode = modes.get(parts[1], "good")
                return self.behave(mode)
            if len(parts) == 3 and parts[0] == "control":
                with state_lock:
                    modes[parts[1]] = parts[2]
                return self.send(200, b"ok", "text/plain")
            if len(parts) == 3 and parts[0] == "flaky":
                count = record(parts[1], self.headers)
                return self.behave("500" if count <= int(parts[2]) else "good")
            if len(parts) == 2 and parts[0] == "requests":
                with state_lock:
                    entry = requests.get(parts[1], {"count": 0, "headers": {}})
                    body = json.dumps(entry).encode()
                return self.send(200, body)
            if len(parts) == 3 and parts[0] in ("picture", "picture-mode"):
                record(parts[1], self.headers)
                with state_lock:
                    mode = modes.get(parts[1], "good") if parts[0] == "picture-mode" else "good"
                if mode != "good":
                    return self.behave(mode)
                return self.picture(parts[2], parse_qs(urlsplit(self.path).query).get("type", [None])[0])
            if len(parts) == 2 and parts[0] == "redirect-to-data":
                return self.redirect("/data/" + parts[1])
            if len(parts) == 2 and parts[0] == "loop":
                return self.redirect("/loop/%d" % (int(parts[1]) + 1))
            if len(parts) == 2 and parts[0] == "chain":
                remaining = int(parts[1])
                return self.redirect("/chain/%d" % (remaining - 1)) if remaining > 0 else self.behave("good")
            return self.send(404, b'{"message": "no such test path"}')
        except (BrokenPipeError, ConnectionResetError):
            pass

    def picture(self, name, content_type):
        try:
            body = picture_bytes(name)
        except FileNotFoundError:
            return self.send(404, b'{"message": "no such picture fixture"}')
        etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        if self.headers.get("If-None-Match") == etag:
            return self.send(304, headers=[("ETag", etag)])
        guessed = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return self.send(200, body, content_type or guessed, headers=[("ETag", etag)])

    def behave(self, mode):
        if mode in ("good", "etag", "lastmod"):
            validators = []
            if mode in ("good", "etag"):
                validators.append(("ETag", '"v1"'))
            if mode in ("good", "lastmod"):
                validators.append(("Last-Modified", LAST_MODIFIED))
            if mode != "lastmod" and self.headers.get("If-None-Match") == '"v1"':
                return self.send(304, headers=validators)
            if mode == "lastmod" and self.headers.get("If-Modified-Since") == LAST_MODIFIED:
                return self.send(304, headers=validators)
            return self.send(200, GOOD, headers=validators)
        if mode == "good2":
            if self.headers.get("If-None-Match") == '"v2"':
                return self.send(304, headers=[("ETag", '"v2"')])
            return self.send(200, GOOD2, headers=[("ETag", '"v2"')])
        if mode == "people":
            return self.send(200, PEOPLE)
        if mode == "csv":
            if self.headers.get("If-None-Match") == '"csv1"':
                return self.send(304, headers=[("ETag", '"csv1"')])
            return self.send(200, b"name,n\r\nalpha,1\r\nbeta,2\r\n", "text/csv", headers=[("ETag", '"csv1"')])
        if mode == "raggedcsv":
            return self.send(200, b"name,n\nalpha,1,extra\n", "text/csv")
        if mode == "slowpeople":
            time.sleep(SLOW_SECONDS)
            return self.send(200, PEOPLE)
        if mode.isdigit():
            status = int(mode)
            return self.send(status, json.dumps({"status": status}).encode())
        if mode == "hang":
            time.sleep(HANG_SECONDS)
            return self.send(200, GOOD)
        if mode == "truncated":
            self.close_connection = True
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "400")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"[" + b"1," * 59 + b"1")  # 120 bytes of 400
            self.wfile.flush()
            return
        if mode == "html":
            return self.send(200, b"<!DOCTYPE html><html><body><h1>Maintenance</h1></body></html>", "text/html; charset=utf-8")
        if mode == "error":
            return self.send(200, b'{"error": "Uh oh, something has gone wrong."}')
        if mode == "empty":
            return self.send(200, b'{"results": []}')
        if mode == "notjson":
            return self.send(200, b"{results: oops")
        if mode == "big":
            return self.send(200, b"[" + b"0," * 2999 + b"0]")
        if mode == "bigchunked":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"0," * 500
            for _ in range(6):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.write(b"1\r\n0\r\n0\r\n\r\n")
            return
        if mode == "gzip":
            if "gzip" not in (self.headers.get("Accept-Encoding") or ""):
                return self.send(406, b'{"error": "the client did not accept gzip"}')
            return self.send(200, gzip.compress(GOOD), headers=[("Content-Encoding", "gzip")])
        if mode == "useragent":
            body = json.dumps({"results": [{"userAgent": self.headers.get("User-Agent")}]}).encode()
            return self.send(200, body)
        if mode == "loop":
            return self.redirect("/loop/1")
        return self.send(404, json.dumps({"message": "unknown mode " + mode}).encode())


def exit_when_stdin_closes():
    sys.stdin.buffer.read()
    os._exit(0)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    threading.Timer(7200, lambda: os._exit(0)).start()
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

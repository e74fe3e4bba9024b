#!/usr/bin/env python3
"""ttsite's benchmark kit: builds the same Markdown corpora with ttsite (release), Hugo and a
single-threaded C loop over cmark-gfm, and a data site with ttsite alone; prints medians,
min–max, peak memory and the ratios ttsite/Hugo and ttsite/C-loop measured in the same run.

The Markdown corpora: the seeded pages with a title and a date as front matter (`dates`), the
same pages with front matter as Hugo's archetypes and their users write it (`hugo`: full
date-times, tag lists, escaped quotes, a nested author), and with --tldr a real corpus the
team did not write: tldr-pages' English pages (git clone --depth 1
https://github.com/tldr-pages/tldr), about 7,400 short pages without front matter.

    python3 Benchmarks/run.py                      # 10,000 pages of both kinds, the data site, the example site
    python3 Benchmarks/run.py --tldr ~/tldr --pages --no-data --no-example --tmpfs   # the real corpus alone
    python3 Benchmarks/run.py --pages 1000 10000 100000 --runs 5
    python3 Benchmarks/run.py --pages --people 1000 --scenarios 100   # a smaller data site only
    python3 Benchmarks/run.py --tmpfs             # corpora and output in /dev/shm: shows CPU cost, not the disk
    python3 Benchmarks/run.py --pages --no-data --no-example --templates   # the template engine alone
    python3 Benchmarks/run.py --pages --no-example --tmpfs --against 932452a  # the data site against an older ttsite
    python3 Benchmarks/run.py --pages --no-data --no-example --pictures        # a picture per person, from loopback

Wall-clock figures need a quiet machine; for before/after comparisons of code changes on a
busy one, count instructions instead: Benchmarks/callgrind.py.

Needs hyperfine, hugo, GNU time and a C compiler (Debian: apt-get install hyperfine hugo time
gcc libcmark-gfm-dev libcmark-gfm-extensions-dev libvips-dev), and Pillow for --pictures (pip install pillow). Corpora go to $TTSITE_BENCH_DIR (default /tmp/ttsite-bench).
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.environ.get("TTSITE_BENCH_DIR", "/tmp/ttsite-bench")
NOW = "2026-11-22T08:00:00Z"
NEXT_DAY = "2026-11-23T08:00:00Z"


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def check_disk(pages):
    """A page takes ~3 KB of Markdown and ~6 KB of HTML per builder, plus file-system blocks."""
    needed = pages * 4096 * 8
    free = shutil.disk_usage(WORK).free
    if free < needed:
        sys.exit(f"run.py: {pages:,} pages need about {needed / 2**30:.1f} GiB free in {WORK}, "
                 f"there are {free / 2**30:.1f} GiB (set TTSITE_BENCH_DIR to another disk)")


def prepare(pages, front_matter):
    check_disk(pages)
    corpus = os.path.join(WORK, f"md{pages}" + ("" if front_matter == "dates" else f"-{front_matter}"))
    if not os.path.exists(os.path.join(corpus, "list.txt")):
        shutil.rmtree(corpus, ignore_errors=True)
        run([sys.executable, os.path.join(HERE, "generate_markdown_site.py"), "--pages", str(pages),
             "--front-matter", front_matter, "--out", corpus])
        write_list(corpus)
    return corpus


def write_list(corpus):
    """The Markdown files of the corpus, for the C loop."""
    content = os.path.join(corpus, "ttsite", "Content")
    names = sorted(os.path.relpath(os.path.join(d, f), content)
                   for d, _, files in os.walk(content) for f in files if f.endswith(".md"))
    with open(os.path.join(corpus, "list.txt"), "w") as f:
        f.write("\n".join(names) + "\n")
    return len(names)


def prepare_tldr(checkout):
    """tldr-pages' English pages (`pages/<platform>/<command>.md`) as a ttsite and a Hugo site,
    with the configuration and layouts of the seeded corpus. The few pages that show keys as
    `{{<Esc>}}` are left out for all three builders: Hugo reads them as shortcodes and stops."""
    corpus = os.path.join(WORK, "tldr")
    if not os.path.exists(os.path.join(corpus, "list.txt")):
        shutil.rmtree(corpus, ignore_errors=True)
        # The seeded corpus's site files, around no pages of its own.
        run([sys.executable, os.path.join(HERE, "generate_markdown_site.py"), "--pages", "0", "--out", corpus])
        content = os.path.join(corpus, "ttsite", "Content")
        shutil.copytree(os.path.join(checkout, "pages"), content, dirs_exist_ok=True)
        shortcode = re.compile(r"\{\{ *[<%]")
        for folder, _, files in os.walk(content):
            for name in files:
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    if shortcode.search(f.read()):
                        os.remove(os.path.join(folder, name))
        write_list(corpus)
    with open(os.path.join(corpus, "list.txt")) as f:
        return corpus, sum(1 for _ in f)


def peak_mib(command):
    """Peak resident memory of one run, from GNU time (kilobytes → MiB)."""
    result = subprocess.run(["/usr/bin/time", "-f", "%M", "sh", "-c", command + " >/dev/null 2>&1"],
                            stderr=subprocess.PIPE, text=True, check=True)
    return int(result.stderr.strip().splitlines()[-1]) / 1024


CPU = {}  # command name → mean CPU seconds (user + system) of its runs, from hyperfine


def hyperfine(commands, runs, prepare_command, warmup=1):
    export = os.path.join(WORK, "hyperfine.json")
    arguments = ["hyperfine", "--style", "none", "--warmup", str(warmup), "--runs", str(runs), "--export-json", export]
    for name, command in commands:
        arguments += ["--prepare", prepare_command, "--command-name", name, command]
    run(arguments, stdout=subprocess.DEVNULL)
    with open(export) as f:
        results = json.load(f)["results"]
    for r in results:
        CPU[r["command"]] = r["user"] + r["system"]
    return {r["command"]: r["times"] for r in results}


def row(name, times, peak, extra=""):
    return (f"| {name} | {statistics.median(times):.2f} | {min(times):.2f}–{max(times):.2f} | {CPU.get(name, 0):.2f} | {peak:.0f} | {extra} |")


def markdown_benchmark(corpus, pages, title, runs, ttsite, cloop):
    out = os.path.join(WORK, "out")
    commands = [
        ("ttsite", f"{ttsite} build --site {corpus}/ttsite --output {out}/ttsite --now {NOW} --quiet"),
        ("hugo", f"hugo --quiet --source {corpus}/hugo -d {out}/hugo"),
        ("c-loop", f"{cloop} {corpus}/ttsite/Content {out}/cloop < {corpus}/list.txt"),
    ]
    clean = f"rm -rf {out}/ttsite {out}/hugo {out}/cloop {out}/.ttsite.* ; sync"
    times = hyperfine(commands, runs, clean)
    peaks = {}
    for name, command in commands:
        subprocess.run(clean, shell=True)
        peaks[name] = peak_mib(command)
    t, h, c = (statistics.median(times[n]) for n in ("ttsite", "hugo", "c-loop"))
    print(f"\n### {title} ({runs} runs after a warm-up; wall seconds)\n")
    print("| builder | median s | min–max s | CPU s (mean) | peak MiB | per page |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name in ("ttsite", "hugo", "c-loop"):
        print(row(name, times[name], peaks[name], f"{statistics.median(times[name]) / pages * 1e6:.0f} µs"))
    print(f"\nratios (medians, same run): ttsite/Hugo = {t / h:.2f}, ttsite/C-loop = {t / c:.2f}; "
          f"CPU ttsite/Hugo = {CPU['ttsite'] / CPU['hugo']:.2f}, CPU ttsite/C-loop = {CPU['ttsite'] / CPU['c-loop']:.2f}")
    return t / pages


def data_benchmark(runs, ttsite, people, scenarios, events, baseline=None):
    site = os.path.join(WORK, f"data-{people}-{scenarios}-{events}")
    if not os.path.exists(os.path.join(site, "ttsite.yml")):
        run([sys.executable, os.path.join(HERE, "generate_data_site.py"), "--people", str(people),
             "--scenarios", str(scenarios), "--events", str(events), "--out", site])
    out = os.path.join(WORK, "out", "data")
    build = f"{ttsite} build --site {site} --output {out} --now {NOW} --quiet --allow-shrink"
    # The record of the last build lives in the site folder: without it the build is a first one.
    first = hyperfine([("first build", build)], runs, f"rm -rf {out} {site}/.ttsite/builds")["first build"]
    subprocess.run(build, shell=True, check=True)
    again = hyperfine([("nothing changed", build)], runs, "true")["nothing changed"]
    # The next day with the same data: ages and "in N days" change on some pages only.
    next_day = build.replace(NOW, NEXT_DAY)
    later = hyperfine([("the next day", next_day)], runs, build)["the next day"]
    subprocess.run(build, shell=True, check=True)
    rendered = pages_rendered(next_day.replace(" --quiet", " --verbose"))
    peak = peak_mib(build)
    print(f"\n### Data site: {people:,} people in two languages, {scenarios:,} scenarios of {events} events\n")
    print("| build | median s | min–max s | CPU s (mean) | peak MiB | |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(row("first build", first, peak, "target < 5 s"))
    print(row("nothing changed", again, peak,
              f"{statistics.median(again) / statistics.median(first):.2f} of the first (target < 0.15); "
              f"CPU {CPU['nothing changed'] / CPU['first build']:.2f}"))
    print(row("the next day", later, peak,
              f"{statistics.median(later) / statistics.median(first):.2f} of the first; {rendered}"))
    page_sizes(out, people)
    serve_benchmark(ttsite, site, statistics.median(first))
    if baseline:
        name, binary = baseline
        outputs = {"this build": out + "-this", name: out + "-baseline"}
        # Older builds know no `images:`; they showed no pictures of people either.
        with open(os.path.join(site, "ttsite.yml")) as f, open(os.path.join(site, "ttsite.baseline.yml"), "w") as g:
            g.write("".join(line for line in f if not line.startswith("images:")))
        commands = [("this build", f"{ttsite} build --site {site} --output {outputs['this build']} --now {NOW} --quiet --allow-shrink"),
                    (name, f"{binary} build --site {site} --config {site}/ttsite.baseline.yml --output {outputs[name]} --now {NOW} --quiet --allow-shrink")]
        clean = "rm -rf " + " ".join(outputs.values())
        times = hyperfine(commands, runs, clean)
        print(f"\n### Against {name} (first builds, in turn in the same run)\n")
        print("| build | median s | min–max s | CPU s (mean) | peak MiB | |")
        print("| --- | --- | --- | --- | --- | --- |")
        for label, command in commands:
            subprocess.run(clean, shell=True)
            print(row(label, times[label], peak_mib(command)))
        print(f"\nratios (medians, same run): wall this/{name} = "
              f"{statistics.median(times['this build']) / statistics.median(times[name]):.2f}; "
              f"CPU this/{name} = {CPU['this build'] / CPU[name]:.2f} (target ≤ 1.10)")


def pages_rendered(command):
    """The `pages: N rendered, M unchanged …` line of a verbose build."""
    result = subprocess.run(command, shell=True, check=True, capture_output=True, text=True)
    for line in (result.stdout + result.stderr).splitlines():
        if "rendered," in line and "pages:" in line:
            return line.strip().split("pages: ", 1)[1].split(" since")[0]
    return "no page count in the output"


SERVE_PORT = 18766


def fetch(path, port=SERVE_PORT):
    import urllib.request
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
        return response.read()


def wait_for(path, marker, started, limit=120, port=SERVE_PORT):
    """Seconds from `started` until the page at `path` (of the preview on `port`) holds
    `marker`, polled every 2 ms."""
    import time
    while time.monotonic() - started < limit:
        try:
            if marker in fetch(path, port):
                return time.monotonic() - started
        except OSError:
            pass
        time.sleep(0.002)
    sys.exit(f"{os.path.basename(sys.argv[0])}: {path} did not show {marker!r} within {limit} s")


def serve_benchmark(ttsite, site, full_build):
    """`ttsite serve` on the data site: ten one-line edits of Content/index.md, and three of
    the person template, each timed from the file write to the new bytes over HTTP."""
    import time
    index = os.path.join(site, "Content", "index.md")
    templates = os.path.join(site, "Templates")
    with open(index) as f:
        original = f.read()
    shutil.rmtree(templates, ignore_errors=True)
    log_path = os.path.join(WORK, "serve.log")
    log = open(log_path, "w")
    server = subprocess.Popen([ttsite, "serve", "--site", site, "--port", str(SERVE_PORT), "--now", NOW],
                              stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_for("/", b"</html>", time.monotonic(), limit=300)
        edits = []
        for number in range(10):
            time.sleep(0.5)
            marker = f"edit-{number}-{time.time_ns()}"
            with open(index, "w") as f:
                f.write(original + f"\n{marker}\n")
            edits.append(wait_for("/", marker.encode(), time.monotonic()))
        # The update writes its pages in path order once all are rendered: the last person's is the last.
        person = [d for d in sorted(os.listdir(os.path.join(site, ".ttsite", "serve", "people"))) if d not in ("page", "by-month", "index")][-1]
        os.makedirs(templates)
        default = subprocess.run([ttsite, "templates", "show", "person"], capture_output=True, text=True)
        person_template = default.stdout if default.returncode == 0 else None
        template_edits = []
        if person_template:
            for number in range(3):
                time.sleep(0.5)
                marker = f"template-{number}-{time.time_ns()}"
                with open(os.path.join(templates, "person.mustache"), "w") as f:
                    f.write(person_template.replace("</article>", f"<p>{marker}</p></article>", 1))
                template_edits.append(wait_for(f"/people/{person}/", marker.encode(), time.monotonic()))
    finally:
        server.terminate()
        server.wait()
        log.close()
        with open(index, "w") as f:
            f.write(original)
        shutil.rmtree(templates, ignore_errors=True)
    # The server's own time for each update ("… in 0.03 s"), the rest is noticing the change.
    with open(log_path) as f:
        updates = [float(line.rsplit(" in ", 1)[1].split()[0]) for line in f if line.startswith("Updated the text")]
    print("\n### `ttsite serve` on the data site (seconds from the file write to the new bytes over HTTP)\n")
    print("| edit | median s | min–max s | runs | |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| one line of Content/index.md | {statistics.median(edits):.3f} | {min(edits):.3f}–{max(edits):.3f} | {len(edits)} | "
          f"target < 0.200; the update itself {statistics.median(updates) if updates else float('nan'):.3f} s (median) |")
    if template_edits:
        print(f"| the person template | {statistics.median(template_edits):.2f} | {min(template_edits):.2f}–{max(template_edits):.2f} | "
              f"{len(template_edits)} | {statistics.median(template_edits) / full_build:.2f} of a first build (target < 1) |")
    else:
        print("| the person template | – | – | – | `ttsite templates show person` is not available |")


PICTURE_PORT = 18765


def portraits(folder, count):
    """`count` different 128 × 128 JPEG portraits, as randomuser.me serves them, made by Pillow."""
    from PIL import Image, ImageDraw
    os.makedirs(folder, exist_ok=True)
    if os.path.exists(os.path.join(folder, f"{count - 1}.jpg")):
        return
    for index in range(count):
        image = Image.new("RGB", (128, 128), ((index * 37) % 256, (index * 91) % 256, (index * 53) % 256))
        draw = ImageDraw.Draw(image)
        draw.ellipse((32, 16, 96, 80), fill=((index * 13) % 256, 200, 180))
        draw.rectangle((24, 84, 104, 128), fill=(40, (index * 7) % 256, 90))
        draw.text((8, 4), str(index), fill=(255, 255, 255))
        image.save(os.path.join(folder, f"{index}.jpg"), "JPEG", quality=85)


def hugo_picture_site(folder, urls):
    """Hugo doing what ttsite does with pictures: each URL fetched by resources.GetRemote and
    made into a 64 and a 128 px WebP square and a 128 px JPEG (Fill, centred)."""
    os.makedirs(os.path.join(folder, "layouts"), exist_ok=True)
    os.makedirs(os.path.join(folder, "data"), exist_ok=True)
    with open(os.path.join(folder, "config.toml"), "w") as f:
        f.write('baseURL = "https://example.org/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n')
    with open(os.path.join(folder, "data", "people.json"), "w") as f:
        json.dump(urls, f)
    with open(os.path.join(folder, "layouts", "index.html"), "w") as f:
        f.write('{{ range $.Site.Data.people }}{{ with resources.GetRemote . }}'
                '{{ $a := .Fill "64x64 Center webp q80" }}{{ $b := .Fill "128x128 Center webp q80" }}'
                '{{ $c := .Fill "128x128 Center jpg q82" }}'
                '<img src="{{ $a.RelPermalink }}"><img src="{{ $b.RelPermalink }}"><img src="{{ $c.RelPermalink }}">'
                '{{ end }}{{ end }}\n')


def picture_benchmark(runs, ttsite, people, scenarios, events, anchor=2000):
    """Issue 18's target: the data site with a picture per person from a loopback server.
    The first build (empty cache) downloads and processes every picture; a build with every
    picture cached must cost at most 1.1 × the same site with `images: none`. Both write into
    an empty output folder each run."""
    import functools
    import http.server
    import threading
    served = os.path.join(WORK, "picture-host")
    portraits(os.path.join(served, "portraits"), people)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):
            pass

    class Server(http.server.ThreadingHTTPServer):
        request_queue_size = 256   # eight downloads at once must not find the backlog full

    handler = functools.partial(Quiet, directory=served)
    server = Server(("127.0.0.1", PICTURE_PORT), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sites = {}
    for mode in ("local", "none"):
        site = os.path.join(WORK, f"pictures-{mode}-{people}-{scenarios}-{events}")
        if not os.path.exists(os.path.join(site, "ttsite.yml")):
            run([sys.executable, os.path.join(HERE, "generate_data_site.py"), "--people", str(people),
                 "--scenarios", str(scenarios), "--events", str(events), "--out", site, "--images", mode,
                 "--picture-base", f"http://127.0.0.1:{PICTURE_PORT}/portraits"])
        sites[mode] = site
    out = os.path.join(WORK, "out", "pictures")
    build = {mode: f"{ttsite} build --site {site} --output {out}-{mode} --now {NOW} --quiet --allow-shrink" for mode, site in sites.items()}
    cold = hyperfine([("first build, empty cache", build["local"])], max(1, runs // 2),
                     f"rm -rf {out}-local {sites['local']}/.ttsite", warmup=0)["first build, empty cache"]
    subprocess.run(build["local"], shell=True, check=True)
    times = hyperfine([("pictures cached", build["local"]), ("no pictures", build["none"])], runs,
                      f"rm -rf {out}-local {out}-none")
    subprocess.run(build["local"], shell=True, check=True)
    server.shutdown()
    server.server_close()
    files = os.listdir(os.path.join(out + "-local", "assets", "img"))
    weight = sum(os.path.getsize(os.path.join(out + "-local", "assets", "img", f)) for f in files)
    print(f"\n### Data site with a picture per person ({people:,} pictures from a loopback server)\n")
    print("| build | median s | min–max s | CPU s (mean) | peak MiB | |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(row("first build, empty cache", cold, 0, f"{statistics.median(cold) / people * 1000:.1f} ms per picture"))
    for name in ("pictures cached", "no pictures"):
        subprocess.run(f"rm -rf {out}-{'none' if name == 'no pictures' else 'local'}", shell=True)
        print(row(name, times[name], peak_mib(build["local" if name == "pictures cached" else "none"])))
    print(f"\n{len(files):,} picture files, {weight / 1e6:.1f} MB ({weight / len(files) / 1000:.1f} KB each)")
    print(f"ratios (medians, same run): wall cached/none = "
          f"{statistics.median(times['pictures cached']) / statistics.median(times['no pictures']):.2f}; "
          f"CPU cached/none = {CPU['pictures cached'] / CPU['no pictures']:.2f} (target ≤ 1.10)")
    if anchor and shutil.which("hugo"):
        # The anchor: Hugo's resources.GetRemote and image processing on the first `anchor`
        # pictures, against ttsite building a site of as many people with their pictures,
        # both with empty caches.
        server = Server(("127.0.0.1", PICTURE_PORT), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        small = os.path.join(WORK, f"pictures-anchor-{anchor}")
        if not os.path.exists(os.path.join(small, "ttsite.yml")):
            run([sys.executable, os.path.join(HERE, "generate_data_site.py"), "--people", str(anchor), "--scenarios", "0",
                 "--events", "0", "--out", small, "--images", "local", "--picture-base", f"http://127.0.0.1:{PICTURE_PORT}/portraits"])
        hugo_site = os.path.join(WORK, f"hugo-pictures-{anchor}")
        hugo_picture_site(hugo_site, [f"http://127.0.0.1:{PICTURE_PORT}/portraits/{i}.jpg" for i in range(anchor)])
        commands = [
            ("ttsite, empty cache", f"{ttsite} build --site {small} --output {out}-anchor --now {NOW} --quiet --allow-shrink"),
            ("hugo, empty cache", f"hugo --quiet --source {hugo_site} --cacheDir {WORK}/hugo-cache -d {out}-hugo"),
        ]
        clean = f"rm -rf {out}-anchor {small}/.ttsite {out}-hugo {WORK}/hugo-cache {hugo_site}/resources"
        anchor_times = hyperfine(commands, max(1, runs // 2), clean, warmup=0)
        server.shutdown()
        server.server_close()
        print(f"\n### {anchor:,} pictures from empty caches: ttsite (a whole site of {anchor:,} people) against Hugo (the pictures alone)\n")
        print("| build | median s | min–max s | CPU s (mean) | peak MiB | |")
        print("| --- | --- | --- | --- | --- | --- |")
        for name, _ in commands:
            print(row(name, anchor_times[name], 0, f"{statistics.median(anchor_times[name]) / anchor * 1000:.1f} ms per picture"))
        t, h = (statistics.median(anchor_times[name]) for name, _ in commands)
        print(f"\nratios (medians, same run): wall ttsite/Hugo = {t / h:.2f}; CPU ttsite/Hugo = "
              f"{CPU['ttsite, empty cache'] / CPU['hugo, empty cache']:.2f}")


def page_sizes(out, people):
    """Issue 16's targets on the built data site: no page over 200 KB, the first people page at
    most 60 KB, the search index at most 40 KB gzip per 1,000 people."""
    import gzip
    pages = [(os.path.getsize(os.path.join(d, f)), os.path.relpath(os.path.join(d, f), out))
             for d, _, files in os.walk(out) for f in files if f.endswith(".html")]
    largest = max(pages)
    print(f"\n{len(pages):,} pages; largest {largest[0] / 1000:.0f} KB ({largest[1]}; target ≤ 200 KB)")
    for first in ("people/index.html", "de/people/index.html"):
        if os.path.exists(os.path.join(out, first)):
            print(f"{first}: {os.path.getsize(os.path.join(out, first)) / 1000:.0f} KB (target ≤ 60 KB)")
    assets = os.path.join(out, "assets")
    for name in sorted(os.listdir(assets)):
        if name.startswith("people-search."):
            with open(os.path.join(assets, name), "rb") as f:
                packed = len(gzip.compress(f.read(), 9))
            print(f"{name}: {packed / 1000:.0f} KB gzip, {packed / 1000 / (people / 1000):.1f} KB per 1,000 people (target ≤ 40 KB)")


def baseline_binary(revision):
    """ttsite built in release mode from an older revision of this repository (a git worktree
    under the work folder), to compare with: the anchor of a performance target."""
    tree = os.path.join(WORK, f"baseline-{revision}")
    if not os.path.exists(tree):
        run(["git", "worktree", "add", "--detach", tree, revision], cwd=ROOT, stdout=subprocess.DEVNULL)
    run(["swift", "build", "-c", "release", "--product", "ttsite", "--static-swift-stdlib", "--scratch-path", os.path.join(tree, ".build-package")],
        cwd=tree, stdout=subprocess.DEVNULL)
    return (f"baseline {revision}", os.path.join(tree, ".build-package", "release", "ttsite"))


def example_benchmark(runs, ttsite):
    """The repository's own example site, built again with nothing changed (target < 0.3 s)."""
    out = os.path.join(WORK, "out", "example")
    build = f"{ttsite} build --site {ROOT} --output {out} --offline --now {NOW} --quiet"
    subprocess.run(f"rm -rf {out}", shell=True)
    subprocess.run(build, shell=True, check=True)
    again = hyperfine([("example, nothing changed", build)], runs, "true")["example, nothing changed"]
    print("\n### Example site of this repository, built again with nothing changed\n")
    print("| build | median s | min–max s | CPU s (mean) | peak MiB | |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(row("example, nothing changed", again, peak_mib(build), "target < 0.3 s"))


def template_benchmark():
    """Pages per second of the person template, TemplateEngine against swift-mustache (target ≥ 10×)."""
    run(["swift", "build", "-c", "release", "--product", "TemplateBenchmark", "--scratch-path", os.path.join(ROOT, ".build-release")],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    print("\n### Template engine alone\n")
    sys.stdout.flush()
    run([os.path.join(ROOT, ".build-release", "release", "TemplateBenchmark"), ROOT, "person", "3"])


def main():
    global WORK
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, nargs="*", default=[10000])
    parser.add_argument("--front-matter", nargs="*", default=["dates", "hugo"], choices=["dates", "hugo"],
                        help="the seeded corpora's front matter: a title and a date, or as Hugo's archetypes write it")
    parser.add_argument("--tldr", metavar="CHECKOUT", help="also tldr-pages' English pages, from a clone of tldr-pages/tldr")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-data", action="store_true")
    parser.add_argument("--people", type=int, default=10000, help="people of the data site")
    parser.add_argument("--scenarios", type=int, default=1000, help="scenarios of the data site")
    parser.add_argument("--events", type=int, default=50, help="events per scenario")
    parser.add_argument("--no-example", action="store_true")
    parser.add_argument("--tmpfs", action="store_true", help="corpora and output in /dev/shm (RAM): writes cost no disk time")
    parser.add_argument("--templates", action="store_true", help="also the template micro-benchmark")
    parser.add_argument("--pictures", action="store_true", help="also the data site with a picture per person (issue 18)")
    parser.add_argument("--against", metavar="REVISION",
                        help="also build the data site with ttsite of that git revision and print the ratios "
                             "(issue 16's anchor: --against 932452a, the last commit before it)")
    args = parser.parse_args()
    if args.tmpfs:
        if not os.path.isdir("/dev/shm"):
            sys.exit("run.py: --tmpfs needs /dev/shm")
        WORK = "/dev/shm/ttsite-bench"
    os.makedirs(WORK, exist_ok=True)

    # The binary as it ships (scripts/build-release): the Swift runtime and Foundation linked
    # in, which also spares each run the dynamic loader's work.
    run(["swift", "build", "-c", "release", "--product", "ttsite", "--static-swift-stdlib", "--scratch-path", os.path.join(ROOT, ".build-package")],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    ttsite = os.path.join(ROOT, ".build-package", "release", "ttsite")
    cloop = os.path.join(WORK, "cmark_loop")
    markdown = bool(args.pages and args.front_matter) or bool(args.tldr)
    if markdown:   # Hugo and the C loop are only the Markdown benchmark's yardsticks
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libcmark-gfm"], capture_output=True, text=True, check=True).stdout.split()
        run(["cc", "-O2", os.path.join(HERE, "cmark_loop.c"), *flags, "-o", cloop])

    cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.strip()
    hugo = subprocess.run(['hugo', 'version'], capture_output=True, text=True).stdout.split()[1] if markdown else "not used"
    print(f"machine: {os.cpu_count()} cores, {cpu}; ttsite release build (static Swift runtime, as shipped); Hugo {hugo}; "
          f"work folder {WORK}{' (tmpfs)' if args.tmpfs else ''}")
    for front_matter in args.front_matter:
        per_page = {}
        for pages in args.pages:
            name = "front matter as Hugo's archetypes write it" if front_matter == "hugo" else "a title and a date as front matter"
            per_page[pages] = markdown_benchmark(prepare(pages, front_matter), pages, f"{pages:,} Markdown pages, {name}",
                                                 args.runs, ttsite, cloop)
        if 10000 in per_page:
            for pages, value in per_page.items():
                if pages != 10000:
                    print(f"time per page at {pages:,} / at 10,000: {value / per_page[10000]:.2f}")
    if args.tldr:
        corpus, pages = prepare_tldr(os.path.expanduser(args.tldr))
        markdown_benchmark(corpus, pages, f"tldr-pages, {pages:,} English pages", args.runs, ttsite, cloop)
    if not args.no_data:
        baseline = baseline_binary(args.against) if args.against else None
        data_benchmark(args.runs, ttsite, args.people, args.scenarios, args.events, baseline)
    if args.pictures:
        picture_benchmark(args.runs, ttsite, args.people, args.scenarios, args.events)
    if not args.no_example:
        example_benchmark(args.runs, ttsite)
    if args.templates:
        template_benchmark()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Issue 35's benchmarks of reports from data, against their anchors, in paired runs:

A. A CSV of 1,000,000 rows and 10 columns (`generate_csv.py`, about 100 MB) loaded with type
   inference by `ttsite query "SELECT 1"`, against the `sqlite3` shell's `.import --csv` of the
   same file into a fresh in-memory database (target ≤ 2 × its time, peak ≤ 600 MiB); and a
   GROUP BY over it, `ttsite query` minus its load against the shell's import and query minus
   its import (target within 10 %).
B. 10,000 pages made from rows (`generate_report_site.py`), each with a 20-row parameterised
   table and a key figure, the facts with an index on `entity` (and, beside it, with the
   covering index a careful author would tune), against the 10,000-page Markdown corpus (`generate_markdown_site.py`)
   (target ≤ 1.5 × its time; no page over 200 KB).
C. `ttsite serve` on B's site: a saved CSV until the changed page shows it over HTTP (target
   under a second).

    python3 Benchmarks/tables.py                   # both, 5 rounds, in /dev/shm
    python3 Benchmarks/tables.py --runs 7 --no-report
    python3 Benchmarks/tables.py --rows 100000 --entities 1000 --runs 3   # a quick look
    python3 Benchmarks/tables.py --no-csv --without-index 1   # B also without an index

Each round runs every command once, in an order that turns by one each round, after one
round not counted; each run is timed by GNU time (`%e %U %S %M`: wall, user, system seconds
and peak resident memory). Printed: medians, min–max, and ratios: for B the median of each
round's ratio (the machine's speed drifts between rounds), the ratio of the medians beside it. Needs python3, GNU time, the `sqlite3` shell, swift (Debian: apt-get install
time sqlite3). Corpora and output go to $TTSITE_BENCH_DIR (default /dev/shm/ttsite-bench:
tmpfs, so that writes cost no disk time).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.environ.get("TTSITE_BENCH_DIR", "/dev/shm/ttsite-bench")
NOW = "2026-11-22T08:00:00Z"

GROUP_BY = ("SELECT region, count(*) AS sales, sum(quantity) AS units, "
            "round(sum(quantity * price * (1 - discount)), 2) AS revenue, round(avg(price), 4) AS average_price, "
            "min(day) AS first_day, max(day) AS last_day FROM sales GROUP BY region ORDER BY region")


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def timed(command, stdin=None):
    """Wall, user, system seconds and peak MiB of one run of `command` (a list), by GNU time."""
    with tempfile.NamedTemporaryFile("r") as report:
        with open(stdin) if stdin else open(os.devnull) as given:
            run(["/usr/bin/time", "-o", report.name, "-f", "%e %U %S %M", *command],
                stdin=given, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall, user, system, peak = report.read().split()[-4:]
    return {"wall": float(wall), "user": float(user), "system": float(system),
            "cpu": float(user) + float(system), "peak": int(peak) / 1024}


def timed_by_rusage(command, stdin=None):
    """As `timed`, from the kernel's accounting of the child (`wait4`): microseconds, where
    GNU time prints hundredths, for builds of a few tens of milliseconds."""
    import time
    with open(stdin) if stdin else open(os.devnull) as given:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdin=given, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise subprocess.CalledProcessError(child.returncode, command)
    return {"wall": wall, "user": usage.ru_utime, "system": usage.ru_stime,
            "cpu": usage.ru_utime + usage.ru_stime, "peak": usage.ru_maxrss / 1024}


def rounds(commands, runs, prepare=None, timer=timed):
    """Every command once a round, the order turning by one each round, after a round not
    counted. `commands`: (name, argv, stdin file or None). Returns name → list of runs."""
    results = {name: [] for name, _, _ in commands}
    for number in range(runs + 1):
        turned = commands[number % len(commands):] + commands[:number % len(commands)]
        for name, command, stdin in turned:
            if prepare:
                prepare(name)
            measured = timer(command, stdin)
            if number > 0:
                results[name].append(measured)
    return results


def median(runs, key):
    return statistics.median(r[key] for r in runs)


def table(results, notes=None):
    print("| command | wall s (median) | min–max s | user s | system s | CPU s | peak MiB | |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, runs in results.items():
        walls = [r["wall"] for r in runs]
        print(f"| {name} | {median(runs, 'wall'):.2f} | {min(walls):.2f}–{max(walls):.2f} | {median(runs, 'user'):.2f} | "
              f"{median(runs, 'system'):.2f} | {median(runs, 'cpu'):.2f} | {median(runs, 'peak'):.0f} | {(notes or {}).get(name, '')} |")


def paired_difference(results, minuend, subtrahend, key):
    """The median over rounds of (minuend − subtrahend) in the same round."""
    return statistics.median(a[key] - b[key] for a, b in zip(results[minuend], results[subtrahend]))


def paired_ratio(results, numerator, denominator, key):
    """The median over rounds of numerator / denominator in the same round: the machine's
    speed drifts from round to round, and a ratio of two medians taken from different
    rounds moves with it."""
    return statistics.median(a[key] / b[key] for a, b in zip(results[numerator], results[denominator]))


def verdict(value, limit):
    return "met" if value <= limit else "NOT met"


def same_values(text):
    """A CSV result as rows of values, numbers as floats: the two write `4461717787` and
    `4461717787.0`, and quote other fields."""
    import csv
    import io

    def value(field):
        try:
            return float(field)
        except ValueError:
            return field
    return [[value(field) for field in row] for row in csv.reader(io.StringIO(text))]


def csv_benchmark(rows, runs, ttsite):
    site = os.path.join(WORK, f"csv{rows}")
    if not os.path.exists(os.path.join(site, "schema.sql")):
        run([sys.executable, os.path.join(HERE, "generate_csv.py"), "--rows", str(rows), "--out", site])
    csv = os.path.join(site, "data", "sales.csv")
    # The shell's scripts: the same typed table as ttsite makes (schema.sql), so that the
    # GROUP BY adds integers and reals, not texts; and .import making the table itself
    # (every column TEXT), the shell's plainest load.
    scripts = {
        "import": f".read {site}/schema.sql\n.import --csv --skip 1 {csv} sales\n",
        "import-untyped": f".import --csv {csv} sales\n",
    }
    scripts["import+query"] = scripts["import"] + GROUP_BY + ";\n"
    for name, text in scripts.items():
        with open(os.path.join(site, f"shell-{name}.sql"), "w") as f:
            f.write(text)
    # The results must agree before the times mean anything.
    ours = subprocess.run([ttsite, "query", GROUP_BY, "--site", site, "--format", "csv"], capture_output=True, text=True, check=True).stdout
    theirs = subprocess.run(["sqlite3", "-csv", "-header", ":memory:"], stdin=open(os.path.join(site, "shell-import+query.sql")),
                            capture_output=True, text=True, check=True).stdout
    agree = same_values(ours) == same_values(theirs)
    shell = lambda script: (["sqlite3", ":memory:"], os.path.join(site, f"shell-{script}.sql"))
    commands = [
        ("ttsite query \"SELECT 1\" (load)", [ttsite, "query", "SELECT 1", "--site", site], None),
        ("ttsite query GROUP BY (load + query)", [ttsite, "query", GROUP_BY, "--site", site], None),
        ("sqlite3 .import, typed table", *shell("import")),
        ("sqlite3 .import + GROUP BY", *shell("import+query")),
        ("sqlite3 .import, untyped (all TEXT)", *shell("import-untyped")),
    ]
    results = rounds(commands, runs)
    size = os.path.getsize(csv)
    print(f"\n### A. {rows:,} rows, 10 columns, {size / 1e6:.0f} MB of CSV ({runs} rounds after one not counted; "
          f"the shell into a fresh :memory: database)\n")
    table(results)
    load, group, imp, imp_query, untyped = (name for name, _, _ in commands)
    wall = median(results[load], "wall") / median(results[imp], "wall")
    cpu = median(results[load], "cpu") / median(results[imp], "cpu")
    peak = median(results[load], "peak")
    ours_query = {k: paired_difference(results, group, load, k) for k in ("wall", "cpu")}
    theirs_query = {k: paired_difference(results, imp_query, imp, k) for k in ("wall", "cpu")}
    print(f"\nload: ttsite / sqlite3 .import (typed) = {wall:.2f} wall, {cpu:.2f} CPU (target ≤ 2: {verdict(wall, 2)}); "
          f"against the untyped .import {median(results[load], 'wall') / median(results[untyped], 'wall'):.2f} wall; "
          f"peak {peak:.0f} MiB (target ≤ 600: {verdict(peak, 600)})")
    print(f"GROUP BY alone (median of the rounds' differences): ttsite {ours_query['wall']:.2f} s wall, {ours_query['cpu']:.2f} s CPU; "
          f"sqlite3 {theirs_query['wall']:.2f} s wall, {theirs_query['cpu']:.2f} s CPU; "
          f"ratio {ours_query['wall'] / theirs_query['wall']:.2f} wall, {ours_query['cpu'] / theirs_query['cpu']:.2f} CPU "
          f"(target ≤ 1.10: {verdict(ours_query['wall'] / theirs_query['wall'], 1.10)})")
    print(f"the two GROUP BY results {'agree' if agree else 'DIFFER'}")


def report_site(entities, index="column"):
    """The site of `entities` pages made from rows with the facts' `index` (see
    `generate_report_site.py`), made when missing."""
    site = os.path.join(WORK, f"report{entities}-{index}")
    if not os.path.exists(os.path.join(site, "ttsite.yml")):
        run([sys.executable, os.path.join(HERE, "generate_report_site.py"), "--entities", str(entities), "--index", index, "--out", site])
    return site


def first_builds(sites, ttsite):
    """The build commands of `sites` (name → (site folder, output folder)), and what makes
    each run a first build: no output, and no record of the last build, which lives in the
    site folder."""
    commands = [(name, [ttsite, "build", "--site", site, "--output", output, "--now", NOW, "--quiet"], None)
                for name, (site, output) in sites.items()]

    def first_build(name):
        site, output = sites[name]
        shutil.rmtree(output, ignore_errors=True)
        shutil.rmtree(os.path.join(site, ".ttsite", "builds"), ignore_errors=True)

    return commands, first_build


def report_benchmark(entities, runs, ttsite, without_index):
    markdown = os.path.join(WORK, f"md{entities}")
    if not os.path.exists(os.path.join(markdown, "ttsite", "ttsite.yml")):
        run([sys.executable, os.path.join(HERE, "generate_markdown_site.py"), "--pages", str(entities), "--out", markdown])
    out = os.path.join(WORK, "out")
    sites = {f"{entities:,} pages from rows": (report_site(entities), os.path.join(out, "report")),
             f"{entities:,} Markdown pages": (os.path.join(markdown, "ttsite"), os.path.join(out, "markdown")),
             f"{entities:,} pages from rows, a covering index": (report_site(entities, "covering"), os.path.join(out, "report-covering"))}
    commands, first_build = first_builds(sites, ttsite)
    results = rounds(commands, runs, first_build)
    if without_index:
        # Minutes a build: a few runs of their own, after the rounds.
        name = f"{entities:,} pages from rows, no index"
        sites[name] = (report_site(entities, "none"), os.path.join(out, "report-none"))
        command = [ttsite, "build", "--site", sites[name][0], "--output", sites[name][1], "--now", NOW, "--quiet"]
        results[name] = []
        for _ in range(without_index):
            first_build(name)
            results[name].append(timed(command))
    print(f"\n### B. {entities:,} pages made from rows against {entities:,} Markdown pages (first builds, {runs} rounds after one not counted)\n")
    table(results)
    report_name, markdown_name = list(sites)[:2]

    def ratios(name):
        return (paired_ratio(results, name, markdown_name, "wall"), paired_ratio(results, name, markdown_name, "cpu"),
                median(results[name], "wall") / median(results[markdown_name], "wall"))

    wall, cpu, of_medians = ratios(report_name)
    output = sites[report_name][1]
    pages = [(os.path.getsize(os.path.join(d, f)), os.path.relpath(os.path.join(d, f), output))
             for d, _, files in os.walk(output) for f in files if f.endswith(".html")]
    largest = max(pages)
    print(f"\nratio pages from rows / Markdown pages, median of the rounds' ratios = {wall:.2f} wall, {cpu:.2f} CPU "
          f"(target ≤ 1.5: {verdict(wall, 1.5)}; the medians' ratio {of_medians:.2f} wall); "
          f"{len(pages):,} pages, the largest {largest[0] / 1000:.0f} KB ({largest[1]}; target ≤ 200 KB: {verdict(largest[0], 200_000)})")
    for name in list(sites)[2:3]:
        wall, cpu, of_medians = ratios(name)
        print(f"{name}: {wall:.2f} wall, {cpu:.2f} CPU of the Markdown pages (the medians' ratio {of_medians:.2f} wall)")
    for name in list(sites)[3:]:
        print(f"{name}: {median(results[name], 'wall') / median(results[markdown_name], 'wall'):.2f} wall, "
              f"{median(results[name], 'cpu') / median(results[markdown_name], 'cpu'):.2f} CPU of the Markdown pages")


SERVE_PORT = 18767


def serve_benchmark(entities, edits, ttsite):
    """C. `ttsite serve` on B's site: `edits` saves of `data/facts.csv`, each changing one
    entity's amounts, timed from the write until that entity's page shows the new amount over
    HTTP (target under a second)."""
    import time
    from run import wait_for  # the kit's own: polls a page of the preview until it shows a text
    report = report_site(entities)
    facts = os.path.join(report, "data", "facts.csv")
    with open(facts, encoding="utf-8") as f:
        original = f.read()
    lines = original.split("\n")
    # The first fact of an entity with an ASCII name, and its page (the slug of the name:
    # lower case, words joined by hyphens).
    line = next(number for number in range(1, len(lines)) if lines[number].split(",")[0].isascii())
    entity = lines[line].split(",")[0]
    slug = "-".join("".join(c if c.isalnum() else " " for c in entity.lower()).split())

    log = open(os.path.join(WORK, "serve.log"), "w")
    server = subprocess.Popen([ttsite, "serve", "--site", report, "--port", str(SERVE_PORT), "--now", NOW],
                              stdout=subprocess.DEVNULL, stderr=log)
    times = []
    try:
        wait_for(f"/entities/{slug}/", b"</html>", time.monotonic(), limit=300, port=SERVE_PORT)
        for number in range(edits):
            time.sleep(1.0)
            # An amount no other fact has: 1234567.NN, written 1,234,567.NN on the page.
            cents = f"{number:02d}"
            fields = lines[line].split(",")
            fields[3] = f"1234567.{cents}"
            with open(facts, "w", encoding="utf-8") as f:
                f.write("\n".join(lines[:line] + [",".join(fields)] + lines[line + 1:]))
            times.append(wait_for(f"/entities/{slug}/", f"1,234,567.{cents}".encode(), time.monotonic(), port=SERVE_PORT))
    finally:
        server.terminate()
        server.wait()
        log.close()
        with open(facts, "w", encoding="utf-8") as f:
            f.write(original)
    print(f"\n### C. `ttsite serve` on B's site: a saved `data/facts.csv` until the page shows it ({edits} saves)\n")
    print(f"median {statistics.median(times):.3f} s, min–max {min(times):.3f}–{max(times):.3f} s "
          f"(target under 1 s: {verdict(statistics.median(times), 1.0)})")


def main():
    global WORK
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows of the CSV of A")
    parser.add_argument("--entities", type=int, default=10000, help="entities (pages) of B")
    parser.add_argument("--no-csv", action="store_true")
    parser.add_argument("--no-report", action="store_true")
    parser.add_argument("--no-serve", action="store_true")
    parser.add_argument("--serve-edits", type=int, default=7, help="saves of the CSV timed in C")
    parser.add_argument("--without-index", type=int, default=0, metavar="RUNS",
                        help="also build B's site without the index on the facts' entity column, RUNS times")
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    run(["swift", "build", "-c", "release", "--product", "ttsite", "--static-swift-stdlib", "--scratch-path", os.path.join(ROOT, ".build-package")],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    ttsite = os.path.join(ROOT, ".build-package", "release", "ttsite")
    cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.strip()
    version = subprocess.run(["sqlite3", "--version"], capture_output=True, text=True).stdout.split()[0]
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"machine: {os.cpu_count()} cores, {cpu}; ttsite release build (static Swift runtime); sqlite3 shell {version}; "
          f"work folder {WORK}; load average at the start {load}")
    if not args.no_csv:
        csv_benchmark(args.rows, args.runs, ttsite)
    if not args.no_report:
        report_benchmark(args.entities, args.runs, ttsite, args.without_index)
    if not args.no_serve:
        serve_benchmark(args.entities, args.serve_edits, ttsite)
    with open("/proc/loadavg") as f:
        print(f"\nload average at the end {' '.join(f.read().split()[:3])}")


if __name__ == "__main__":
    main()

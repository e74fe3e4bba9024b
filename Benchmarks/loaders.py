#!/usr/bin/env python3
"""Issue 54's benchmark of data loaders, in paired runs of the release build:

A. A loader's overhead over its own run: `ttsite build` of a one-page site whose table is
   made by `cat data/small.csv` (10 rows), against the same site reading the file itself and
   against `cat` alone. The overhead is the median over rounds of
   (build with the loader − build with the file − cat alone). Target: ≤ 20 ms.
B. A 1,000,000-row CSV (Benchmarks/generate_csv.py, about 100 MB) printed by a loader
   (`cat data/sales.csv`) and loaded, against the same file read directly. Target: ≤ 1.1 ×
   the direct read's wall time.

    python3 Benchmarks/loaders.py                      # 5 rounds, in /dev/shm
    python3 Benchmarks/loaders.py --runs 3 --rows 100000

Each round runs every command once, in an order that turns each round, after a round not
counted, timed by GNU time (A by the kernel's accounting, in microseconds). Printed: medians,
and the median of each round's ratio or difference. Needs python3, GNU time and swift. Work
goes to $TTSITE_BENCH_DIR (default /dev/shm/ttsite-bench: tmpfs, so that the cache's and
the output's writes cost no disk time).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys

from tables import HERE, ROOT, WORK, paired_ratio, rounds, run, table, timed_by_rusage, verdict

PAGE = "```ttsite query size\nSELECT count(*) AS n FROM sales\n```\n\n{{#data.size}}{{n}} rows{{/data.size}}\n"


def site(folder, csv, loader):
    """A site whose table `sales` is `csv` (copied in), read directly or printed by `cat`."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "Content"))
    os.makedirs(os.path.join(folder, "data"))
    shutil.copy(csv, os.path.join(folder, "data", "sales.csv"))
    entry = "{ command: [cat, data/sales.csv], format: csv }" if loader else "{ file: data/sales.csv }"
    with open(os.path.join(folder, "ttsite.yml"), "w") as config:
        config.write(f"title: Loader benchmark\nfetch: {{ max_bytes: 2000000000 }}\ndata:\n  sales: {entry}\n")
    with open(os.path.join(folder, "Content", "index.md"), "w") as page:
        page.write(PAGE)
    return folder


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rows", type=int, default=1_000_000)
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    run(["swift", "build", "-c", "release", "--product", "ttsite", "--static-swift-stdlib", "--scratch-path", os.path.join(ROOT, ".build-package")],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    ttsite = os.path.join(ROOT, ".build-package", "release", "ttsite")

    generated = os.path.join(WORK, f"csv{args.rows}")
    if not os.path.exists(os.path.join(generated, "schema.sql")):
        run([sys.executable, os.path.join(HERE, "generate_csv.py"), "--rows", str(args.rows), "--out", generated])
    big = os.path.join(generated, "data", "sales.csv")
    small = os.path.join(WORK, "loader-small.csv")
    with open(big) as source, open(small, "w") as target:
        target.writelines(line for _, line in zip(range(11), source))

    output = os.path.join(WORK, "out", "loaders")
    build = lambda folder: [ttsite, "build", "--site", folder, "--output", output, "--full", "--quiet"]
    small_file = site(os.path.join(WORK, "loader-small-file"), small, loader=False)
    small_loader = site(os.path.join(WORK, "loader-small-loader"), small, loader=True)
    overhead = [
        ("build, 10 rows from the file", build(small_file), None),
        ("build, 10 rows from a loader (cat)", build(small_loader), None),
        ("cat alone", ["cat", os.path.join(small_loader, "data", "sales.csv")], None),
    ]
    results = rounds(overhead, max(args.runs, 9), timer=timed_by_rusage)
    print(f"\n### A. a loader's overhead ({max(args.runs, 9)} rounds after one not counted)\n")
    table(results)
    names = list(results)
    # Each round's loader build less its file build and its `cat`, then the median.
    overhead_of = lambda key: statistics.median(
        loader[key] - file[key] - cat[key] for file, loader, cat in zip(*(results[name] for name in names)))
    wall_ms, cpu_ms = overhead_of("wall") * 1000, overhead_of("cpu") * 1000
    print(f"\nA. the loader adds {wall_ms:.1f} ms of wall time over the build from the file and `cat`'s own run "
          f"(target ≤ 20 ms) {verdict(wall_ms, 20)}, and {cpu_ms:.1f} ms of CPU")

    big_file = site(os.path.join(WORK, "loader-big-file"), big, loader=False)
    big_loader = site(os.path.join(WORK, "loader-big-loader"), big, loader=True)
    loading = [
        (f"build, {args.rows:,} rows from the file", build(big_file), None),
        (f"build, {args.rows:,} rows from a loader (cat)", build(big_loader), None),
    ]
    results = rounds(loading, args.runs)
    size = os.path.getsize(big)
    print(f"\n### B. {args.rows:,} rows, {size / 1e6:.0f} MB of CSV ({args.runs} rounds after one not counted)\n")
    table(results)
    names = list(results)
    wall = paired_ratio(results, names[1], names[0], "wall")
    cpu = paired_ratio(results, names[1], names[0], "cpu")
    print(f"\nB. from a loader: {wall:.2f} × the direct read's wall time (target ≤ 1.1) {verdict(wall, 1.1)}, {cpu:.2f} × its CPU")


if __name__ == "__main__":
    main()

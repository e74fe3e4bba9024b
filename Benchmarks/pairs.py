#!/usr/bin/env python3
"""Two ttsite builds of the same site, run in turn: the paired medians of their wall time and
CPU, and whether they write the same files. What a change of ttsite costs or saves, measured
as the kit's history measures it.

    python3 Benchmarks/pairs.py SITE --before bee7245                  # that revision's release against this checkout's
    python3 Benchmarks/pairs.py SITE --before OLD_BINARY --after NEW_BINARY --pairs 11

Each run deletes the output and the site's record of its last build (`.ttsite/builds/`) first,
so every build is a first build, with the caches of pictures, loaders and servers kept as a
nightly build finds them (and no network in the timing);
the order alternates (before, after; after, before …) so that a machine that speeds up or
slows down during the runs weighs on both alike. Wall time is the clock around each run and
CPU the run's own user and system time (`getrusage` of the finished child): `/usr/bin/time`
counts in steps of 10 ms, 2.5 % of a build of tldr-pages. The ratio of each pair is taken, and
their median printed: on a busy machine it varies less than the ratio of the medians.

A revision is built in release mode as run.py's `--against` builds it, in the work folder
($TTSITE_BENCH_DIR), where the outputs go too: put it and the site on tmpfs to see the CPU's
cost rather than the disk's.
"""
import argparse
import filecmp
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

import run

NOW = run.NOW


def binary(name):
    """A path to a ttsite binary, or a revision of this repository built in release mode."""
    if os.path.isfile(name):
        return os.path.abspath(name)
    return run.baseline_binary(name)[1]


def build(ttsite, site, out):
    """One first build: wall seconds and CPU seconds of the child."""
    shutil.rmtree(os.path.join(site, ".ttsite", "builds"), ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([ttsite, "build", "--site", site, "--output", out, "--quiet", "--now", NOW],
                   check=True, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def differences(first, second):
    """Paths that one output tree has and the other lacks, or holds with other bytes."""
    found = []
    comparison = filecmp.dircmp(first, second)
    stack = [("", comparison)]
    while stack:
        prefix, node = stack.pop()
        found += [prefix + name for name in node.left_only + node.right_only + node.funny_files]
        found += [prefix + name for name in node.common_files
                  if not filecmp.cmp(os.path.join(node.left, name), os.path.join(node.right, name), shallow=False)]
        stack += [(prefix + name + "/", sub) for name, sub in node.subdirs.items()]
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", help="the site folder (a ttsite.yml and its Content/)")
    parser.add_argument("--before", required=True, help="a ttsite binary, or a revision to build")
    parser.add_argument("--after", help="a ttsite binary (default: this checkout's release build)")
    parser.add_argument("--pairs", type=int, default=9)
    args = parser.parse_args()

    if args.after:
        after = binary(args.after)
    else:
        run.run(["swift", "build", "-c", "release", "--product", "ttsite", "--static-swift-stdlib",
                 "--scratch-path", os.path.join(run.ROOT, ".build-package")], cwd=run.ROOT, stdout=subprocess.DEVNULL)
        after = os.path.join(run.ROOT, ".build-package", "release", "ttsite")
    before = binary(args.before)
    site = os.path.abspath(args.site)
    outs = {before: os.path.join(run.WORK, "out", "pairs-before"), after: os.path.join(run.WORK, "out", "pairs-after")}

    times = {before: [], after: []}
    for number in range(args.pairs):
        for ttsite in (before, after) if number % 2 == 0 else (after, before):
            times[ttsite].append(build(ttsite, site, outs[ttsite]))

    changed = differences(outs[before], outs[after])
    print(f"{args.pairs} pairs, {site}")
    print("| build | median wall s | median CPU s |")
    print("| --- | --- | --- |")
    for name, ttsite in (("before", before), ("after", after)):
        print(f"| {name} | {statistics.median(w for w, _ in times[ttsite]):.3f} | {statistics.median(c for _, c in times[ttsite]):.3f} |")
    wall = statistics.median(a[0] / b[0] for a, b in zip(times[after], times[before]))
    cpu = statistics.median(a[1] / b[1] for a, b in zip(times[after], times[before]))
    print(f"\nafter/before, median of the pairs: wall {wall:.3f}, CPU {cpu:.3f}")
    if changed:
        print(f"{len(changed)} output files differ, among them: " + ", ".join(changed[:5]))
    else:
        print("every output file the same, byte for byte")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())

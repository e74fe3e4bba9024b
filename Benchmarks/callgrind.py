#!/usr/bin/env python3
"""Instruction counts of ttsite builds under valgrind's callgrind: repeatable figures for
before/after comparisons of code changes, which wall-clock times on a shared machine are not.

    python3 Benchmarks/callgrind.py                       # 1,000 pages and a 1,000-person data site
    python3 Benchmarks/callgrind.py --label after --annotate 25

Builds a release ttsite into .build-release, copies it without DWARF debug information
(valgrind 3.19 cannot read the DWARF 5 that Swift writes; the symbol table stays, so
functions keep their names), runs each build once with one render worker, prints the
instruction count, and keeps callgrind.out.<label>.<corpus> in $TTSITE_BENCH_DIR for
callgrind_annotate (pipe it through `swift demangle --simplified`).

Needs valgrind and binutils (Debian: apt-get install valgrind binutils).
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.environ.get("TTSITE_BENCH_DIR", "/tmp/ttsite-bench")
NOW = "2026-11-22T08:00:00Z"


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def corpus(kind, size):
    if kind == "pages":
        site = os.path.join(WORK, f"md{size}")
        if not os.path.exists(os.path.join(site, "ttsite")):
            run([sys.executable, os.path.join(HERE, "generate_markdown_site.py"), "--pages", str(size), "--out", site])
        return os.path.join(site, "ttsite")
    people, scenarios = size
    site = os.path.join(WORK, f"data-{people}-{scenarios}-50")
    if not os.path.exists(os.path.join(site, "ttsite.yml")):
        run([sys.executable, os.path.join(HERE, "generate_data_site.py"), "--people", str(people),
             "--scenarios", str(scenarios), "--events", "50", "--out", site])
    return site


def instructions(binary, site, out_file):
    output = os.path.join(WORK, "out", "callgrind")
    run(["rm", "-rf", output])
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}", binary, "build", "--site", site,
         "--output", output, "--now", NOW, "--quiet", "--jobs", "1"],
        stderr=subprocess.PIPE, text=True, check=True)
    match = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    return int(match.group(1).replace(",", ""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--scenarios", type=int, default=100)
    parser.add_argument("--label", default="now")
    parser.add_argument("--annotate", type=int, default=0, help="print this many top functions (inclusive)")
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)

    run(["swift", "build", "-c", "release", "--product", "ttsite", "--scratch-path", os.path.join(ROOT, ".build-release")],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    binary = os.path.join(WORK, f"ttsite-{args.label}")
    run(["strip", "--strip-debug", "-o", binary, os.path.join(ROOT, ".build-release", "release", "ttsite")])

    print("| build | instructions (Ir) |")
    print("| --- | --- |")
    for name, site in ((f"{args.pages:,} Markdown pages", corpus("pages", args.pages)),
                       (f"data site, {args.people:,} people, {args.scenarios:,} scenarios of 50 events",
                        corpus("data", (args.people, args.scenarios)))):
        out_file = os.path.join(WORK, f"callgrind.out.{args.label}.{'pages' if 'pages' in name else 'data'}")
        print(f"| {name} | {instructions(binary, site, out_file):,} |", flush=True)
        if args.annotate:
            annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", out_file],
                                       capture_output=True, text=True, check=True).stdout
            demangled = subprocess.run(["swift", "demangle", "--simplified"], input=annotated,
                                       capture_output=True, text=True).stdout or annotated
            lines = [line for line in demangled.splitlines() if re.match(r"^\s*[\d,]+ \(", line)]
            print("\n".join(line[:160] for line in lines[:args.annotate]) + "\n")


if __name__ == "__main__":
    main()

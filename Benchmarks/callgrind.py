#!/usr/bin/env python3
"""Instruction counts of ttsite builds under valgrind's callgrind: figures that do not depend
on the clock, repeatable for the same binary and inputs whatever else the machine does.

    python3 Benchmarks/callgrind.py                       # 1,000 pages and a 1,000-person data site
    python3 Benchmarks/callgrind.py --label after --annotate 25
    python3 Benchmarks/callgrind.py --check               # the CI guard, against Benchmarks/instructions.txt
    python3 Benchmarks/callgrind.py --update              # writes today's figures into it

The guard (--check) builds the release binary as scripts/build-release does (or takes
--binary), counts the instructions of a build of a small Markdown corpus and of a small data
site, per page, and fails when one rises more than 5 % above Benchmarks/instructions.txt. A
commit that raises a figure there must say why in its message, on a line that starts with
"Instruction baseline:"; the guard reads the file's history and fails on a commit that raised
a figure without one.

Every run copies the binary without DWARF debug information (valgrind 3.19 cannot read the
DWARF 5 that Swift writes; the symbol table stays, so functions keep their names), runs each
build once with one render worker and deterministic hashing, and keeps
callgrind.out.<label>.<corpus> in $TTSITE_BENCH_DIR for callgrind_annotate (pipe it through
`swift demangle --simplified`).

Needs valgrind and binutils (Debian: apt-get install valgrind binutils; scripts/install-valgrind).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.environ.get("TTSITE_BENCH_DIR", "/tmp/ttsite-bench")
NOW = "2026-11-22T08:00:00Z"
BASELINE = os.path.join(HERE, "instructions.txt")
TOLERANCE = 1.05
REASON = "Instruction baseline:"
# The guard's corpora: seconds each under callgrind.
# markdown-hugo-500: the same pages with front matter as Hugo's archetypes write it (date-times,
# tag lists, escaped quotes, a nested author), read by the front matter's one-scan reader.
# The order counts: a figure moves by up to 0.5 % with the builds run before it in the same
# folder (data-300-30 measures 1.044 of its baseline after markdown-500 and 1.049 after both
# Markdown corpora, with the same binary), so a new corpus goes last.
GUARD = {"markdown-500": ("pages", 500), "data-300-30": ("data", (300, 30)), "markdown-hugo-500": ("pages-hugo", 500)}


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def corpus(kind, size):
    if kind in ("pages", "pages-hugo"):
        front_matter = "hugo" if kind == "pages-hugo" else "dates"
        site = os.path.join(WORK, f"md{size}" + ("-hugo" if kind == "pages-hugo" else ""))
        if not os.path.exists(os.path.join(site, "ttsite")):
            run([sys.executable, os.path.join(HERE, "generate_markdown_site.py"), "--pages", str(size),
                 "--front-matter", front_matter, "--out", site])
        return os.path.join(site, "ttsite")
    people, scenarios = size
    site = os.path.join(WORK, f"data-{people}-{scenarios}-50")
    if not os.path.exists(os.path.join(site, "ttsite.yml")):
        run([sys.executable, os.path.join(HERE, "generate_data_site.py"), "--people", str(people),
             "--scenarios", str(scenarios), "--events", "50", "--out", site])
    return site


def instructions(binary, site, out_file):
    """The instructions of one first build of `site`, and the pages it wrote."""
    output = os.path.join(WORK, "out", "callgrind")
    shutil.rmtree(output, ignore_errors=True)
    # The build record and caches of an earlier run would make this one another build.
    shutil.rmtree(os.path.join(site, ".ttsite"), ignore_errors=True)
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}", binary, "build", "--site", site,
         "--output", output, "--now", NOW, "--quiet", "--jobs", "1"],
        stderr=subprocess.PIPE, text=True, check=True, env={**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"})
    match = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    pages = sum(1 for _, _, files in os.walk(output) for name in files if name.endswith(".html"))
    return int(match.group(1).replace(",", "")), pages


def stripped(binary, label):
    os.makedirs(WORK, exist_ok=True)
    copy = os.path.join(WORK, f"ttsite-{label}")
    run(["strip", "--strip-debug", "-o", copy, binary])
    return copy


def release_binary(static):
    """Builds ttsite for release: as scripts/build-release does (the shipped binary) for the
    guard, dynamically linked into .build-release for profiling."""
    scratch = os.path.join(ROOT, ".build-package" if static else ".build-release")
    command = ["swift", "build", "-c", "release", "--product", "ttsite", "--scratch-path", scratch]
    run(command + (["--static-swift-stdlib"] if static else []), cwd=ROOT, stdout=subprocess.DEVNULL)
    return os.path.join(scratch, "release", "ttsite")


def read_baseline(text):
    figures = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            name, pages, per_page = line.split()
            figures[name] = (int(pages), int(per_page))
    return figures


def measure(binary, label):
    measured = {}
    for name, (kind, size) in GUARD.items():
        total, pages = instructions(binary, corpus(kind, size), os.path.join(WORK, f"callgrind.out.{label}.{name}"))
        measured[name] = (pages, total // pages)
    return measured


def raised_without_reason():
    """The commits that raised a figure of the baseline without a line saying why."""
    try:
        log = subprocess.run(["git", "log", "--format=%H", "--", BASELINE], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return None
    found = []
    for commit in log:
        def figures(revision):
            shown = subprocess.run(["git", "show", f"{revision}:Benchmarks/instructions.txt"], cwd=ROOT, capture_output=True, text=True)
            return read_baseline(shown.stdout) if shown.returncode == 0 else None
        after, before = figures(commit), figures(commit + "^")
        if after is None or before is None:
            continue  # the first version, or history this clone does not have
        rose = [name for name in after if name in before and after[name][1] > before[name][1]]
        message = subprocess.run(["git", "log", "-1", "--format=%B", commit], cwd=ROOT, capture_output=True, text=True).stdout
        if rose and not any(line.startswith(REASON) for line in message.splitlines()):
            found.append(f"{commit[:10]} raised {', '.join(rose)} without a line \"{REASON} …\" in its message")
    return found


def check(measured):
    with open(BASELINE) as f:
        baseline = read_baseline(f.read())
    print("| corpus | pages | instructions per page | baseline | ratio |")
    print("| --- | --- | --- | --- | --- |")
    failures = []
    for name, (pages, per_page) in measured.items():
        base_pages, base = baseline[name]
        ratio = per_page / base
        print(f"| {name} | {pages:,} | {per_page:,} | {base:,} | {ratio:.3f} |")
        if pages != base_pages:
            failures.append(f"{name}: {pages} pages were built, the baseline counts {base_pages}: the corpus or the site changed")
        elif ratio > TOLERANCE:
            failures.append(f"{name}: {per_page:,} instructions per page, {100 * (ratio - 1):.1f} % above the baseline's {base:,}")
        elif ratio < 1 / TOLERANCE:
            print(f"note: {name} is {100 * (1 - ratio):.1f} % below its baseline: lower it (--update) so that the next rise shows")
    history = raised_without_reason()
    if history is None:
        print("note: no git history here: the commits that raised the baseline were not checked")
    failures += history or []
    for failure in failures:
        print(f"callgrind: {failure}", file=sys.stderr)
    if failures:
        print(f"callgrind: find the cause with --annotate and the callgrind.out files in {WORK}; a rise that is worth "
              f"it goes into Benchmarks/instructions.txt (--update) with \"{REASON} why\" in the commit message", file=sys.stderr)
        sys.exit(1)


def update(measured):
    with open(BASELINE) as f:
        lines = f.read().splitlines()
    header = [line for line in lines if line.startswith("#") or not line.strip()]
    width = max(len(name) for name in measured) + 2
    rows = [f"{name:<{width}}{pages:<8}{per_page}" for name, (pages, per_page) in measured.items()]
    with open(BASELINE, "w") as f:
        f.write("\n".join(header + rows) + "\n")
    print(f"wrote {BASELINE}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--scenarios", type=int, default=100)
    parser.add_argument("--label", default="now")
    parser.add_argument("--annotate", type=int, default=0, help="print this many top functions (inclusive)")
    parser.add_argument("--check", action="store_true", help="the guard: the small corpora against Benchmarks/instructions.txt")
    parser.add_argument("--update", action="store_true", help="measure the guard's corpora and write the figures into Benchmarks/instructions.txt")
    parser.add_argument("--binary", help="a ttsite release binary to measure instead of building one")
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)

    guard = args.check or args.update
    binary = stripped(args.binary or release_binary(static=guard), args.label)
    if guard:
        measured = measure(binary, args.label)
        update(measured) if args.update else check(measured)
        return

    print("| build | instructions (Ir) |")
    print("| --- | --- |")
    for name, site in ((f"{args.pages:,} Markdown pages", corpus("pages", args.pages)),
                       (f"data site, {args.people:,} people, {args.scenarios:,} scenarios of 50 events",
                        corpus("data", (args.people, args.scenarios)))):
        out_file = os.path.join(WORK, f"callgrind.out.{args.label}.{'pages' if 'pages' in name else 'data'}")
        print(f"| {name} | {instructions(binary, site, out_file)[0]:,} |", flush=True)
        if args.annotate:
            annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", out_file],
                                       capture_output=True, text=True, check=True).stdout
            demangled = subprocess.run(["swift", "demangle", "--simplified"], input=annotated,
                                       capture_output=True, text=True).stdout or annotated
            lines = [line for line in demangled.splitlines() if re.match(r"^\s*[\d,]+ \(", line)]
            print("\n".join(line[:160] for line in lines[:args.annotate]) + "\n")


if __name__ == "__main__":
    main()

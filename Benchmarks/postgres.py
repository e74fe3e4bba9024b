#!/usr/bin/env python3
"""Issue 37's benchmark of tables whose SQL runs in PostgreSQL, in paired runs against `psql`,
on a server of PostgreSQL's own packages started for the run (the tests' `postgres-server`
script: initdb into the work folder, loopback TCP with TLS, stopped at the end):

A. A 1,000,000-row result (6 columns: bigint, integer, timestamptz, numeric(10,2), text,
   boolean; about 55 MB as text) streamed into a build's table: `ttsite build` of a one-page
   site whose `data:` table is `SELECT * FROM big`, against `psql --csv` writing the same
   result to /dev/null. Target: ≤ 1.5 × psql's wall time; ttsite's peak ≤ 300 MiB.
B. A 10,000,000-row table summed in the server to 1,000 rows: the build against `psql`
   running the same query. Target: the build takes the server's query time plus ≤ 0.2 s.

    python3 Benchmarks/postgres.py                # 5 rounds, in /dev/shm
    python3 Benchmarks/postgres.py --runs 3 --rows 100000 --big-rows 1000000   # a quick look

Each round runs every command once, in an order that turns each round, after a round not
counted, timed by GNU time. Printed: medians, and each round's ratio or difference, whose
median the machine's drift between rounds does not move. Needs python3, GNU time, swift and
PostgreSQL's server and client (scripts/install-postgres). Work goes to $TTSITE_BENCH_DIR
(default /dev/shm/ttsite-bench: tmpfs, so that neither the server's nor the build's writes
cost disk time).
"""
import argparse
import os
import shutil
import subprocess
import sys

from tables import ROOT, WORK, paired_difference, paired_ratio, rounds, run, table, verdict

SERVER = os.path.join(ROOT, "Tests", "TestSupport", "Server", "postgres-server")
AGGREGATE = "SELECT g, sum(amount) AS amount, count(*) AS sales FROM huge GROUP BY g ORDER BY g"


def site(folder, port, authority, sql):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "Content"))
    with open(os.path.join(folder, "ttsite.yml"), "w") as config:
        config.write(f"""title: PostgreSQL benchmark
connections:
  bench: {{ type: postgres, host: localhost, port: {port}, database: reports, user: reporter,
           sslmode: verify-full, sslrootcert: {authority}, seconds: 600, rows: 20000000 }}
data:
  result: {{ connection: bench, sql: "{sql}" }}
""")
    with open(os.path.join(folder, "Content", "index.md"), "w") as page:
        page.write("```ttsite query size\nSELECT count(*) AS n FROM result\n```\n\n{{#data.size}}{{n}} rows{{/data.size}}\n")
    return folder


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows of the streamed result")
    parser.add_argument("--big-rows", type=int, default=10_000_000, help="rows of the table summed in the server")
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    run(["swift", "build", "-c", "release", "--product", "ttsite", "--static-swift-stdlib", "--scratch-path", os.path.join(ROOT, ".build-package")],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    ttsite = os.path.join(ROOT, ".build-package", "release", "ttsite")

    folder = os.path.join(WORK, "postgres-server")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    port = run(["bash", SERVER, "start", folder, str(os.getpid())], stdout=subprocess.PIPE, text=True).stdout.strip()
    authority = os.path.join(folder, "tls", "ca.pem")
    os.environ["PGPASSWORD"] = "report-pass"
    try:
        print(f"making the tables ({args.rows:,} and {args.big_rows:,} rows) …", file=sys.stderr)
        run(["bash", SERVER, "sql", folder, f"""
            CREATE TABLE big AS SELECT g::bigint AS id, (g % 1000)::int AS store,
              timestamptz '2024-01-01 00:00:00+00' + g * interval '17 seconds' AS sold_at,
              round((g % 10000) / 7.0, 2)::numeric(10,2) AS amount, 'customer ' || md5(g::text) AS customer, g % 3 = 0 AS returned
              FROM generate_series(1, {args.rows}) g;
            CREATE TABLE huge AS SELECT g::bigint AS id, (g % 1000)::int AS g, round((g % 997) / 3.0, 2)::numeric(10,2) AS amount
              FROM generate_series(1, {args.big_rows}) g;
            ANALYZE big; ANALYZE huge;"""], stdout=subprocess.DEVNULL)
        psql = ["psql", "-X", "-q", f"host=localhost port={port} dbname=reports user=reporter sslmode=verify-full sslrootcert={authority}", "--csv", "-c"]
        streamed = site(os.path.join(WORK, "postgres-streamed"), port, authority, "SELECT * FROM big")
        summed = site(os.path.join(WORK, "postgres-summed"), port, authority, AGGREGATE)
        output = os.path.join(WORK, "out", "postgres")
        build = lambda folder: [ttsite, "build", "--site", folder, "--output", output, "--full", "--quiet"]
        commands = [
            ("psql --csv, the result to /dev/null", psql + ["SELECT * FROM big"], None),
            ("ttsite build, the result as a table", build(streamed), None),
            ("psql, the sum of the big table", psql + [AGGREGATE], None),
            ("ttsite build, the sum as a table", build(summed), None),
        ]
        results = rounds(commands, args.runs)
    finally:
        subprocess.run(["bash", SERVER, "stop", folder], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    print(f"\n### PostgreSQL: {args.rows:,} rows streamed, {args.big_rows:,} rows summed in the server ({args.runs} rounds after one not counted)\n")
    table(results)
    names = list(results)
    wall = paired_ratio(results, names[1], names[0], "wall")
    cpu = paired_ratio(results, names[1], names[0], "cpu")
    peak = max(r["peak"] for r in results[names[1]])
    print(f"\nA. the streamed result: {wall:.2f} × psql's wall time (target ≤ 1.5) {verdict(wall, 1.5)}, "
          f"{cpu:.2f} × its CPU; ttsite's peak {peak:.0f} MiB (target ≤ 300) {verdict(peak, 300)}")
    extra = paired_difference(results, names[3], names[2], "wall")
    print(f"B. the sum in the server: the build takes psql's time + {extra:.2f} s (target ≤ 0.2) {verdict(extra, 0.2)}")


if __name__ == "__main__":
    main()

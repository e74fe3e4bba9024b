#!/usr/bin/env python3
"""Issue 54's benchmark of tables whose SQL runs in a MariaDB server, in paired runs against
the `mariadb` tool, on a server of MariaDB's own packages started for the run (the tests'
`mariadb-server` script: a data folder in the work folder, loopback TCP with TLS checked,
stopped at the end):

A. A 1,000,000-row result (6 columns: BIGINT, INT, TIMESTAMP, DECIMAL(10,2), VARCHAR, BOOL;
   about 70 MB as text) streamed into a build's table: `ttsite build` of a one-page site whose
   `data:` table is `SELECT * FROM big`, against `mariadb --batch --quick` (which streams too)
   writing the same result to /dev/null. Target: ≤ 1.5 × mariadb's wall time; ttsite's peak
   ≤ 300 MiB.
B. A 10,000,000-row table summed in the server to 1,000 rows: the build against `mariadb`
   running the same query. Target: the build takes the server's time only (the difference is
   printed).

    python3 Benchmarks/mysql.py                   # 5 rounds, in /dev/shm
    python3 Benchmarks/mysql.py --runs 3 --rows 100000 --big-rows 1000000   # a quick look

Each round runs every command once, in an order that turns each round, after a round not
counted, timed by GNU time. Printed: medians, and the median of each round's ratio or
difference, which the machine's drift between rounds does not move. Needs python3, GNU time,
swift and MariaDB's server and client (scripts/install-mariadb). Work goes to
$TTSITE_BENCH_DIR (default /dev/shm/ttsite-bench).
"""
import argparse
import os
import shutil
import subprocess
import sys

from tables import ROOT, WORK, paired_difference, paired_ratio, rounds, run, table, verdict

SERVER = os.path.join(ROOT, "Tests", "TestSupport", "Server", "mariadb-server")
SCRATCH = os.path.join(ROOT, ".build-package")
AGGREGATE = "SELECT g, SUM(amount) AS amount, COUNT(*) AS sales FROM huge GROUP BY g ORDER BY g"


def site(folder, port, authority, sql):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "Content"))
    with open(os.path.join(folder, "ttsite.yml"), "w") as config:
        config.write(f"""title: MySQL benchmark
connections:
  bench: {{ type: mysql, host: localhost, port: {port}, database: reports, user: reporter,
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
    run(["swift", "build", "-c", "release", "--product", "ttsite", "--static-swift-stdlib", "--scratch-path", SCRATCH],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    ttsite = os.path.join(SCRATCH, "release", "ttsite")

    folder = os.path.join(WORK, "mariadb-server")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    port = run(["bash", SERVER, "start", folder, str(os.getpid())], stdout=subprocess.PIPE, text=True).stdout.strip()
    authority = os.path.join(folder, "tls", "ca.pem")
    os.environ["MYSQL_PWD"] = "report-pass"
    try:
        print(f"making the tables ({args.rows:,} and {args.big_rows:,} rows) …", file=sys.stderr)
        run(["bash", SERVER, "sql", folder, f"""
            SET time_zone = '+00:00';
            CREATE TABLE big (id BIGINT, store INT, sold_at TIMESTAMP NULL, amount DECIMAL(10,2), customer VARCHAR(60), returned BOOL);
            INSERT INTO big SELECT seq, seq % 1000, TIMESTAMP '2024-01-01 00:00:00' + INTERVAL seq * 17 SECOND,
              ROUND((seq % 10000) / 7.0, 2), CONCAT('customer ', MD5(seq)), seq % 3 = 0 FROM seq_1_to_{args.rows};
            CREATE TABLE huge (id BIGINT, g INT, amount DECIMAL(10,2));
            INSERT INTO huge SELECT seq, seq % 1000, ROUND((seq % 997) / 3.0, 2) FROM seq_1_to_{args.big_rows};
            ANALYZE TABLE big, huge;"""], stdout=subprocess.DEVNULL)
        mariadb = ["mariadb", "--no-defaults", "-h", "localhost", "-P", port, "--protocol=tcp", "-u", "reporter",
                   f"--ssl-ca={authority}", "--ssl-verify-server-cert", "--batch", "--quick", "reports", "-e"]
        output = os.path.join(WORK, "out", "mysql")
        streamed = site(os.path.join(WORK, "mysql-streamed"), port, authority, "SELECT * FROM big")
        summed = site(os.path.join(WORK, "mysql-summed"), port, authority, AGGREGATE)
        build = lambda site_folder: [ttsite, "build", "--site", site_folder, "--output", output, "--full", "--quiet"]
        commands = [
            ("mariadb --batch --quick, the result to /dev/null", mariadb + ["SELECT * FROM big"], None),
            ("ttsite build, the result as a table", build(streamed), None),
            ("mariadb, the sum of the big table", mariadb + [AGGREGATE], None),
            ("ttsite build, the sum as a table", build(summed), None),
        ]
        results = rounds(commands, args.runs)
    finally:
        subprocess.run(["bash", SERVER, "stop", folder], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    print(f"\n### MySQL (MariaDB): {args.rows:,} rows streamed, {args.big_rows:,} rows summed in the server "
          f"({args.runs} rounds after one not counted)\n")
    table(results)
    names = list(results)
    wall = paired_ratio(results, names[1], names[0], "wall")
    cpu = paired_ratio(results, names[1], names[0], "cpu")
    peak = max(r["peak"] for r in results[names[1]])
    print(f"\nA. the streamed result: {wall:.2f} × mariadb's wall time (target ≤ 1.5) {verdict(wall, 1.5)}, "
          f"{cpu:.2f} × its CPU; ttsite's peak {peak:.0f} MiB (target ≤ 300) {verdict(peak, 300)}")
    extra = paired_difference(results, names[3], names[2], "wall")
    print(f"B. the sum in the server: the build takes mariadb's time + {extra:.2f} s "
          f"(the build of a one-page site of 1,000 rows costs about that by itself)")


if __name__ == "__main__":
    main()

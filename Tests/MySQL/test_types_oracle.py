"""The MySQL source against PyMySQL, a MySQL driver of Python's own, as the oracle: every value
of every column type the source reads, as `ttsite query --format json` gives it from a site
whose connection is `type: mysql`, must be what PyMySQL reads from the same server, under the
rules of `MySQLColumn` (Sources/MySQL/MySQLColumn.swift): a DECIMAL(p, 0) of at most 18 digits
is an integer, any other DECIMAL, a FLOAT, a DOUBLE and a BIGINT UNSIGNED beyond 2⁶³ − 1 the
nearest double; TINYINT(1) and BIT(1) booleans; other BITs the unsigned number; TIMESTAMPs in
UTC as `…T…Z` with milliseconds or microseconds when they have a fraction; a DATETIME read in
the site's time zone; a zero date or year NULL; bytes as `\\x` and hex; the rest as text.

Run by scripts/test: `python3 -m pytest Tests/MySQL`. The server is MariaDB's own, started in a
temporary folder by `Tests/TestSupport/Server/mariadb-server` and stopped at the end. Until
`ttsite` knows `type: mysql` connections, the comparison is skipped, and says so.
"""
import datetime
import decimal
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import zoneinfo

import pymysql
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
import testkit  # noqa: E402

SERVER = testkit.ROOT / "Tests" / "TestSupport" / "Server" / "mariadb-server"
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
UTC = datetime.timezone.utc

# Each column: its type, and the values of its rows as SQL literals (NULL among them).
COLUMNS = {
    "ti": ("TINYINT", ["-128", "127", "0", "NULL"]),
    "si": ("SMALLINT UNSIGNED", ["65535", "0", "7", "NULL"]),
    "mi": ("MEDIUMINT", ["-8388608", "8388607", "0", "NULL"]),
    "i": ("INT", ["-2147483648", "2147483647", "7", "NULL"]),
    "bi": ("BIGINT", ["-9223372036854775808", "9223372036854775807", "9007199254740993", "NULL"]),
    "ubi": ("BIGINT UNSIGNED", ["18446744073709551615", "9223372036854775807", "9223372036854775808", "0"]),
    "d0": ("DECIMAL(18,0)", ["999999999999999999", "-5", "0", "NULL"]),
    "d2": ("DECIMAL(10,2)", ["12.50", "-99999999.99", "0.01", "NULL"]),
    "d30": ("DECIMAL(30,0)", ["123456789012345678901234567890", "1", "NULL", "0"]),
    "d65": ("DECIMAL(65,30)", ["3.14159265358979323846264338327950", "-0.000000000000000000000000000001", "NULL", "1"]),
    "f": ("FLOAT", ["1.5", "3.40282e38", "-1.17549e-38", "NULL"]),
    "db": ("DOUBLE", ["0.1", "1.7976931348623157e308", "5e-324", "-0.0"]),
    "b": ("BOOL", ["TRUE", "FALSE", "NULL", "TRUE"]),
    "bit1": ("BIT(1)", ["b'1'", "b'0'", "NULL", "b'1'"]),
    "bit64": ("BIT(64)", ["b'1111111111111111111111111111111111111111111111111111111111111111'", "b'101'", "NULL", "b'0'"]),
    "y": ("YEAR", ["2024", "1901", "2155", "NULL"]),
    "d": ("DATE", ["'2024-02-29'", "'0001-01-01'", "'9999-12-31'", "NULL"]),
    "dtm": ("DATETIME(6)", ["'2024-07-01 12:00:00'", "'2024-01-15 23:59:59.999999'", "'2024-10-27 02:30:00'", "'1970-01-01 00:00:00.5'"]),
    "ts": ("TIMESTAMP(6) NULL", ["'2024-05-01 12:34:56.5'", "'2024-05-01 12:34:56.123456'", "'1999-12-31 23:59:59'", "'2038-01-19 03:14:07'"]),
    "tm": ("TIME(3)", ["'-838:59:59'", "'12:00:00.5'", "'00:00:00'", "NULL"]),
    "e": ("ENUM('a','b c','')", ["'a'", "'b c'", "''", "NULL"]),
    "st": ("SET('x','y')", ["'y,x'", "''", "'x'", "NULL"]),
    "j": ("JSON", ["'{\"a\": [1, 2], \"b\": \"x\"}'", "'[]'", "'\"text\"'", "NULL"]),
    "c": ("CHAR(5)", ["'ab'", "''", "NULL", "'ü'"]),
    "vc": ("VARCHAR(20)", ["'abc'", "'ünïcødé 😀'", "NULL", "' padded '"]),
    "t": ("TEXT", ["'héllo \"quoted\" \\\\\\\\ back'", "''", "'line\\nbreak\\ttab'", "'NULL'"]),
    "bn": ("BINARY(3)", ["x'000102'", "'ab'", "NULL", "x'FFFFFF'"]),
    "vb": ("VARBINARY(8)", ["x'DEADBEEF'", "x''", "NULL", "'text'"]),
    "bl": ("BLOB", ["x'00FF'", "NULL", "x''", "'ü'"]),
}


@pytest.fixture(scope="module")
def server():
    # Not under pytest's own temporary folder: the script's watcher removes it at the end.
    folder = pathlib.Path(tempfile.mkdtemp(prefix="ttsite-mariadb-"))
    port = subprocess.run(["bash", str(SERVER), "start", str(folder), str(os.getpid())], check=True,
                          capture_output=True, text=True, timeout=testkit.LIMIT).stdout.strip()
    rows = len(next(iter(COLUMNS.values()))[1])
    definition = ", ".join(f"{name} {kind}" for name, (kind, _) in COLUMNS.items())
    inserts = "; ".join(
        f"INSERT INTO oracle VALUES ({index}, " + ", ".join(values[index] for _, values in COLUMNS.values()) + ")"
        for index in range(rows))
    subprocess.run(["bash", str(SERVER), "sql", str(folder),
                    f"SET time_zone = '+00:00'; CREATE TABLE oracle (id INT, {definition}); {inserts}"],
                   check=True, capture_output=True, text=True, timeout=testkit.LIMIT)
    yield {"port": int(port), "folder": folder}
    subprocess.run(["bash", str(SERVER), "stop", str(folder)], capture_output=True, timeout=testkit.LIMIT)


def ttsite_rows(server, tmp_path):
    site = tmp_path / "site"
    (site / "Content").mkdir(parents=True)
    (site / "Content" / "index.md").write_text("# Oracle\n")
    (site / "ttsite.yml").write_text(f"""title: Oracle
time_zone: Europe/Berlin
connections:
  db: {{ type: mysql, host: localhost, port: {server['port']}, database: reports, user: reporter,
        sslmode: verify-full, sslrootcert: {server['folder'] / 'tls' / 'ca.pem'} }}
data:
  oracle: {{ connection: db, sql: "SELECT * FROM oracle" }}
""")
    run = subprocess.run([str(testkit.TTSITE), "query", "--site", str(site), "--format", "json", "SELECT * FROM oracle ORDER BY id"],
                         capture_output=True, text=True, env={**os.environ, "MYSQL_PWD": "report-pass"}, timeout=testkit.LIMIT)
    if run.returncode != 0 and "type" in run.stderr and "mysql" in run.stderr and "postgres" in run.stderr:
        pytest.skip(f"ttsite does not read `type: mysql` connections yet: {run.stderr.strip()}")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def instant(value):
    """An aware datetime as the table stores it: UTC, `…T…Z`, a fraction only when there is
    one, in milliseconds when they hold all of it."""
    value = value.astimezone(UTC)
    text = value.strftime("%Y-%m-%dT%H:%M:%S")
    if value.microsecond:
        text += f".{value.microsecond // 1000:03d}" if value.microsecond % 1000 == 0 else f".{value.microsecond:06d}"
    return text + "Z"


def unsigned(kind, value):
    """A BIT's or BIGINT UNSIGNED's value as PyMySQL reads it, as a Python integer."""
    return int.from_bytes(value, "big") if kind.startswith("BIT") else value


def expected(name, value, column):
    """What ttsite must give for PyMySQL's reading `value` of column `name`, whose every
    value PyMySQL read is `column`. A column of BIGINT UNSIGNED or BIT(64) that holds a value
    from 2⁶³ on, which no integer of SQLite holds, is stored as the nearest double, and a
    query's result column that holds a double is one of doubles: each value is a float."""
    kind = COLUMNS[name][0]
    if value is None:
        return None
    if kind in ("BOOL", "BIT(1)"):
        return 1 if (value != b"\x00" if isinstance(value, bytes) else value) else 0
    if kind.startswith("BIT") or kind == "BIGINT UNSIGNED":
        number = unsigned(kind, value)
        wide = any(other is not None and unsigned(kind, other) >= 2**63 for other in column)
        return float(number) if wide else number
    if kind.startswith("TIME("):
        # PyMySQL reads a TIME as a timedelta; the server's text is what ttsite keeps.
        return time_text(value)
    if kind == "YEAR":
        return None if value == 0 else value
    if isinstance(value, decimal.Decimal):
        return int(value) if kind == "DECIMAL(18,0)" else float(value)
    if isinstance(value, float):
        return value
    if isinstance(value, datetime.datetime):
        return instant(value.replace(tzinfo=UTC if kind.startswith("TIMESTAMP") else BERLIN))
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, (bytes, bytearray)):
        return "\\x" + bytes(value).hex()
    if isinstance(value, set):
        return ",".join(item for item in ("x", "y") if item in value)
    return value


def time_text(delta):
    """A TIME as the server writes it: `[-]H:MM:SS[.fff]`, hours from 00, the column's three
    digits of fraction."""
    sign = "-" if delta < datetime.timedelta(0) else ""
    total = abs(delta)
    seconds = total.days * 86400 + total.seconds
    text = f"{sign}{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return text + f".{total.microseconds // 1000:03d}"


def test_every_value_is_what_pymysql_reads(server, tmp_path):
    got = ttsite_rows(server, tmp_path)
    connection = pymysql.connect(host="127.0.0.1", port=server["port"], user="reporter", password="report-pass",
                                 database="reports", charset="utf8mb4", init_command="SET time_zone = '+00:00'",
                                 ssl={"ca": str(server["folder"] / "tls" / "ca.pem")})
    with connection, connection.cursor() as cursor:
        cursor.execute("SELECT * FROM oracle ORDER BY id")
        names = [column[0] for column in cursor.description]
        oracle = [dict(zip(names, row)) for row in cursor.fetchall()]
    assert len(got) == len(oracle)
    compared = 0
    columns = {name: [row[name] for row in oracle] for name in COLUMNS}
    for ours, theirs in zip(got, oracle):
        for name in COLUMNS:
            assert ours[name] == expected(name, theirs[name], columns[name]), \
                f"row {theirs['id']}, column {name}: {ours[name]!r} against PyMySQL's {theirs[name]!r}"
            compared += 1
    assert compared == len(COLUMNS) * len(oracle)

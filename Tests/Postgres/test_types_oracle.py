"""The PostgreSQL source against psycopg, PostgreSQL's Python driver, as the oracle: every value
of every column type the source reads, as `ttsite query --format json` gives it from a site
whose table is `SELECT * FROM oracle`, must be what psycopg reads from the same server, under
the rules `Docs/Content/postgres.md` states (a numeric(p, 0) of at most 18 digits is an integer,
any other numeric the nearest double; instants in UTC as `…T…Z` with milliseconds or
microseconds when they have a fraction; a timestamp without a zone read in the site's time
zone; arrays and json as JSON text; NaN as null).

Run by scripts/test: `python3 -m pytest Tests/Postgres`. The server is PostgreSQL's own,
started in a temporary folder by `Tests/TestSupport/Server/postgres-server` and stopped at the end.
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

import psycopg
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
import testkit  # noqa: E402

SERVER = testkit.ROOT / "Tests" / "TestSupport" / "Server" / "postgres-server"
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
UTC = datetime.timezone.utc

# Each column: its type, and the values of its rows as SQL literals (NULL among them).
COLUMNS = {
    "i2": ("smallint", ["-32768", "32767", "0", "NULL"]),
    "i4": ("integer", ["-2147483648", "2147483647", "7", "NULL"]),
    "i8": ("bigint", ["-9223372036854775808", "9223372036854775807", "9007199254740993", "NULL"]),
    "n": ("numeric", ["100000000000000000000.5", "0.1", "-3.14159265358979323846", "'NaN'"]),
    "n2": ("numeric(10,2)", ["12.50", "-99999999.99", "0.01", "NULL"]),
    "n0": ("numeric(18,0)", ["999999999999999999", "-5", "0", "NULL"]),
    "n30": ("numeric(30,0)", ["123456789012345678901234567890", "1", "NULL", "0"]),
    "f4": ("real", ["1.5", "3.4028235e38", "'NaN'", "1e-45"]),
    "f8": ("double precision", ["0.1", "1.7976931348623157e308", "5e-324", "-0.0"]),
    "b": ("boolean", ["true", "false", "NULL", "true"]),
    "d": ("date", ["'2024-02-29'", "'0001-01-01'", "'9999-12-31'", "NULL"]),
    "ts": ("timestamp", ["'2024-07-01 12:00:00'", "'2024-01-15 23:59:59.999999'", "'2024-10-27 02:30:00'", "'1970-01-01 00:00:00.5'"]),
    "tz": ("timestamptz", ["'2024-05-01 12:34:56.5+02'", "'2024-05-01 12:34:56.123456+00'", "'1999-12-31 23:59:59-08'", "'2024-05-01 00:00:00.1234Z'"]),
    "j": ("json", ["'{\"a\": [1, 2], \"b\": \"x\"}'", "'[]'", "'\"text\"'", "NULL"]),
    "jb": ("jsonb", ["'{\"b\": null, \"a\": 1.5}'", "'[true, {\"c\": \"d\"}]'", "'3'", "NULL"]),
    "t": ("text", ["'héllo \"quoted\" \\\\ back'", "''", "E'line\\nbreak\\ttab'", "'NULL'"]),
    "vc": ("varchar(20)", ["'abc'", "'ünïcødé 😀'", "NULL", "' padded '"]),
    "u": ("uuid", ["'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'", "NULL", "'00000000-0000-0000-0000-000000000000'", "NULL"]),
    "ai": ("integer[]", ["'{1,NULL,3}'", "'{}'", "'{{1,2},{3,4}}'", "NULL"]),
    "an": ("numeric[]", ["'{1.50,-2,NaN}'", "'{}'", "NULL", "'{0.001}'"]),
    "af": ("double precision[]", ["'{0.1,1e+300,-0}'", "'{NaN,Infinity}'", "NULL", "'{}'"]),
    "at": ("text[]", ["'{\"a b\",\"c\\\"d\",NULL,\"NULL\",plain}'", "'{\"\"}'", "'{\"{braces}\",\"com,ma\",\"back\\\\\\\\slash\"}'", "NULL"]),
    "ab": ("boolean[]", ["'{t,f,NULL}'", "'{}'", "NULL", "'{t}'"]),
    "ad": ("date[]", ["'{2024-02-29,NULL}'", "NULL", "'{}'", "'{0001-01-01}'"]),
    "ajb": ("jsonb[]", ["ARRAY['{\"a\": 1}'::jsonb, '[1, \"x\"]'::jsonb]", "NULL", "'{}'", "ARRAY['null'::jsonb]"]),
}


@pytest.fixture(scope="module")
def server():
    # Not under pytest's own temporary folder: it is private to this user, and the server runs
    # as `postgres` when the tests run as root. The script's watcher removes it at the end.
    folder = pathlib.Path(tempfile.mkdtemp(prefix="ttsite-postgres-"))
    os.chmod(folder, 0o755)
    port = subprocess.run(["bash", str(SERVER), "start", str(folder), str(os.getpid())], check=True,
                          capture_output=True, text=True, timeout=testkit.LIMIT).stdout.strip()
    rows = len(next(iter(COLUMNS.values()))[1])
    definition = ", ".join(f"{name} {kind}" for name, (kind, _) in COLUMNS.items())
    inserts = "; ".join(
        f"INSERT INTO oracle VALUES ({index}, " + ", ".join(f"({values[index]})::{kind}" for kind, values in COLUMNS.values()) + ")"
        for index in range(rows))
    subprocess.run(["bash", str(SERVER), "sql", str(folder), f"CREATE TABLE oracle (id int, {definition}); {inserts}"],
                   check=True, capture_output=True, text=True, timeout=testkit.LIMIT)
    yield {"port": int(port), "folder": folder}
    subprocess.run(["bash", str(SERVER), "stop", str(folder)], capture_output=True, timeout=testkit.LIMIT)


def connection_text(server):
    return (f"host=localhost port={server['port']} dbname=reports user=reporter password=report-pass "
            f"sslmode=verify-full sslrootcert={server['folder'] / 'tls' / 'ca.pem'}")


def ttsite_rows(server, tmp_path):
    site = tmp_path / "site"
    (site / "Content").mkdir(parents=True)
    (site / "Content" / "index.md").write_text("# Oracle\n")
    (site / "ttsite.yml").write_text(f"""title: Oracle
time_zone: Europe/Berlin
connections:
  db: {{ type: postgres, host: localhost, port: {server['port']}, database: reports, user: reporter,
        sslmode: verify-full, sslrootcert: {server['folder'] / 'tls' / 'ca.pem'} }}
data:
  oracle: {{ connection: db, sql: "SELECT * FROM oracle" }}
""")
    run = subprocess.run([str(testkit.TTSITE), "query", "--site", str(site), "--format", "json", "SELECT * FROM oracle ORDER BY id"],
                         capture_output=True, text=True, env={**os.environ, "PGPASSWORD": "report-pass"}, timeout=testkit.LIMIT)
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


def number(value):
    """A number of a JSON array: NaN and ±Infinity, which JSON cannot hold, as null."""
    value = float(value)
    return None if value != value or value in (float("inf"), float("-inf")) else value


def element(value):
    if isinstance(value, list):
        return [element(item) for item in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float, decimal.Decimal)):
        return number(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


def expected(name, value):
    kind = COLUMNS[name][0]
    if value is None:
        return None
    if kind.endswith("[]"):
        if kind == "jsonb[]":
            return value
        return element(value)
    if kind in ("json", "jsonb"):
        return value
    if isinstance(value, decimal.Decimal):
        if kind == "numeric(18,0)":
            return int(value)
        return None if value.is_nan() else float(value)
    if isinstance(value, float):
        return None if value != value or value in (float("inf"), float("-inf")) else value
    if isinstance(value, datetime.datetime):
        return instant(value if value.tzinfo else value.replace(tzinfo=BERLIN))
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, (bool, int)):
        return value
    return str(value)


def test_every_value_is_what_psycopg_reads(server, tmp_path):
    got = ttsite_rows(server, tmp_path)
    with psycopg.connect(connection_text(server)) as connection:
        cursor = connection.execute("SELECT * FROM oracle ORDER BY id")
        names = [column.name for column in cursor.description]
        oracle = [dict(zip(names, row)) for row in cursor.fetchall()]
    assert len(got) == len(oracle)
    compared = 0
    for ours, theirs in zip(got, oracle):
        for name in COLUMNS:
            value = ours[name]
            if COLUMNS[name][0] in ("json", "jsonb") or COLUMNS[name][0].endswith("[]"):
                value = None if value is None else json.loads(value)
            assert value == expected(name, theirs[name]), f"row {theirs['id']}, column {name}: {ours[name]!r} against psycopg's {theirs[name]!r}"
            compared += 1
    assert compared == len(COLUMNS) * len(oracle)

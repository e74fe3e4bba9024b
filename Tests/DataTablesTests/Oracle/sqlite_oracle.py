#!/usr/bin/env python3
"""Python's sqlite3 module as the judge of how ttsite reads a SQLite file.

    sqlite_oracle.py make FILE   writes the fixture database (every storage class, NULLs,
                                 Unicode, the largest integers, a BLOB, declared DATE,
                                 DATETIME and BOOLEAN columns) to FILE
    sqlite_oracle.py read FILE   prints every row of every table of FILE as JSON:
                                 {"tables": [{"name", "columns": [{"name", "declared"}],
                                 "rows": [[{"class", "value", ...}]]}]}
    sqlite_oracle.py hot FILE    writes FILE as a writer that died mid-transaction leaves
                                 it: 2,000 committed rows in `runs`, uncommitted changes in
                                 FILE and the pages to roll them back in FILE-journal; prints
                                 {"immutable": rows read ignoring the journal, "committed":
                                 rows after SQLite rolls a copy back}
    sqlite_oracle.py rollback FILE  opens FILE once, as a writer: SQLite rolls back a hot
                                 journal
    sqlite_oracle.py evaluate FILE  prints, as a JSON list, the value of each SQL expression
                                 of FILE (one a line) as Python's sqlite3 reads it: a text,
                                 a number as text (repr), or null
    sqlite_oracle.py damage FILE  writes FILE with 2,000 rows in `runs` over many pages,
                                 then overwrites its fifth page with 0xFF bytes; prints
                                 {"error": what Python's sqlite3 says reading every row,
                                 "check": its first quick_check line}

A value's "class" is its storage class as Python reads it; integers and reals are written
as text (repr), so that JSON never rounds them; a text in a DATE column that Python reads as
a date also has "date": [y, m, d], and one in a DATETIME column that Python reads as an
instant has "epoch": seconds since 1970 (repr).
"""
import datetime
import json
import os
import shutil
import sqlite3
import sys

FIXTURE = {
    "numbers": (
        "CREATE TABLE numbers (id INTEGER PRIMARY KEY, i INTEGER, r REAL, n NUMERIC)",
        [
            (1, 0, 0.0, 5),
            (2, 2**63 - 1, 0.1, 5.5),
            (3, -(2**63), -1.7976931348623157e308, None),
            (4, None, 5e-324, 12),
            (5, 42, 1e16, -3.25),
        ],
    ),
    "texts": (
        "CREATE TABLE texts (id INTEGER PRIMARY KEY, t TEXT, b BLOB, anything)",
        [
            (1, "Zürich", b"\x00\xff\x10ab", "plain"),
            (2, "日本語 and 👩‍🚀", b"", 7),
            (3, "", None, 2.5),
            (4, None, b"\xde\xad\xbe\xef", b"\x01"),
            (5, "e\u0301 (combining) — \"quoted\", 'single', tab\tnew\nline", b"x" * 10, None),
        ],
    ),
    "events": (
        "CREATE TABLE events (id INTEGER PRIMARY KEY, day DATE, at DATETIME, flag BOOLEAN, note VARCHAR(20))",
        [
            (1, "2024-02-29", "2024-02-29T13:05:09Z", 1, "leap day"),
            (2, "1999-12-31", "1999-12-31T23:59:59.5Z", 0, "eve"),
            (3, None, None, None, None),
            (4, "0001-01-01", "1970-01-01T00:00:00Z", 1, "first"),
        ],
    ),
    "odd days": (
        'CREATE TABLE "odd days" (id INTEGER PRIMARY KEY, day DATE)',
        [
            (1, "2024-01-05"),
            (2, "soon"),
            (3, "2024-02-30"),
        ],
    ),
}


def make(path):
    connection = sqlite3.connect(path)
    for name, (create, rows) in FIXTURE.items():
        connection.execute(create)
        marks = ", ".join("?" * len(rows[0]))
        connection.executemany(f'INSERT INTO "{name}" VALUES ({marks})', rows)
    connection.execute("CREATE INDEX numbers_by_i ON numbers (i)")
    connection.commit()
    connection.close()


def hot(path):
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("PRAGMA journal_mode = DELETE")
    writer.execute("CREATE TABLE runs (n INTEGER, note TEXT)")
    writer.executemany("INSERT INTO runs VALUES (?, ?)", [(n, "x" * 200) for n in range(2000)])
    # A cache of a few pages makes SQLite write changed pages into the file before the commit.
    writer.execute("PRAGMA cache_size = 2")
    writer.execute("BEGIN")
    writer.execute("DELETE FROM runs WHERE n % 3 = 0")
    writer.execute("UPDATE runs SET note = 'uncommitted'")
    # The writer "dies" here: its files are copied as they are, and it rolls back.
    for suffix in ("", "-journal"):
        shutil.copyfile(path + suffix, path + ".hot" + suffix)
    writer.execute("ROLLBACK")
    writer.close()
    for suffix in ("", "-journal"):
        shutil.copyfile(path + ".hot" + suffix, path + ".copy" + suffix)
        os.replace(path + ".hot" + suffix, path + suffix)
    immutable = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    rows = immutable.execute("SELECT count(*) FROM runs WHERE note != 'uncommitted'").fetchone()[0]
    immutable.close()
    copy = sqlite3.connect(path + ".copy")
    committed = copy.execute("SELECT count(*) FROM runs WHERE note != 'uncommitted'").fetchone()[0]
    copy.close()
    os.remove(path + ".copy")
    json.dump({"immutable": rows, "committed": committed}, sys.stdout)


def damage(path):
    writer = sqlite3.connect(path)
    writer.execute("CREATE TABLE runs (n INTEGER, note TEXT)")
    writer.executemany("INSERT INTO runs VALUES (?, ?)", [(n, "x" * 200) for n in range(2000)])
    writer.commit()
    page_size = writer.execute("PRAGMA page_size").fetchone()[0]
    writer.close()
    with open(path, "r+b") as file:
        file.seek(4 * page_size)
        file.write(b"\xff" * page_size)
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        reader.execute("SELECT sum(length(note)) FROM runs").fetchone()
        error = None
    except sqlite3.DatabaseError as failure:
        error = str(failure)
    check = reader.execute("PRAGMA quick_check(1)").fetchone()[0]
    reader.close()
    json.dump({"error": error, "check": check}, sys.stdout)


def evaluate(path):
    database = sqlite3.connect(":memory:")
    values = []
    with open(path, encoding="utf-8") as lines:
        for line in lines.read().split("\n"):
            if not line:
                continue
            value = database.execute("SELECT " + line).fetchone()[0]
            values.append(None if value is None else value if isinstance(value, str) else repr(value))
    json.dump(values, sys.stdout)


def rollback(path):
    sqlite3.connect(path).execute("SELECT count(*) FROM sqlite_schema").fetchone()


def described(value, declared):
    if value is None:
        return {"class": "null", "value": None}
    if isinstance(value, int):
        return {"class": "integer", "value": repr(value)}
    if isinstance(value, float):
        return {"class": "real", "value": repr(value)}
    if isinstance(value, bytes):
        return {"class": "blob", "value": value.hex().upper()}
    entry = {"class": "text", "value": value}
    if declared == "DATE":
        try:
            day = datetime.date.fromisoformat(value)
            entry["date"] = [day.year, day.month, day.day]
        except ValueError:
            pass
    if declared == "DATETIME":
        try:
            instant = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
            if instant.tzinfo is None:
                instant = instant.replace(tzinfo=datetime.timezone.utc)
            entry["epoch"] = repr(instant.timestamp())
        except ValueError:
            pass
    return entry


def read(path):
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    tables = []
    names = [row[0] for row in connection.execute(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY rowid")]
    for name in names:
        info = connection.execute("SELECT name, type FROM pragma_table_info(?)", (name,)).fetchall()
        columns = [{"name": column, "declared": declared} for column, declared in info]
        rows = [
            [described(value, declared) for value, (_, declared) in zip(row, info)]
            for row in connection.execute(f'SELECT * FROM "{name}" ORDER BY rowid')
        ]
        tables.append({"name": name, "columns": columns, "rows": rows})
    connection.close()
    json.dump({"tables": tables}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    command, path = sys.argv[1], sys.argv[2]
    {"make": make, "read": read, "hot": hot, "rollback": rollback, "damage": damage, "evaluate": evaluate}[command](path)

"""The docs' loader recipes (Docs/Content/loaders.md) run as written, against the libraries
they use as the oracle: a Parquet file read through pyarrow, and a DuckDB database through
PyPI's duckdb, each must give ttsite the rows those libraries read themselves, with their
types (`ttsite query --format json` over the loader's table).

Run by scripts/test after scripts/install-loaders: `python3 -m pytest Tests/Loaders`.
"""
import datetime
import json
import pathlib
import subprocess
import sys

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
import testkit  # noqa: E402

DOCS = testkit.ROOT / "Docs" / "Content" / "loaders.md"


def recipe(name):
    """The text of the fenced block of Docs/Content/loaders.md that follows the line
    `<!-- recipe: NAME -->`: the test runs what the page shows."""
    text = DOCS.read_text(encoding="utf-8")
    marker = f"<!-- recipe: {name} -->"
    assert marker in text, f"{DOCS} has no block marked {marker}"
    block = text.split(marker, 1)[1].split("```", 2)[1]
    return block.split("\n", 1)[1]


def query(site, sql):
    result = subprocess.run(
        [str(testkit.TTSITE), "query", "--site", str(site), "--format", "json", sql],
        capture_output=True, text=True, timeout=testkit.LIMIT)
    assert result.returncode == 0, result.stderr[-4000:]
    return json.loads(result.stdout)


def write_site(site, data_entry, loader_name, loader_text):
    (site / "loaders").mkdir(parents=True)
    (site / "data").mkdir()
    (site / "ttsite.yml").write_text(f"title: Recipe\ndata:\n  {data_entry}\n", encoding="utf-8")
    (site / "loaders" / loader_name).write_text(loader_text, encoding="utf-8")


def test_parquet_through_pyarrow(tmp_path):
    site = tmp_path / "site"
    write_site(site, "sales: { command: [python3, loaders/parquet_to_csv.py, data/sales.parquet], format: csv }",
               "parquet_to_csv.py", recipe("parquet"))
    table = pa.table({
        "region": ["North", "South", "North", None],
        "month": [datetime.date(2025, 1, 1), datetime.date(2025, 1, 1), datetime.date(2025, 2, 1), datetime.date(2025, 2, 1)],
        "revenue": [1250.5, 980.0, 1310.25, 77.0],
        "orders": pa.array([41, 30, 44, 2], type=pa.int64()),
    })
    pq.write_table(table, site / "data" / "sales.parquet")
    rows = query(site, "SELECT region, month, revenue, orders FROM sales")
    expected = pq.read_table(site / "data" / "sales.parquet").to_pylist()
    assert [r["region"] for r in rows] == [e["region"] for e in expected]
    assert [r["month"] for r in rows] == [e["month"].isoformat() for e in expected]
    assert [r["revenue"] for r in rows] == [e["revenue"] for e in expected]
    assert [r["orders"] for r in rows] == [e["orders"] for e in expected]


def test_duckdb_database_through_duckdb(tmp_path):
    site = tmp_path / "site"
    write_site(site, "monthly: { command: [python3, loaders/duckdb_query.py], format: csv }",
               "duckdb_query.py", recipe("duckdb"))
    database = duckdb.connect(str(site / "data" / "shop.duckdb"))
    database.execute("CREATE TABLE orders (day DATE, region VARCHAR, total DECIMAL(10, 2))")
    database.execute("INSERT INTO orders SELECT DATE '2025-01-01' + CAST(i AS INTEGER), CASE WHEN i % 3 = 0 THEN 'North' ELSE 'South' END, "
                     "(i * 7 % 100) + 0.25 FROM range(90) t(i)")
    database.close()
    rows = query(site, "SELECT month, region, orders, revenue FROM monthly ORDER BY month, region")
    oracle = duckdb.connect(str(site / "data" / "shop.duckdb"), read_only=True).execute(
        "SELECT strftime(date_trunc('month', day), '%Y-%m-%d'), region, count(*), sum(total)::DOUBLE "
        "FROM orders GROUP BY ALL ORDER BY 1, 2").fetchall()
    assert [(r["month"], r["region"], r["orders"], r["revenue"]) for r in rows] == [tuple(o) for o in oracle]

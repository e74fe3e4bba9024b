"""Python's csv module as the judge of the CSV reader: prints, as JSON, the records of each
file given, every field as text.

    python3 csv_oracle.py DELIMITER FILE...   ->   {"FILE": [["a", "b"], ...], ...}

DELIMITER is the character itself ("," ";" "|") or "tab". The files are read as the reader
documents: UTF-8 with a byte order mark skipped (utf-8-sig), newline='' so that line breaks in
quoted fields stay as written, no limit on a field's size, the default dialect (strict=False).
Python gives an empty list for a blank line; ttsite makes no row of it, so those are left out.
"""
import csv
import json
import sys


def records(path, delimiter):
    with open(path, encoding="utf-8-sig", newline="") as file:
        return [record for record in csv.reader(file, delimiter=delimiter) if record != []]


def main():
    csv.field_size_limit(sys.maxsize)
    delimiter = "\t" if sys.argv[1] == "tab" else sys.argv[1]
    json.dump({path: records(path, delimiter) for path in sys.argv[2:]}, sys.stdout)


if __name__ == "__main__":
    main()

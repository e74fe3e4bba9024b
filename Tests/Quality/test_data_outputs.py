"""The data outputs (`data_outputs: true`) of the built sites against the JSON Schemas in
Docs/schemas/ (PyPI jsonschema, draft 2020-12, formats checked), and the privacy allow-list:
the mixed fixture's fake e-mails, phones, logins and ids are in no data file.
"""
import json
import pathlib

import jsonschema
import pytest
from referencing import Registry, Resource

import built_sites
from testkit import ROOT

SCHEMAS = ROOT / "Docs" / "schemas"
WITH_DATA = ["reports", "scenario-site", "mixed-site"]


def registry():
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def validator(name):
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema, registry=registry(), format_checker=jsonschema.FormatChecker())


def data_files(site):
    return {
        "people": [p for p in [site / "people" / "index.json"] if p.exists()],
        "scenarios": [p for p in [site / "scenarios" / "index.json"] if p.exists()],
        "timelines": sorted(site.glob("scenarios/*/index.json")),
    }


@pytest.mark.parametrize("name", WITH_DATA)
def test_every_data_file_follows_its_schema(www, name):
    site = www / name
    files = data_files(site)
    assert files["people"] or files["scenarios"], f"{name} has no data outputs"
    checked = 0
    for kind, schema in (("people", "people.v1.schema.json"), ("scenarios", "scenarios.v1.schema.json"),
                         ("timelines", "timeline.v1.schema.json")):
        check = validator(schema)
        for path in files[kind]:
            document = json.loads(path.read_text(encoding="utf-8"))
            errors = sorted(check.iter_errors(document), key=lambda e: list(e.path))
            assert not errors, f"{path}: {errors[0].message} at {list(errors[0].path)}"
            checked += 1
    if files["scenarios"]:
        listed = json.loads(files["scenarios"][0].read_text(encoding="utf-8"))["scenarios"]
        assert len(files["timelines"]) == len(listed)


def test_the_people_file_lists_everyone_the_pages_list(www):
    site = www / "mixed-site"
    people = json.loads((site / "people" / "index.json").read_text(encoding="utf-8"))["people"]
    assert len(people) == 61
    base = built_sites.base_url("mixed-site")
    for person in people:
        assert (site / person["url"][len(base):] / "index.html").is_file(), person["url"]


def test_the_schemas_refuse_what_is_not_allowed():
    """A planted field the allow-list does not have, and a bad date, are refused: the schema
    is strict enough to catch a leak."""
    check = validator("people.v1.schema.json")
    good = {"version": 1, "generated": "2026-11-22T08:00:00Z", "people": [
        {"name": "A", "url": "people/a/", "birthday": "1990-01-01", "age": 36, "next_birthday": "2027-01-01",
         "days_until_birthday": 40, "nationality": None}]}
    assert not list(check.iter_errors(good))
    leaked = json.loads(json.dumps(good))
    leaked["people"][0]["email"] = "a@example.com"
    assert list(check.iter_errors(leaked))
    bad_date = json.loads(json.dumps(good))
    bad_date["people"][0]["birthday"] = "01.01.1990"
    assert list(check.iter_errors(bad_date))


def test_data_files_hold_nothing_private(www):
    site = www / "mixed-site"
    for path in [site / "people" / "index.json"]:
        text = path.read_text(encoding="utf-8")
        for marker in ("noise", "Noise", "example.com", "FAKE-", "555-0", "qXz9", "uuid", "password"):
            assert marker not in text, f"{path}: {marker}"

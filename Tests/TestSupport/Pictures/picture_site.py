"""A site whose people and timeline have pictures on a loopback picture host: for the browser
suite and the quality gates, which look at pictures as a reader gets them.

    root, host, server = picture_site.make(folder)   # folder/site is the site, host serves folder/pics

The pictures are the fixtures of pictures.py (Pillow): a JPEG turned by EXIF, randomuser.me's
128 × 128, a WebP, a PNG with transparency, a large JPEG and a GIF.
"""
import json
import pathlib
import subprocess
import sys

from testkit import address, serve

PICTURES = pathlib.Path(__file__).resolve().parent / "pictures.py"
PORTRAITS = ["rotated-gps.jpg", "portrait-128.jpg", "photo.webp", "odd-alpha.png", "large.jpg", "small.gif"]
NAMES = [("Ada", "Lovelace"), ("Grace", "Hopper"), ("Hedy", "Lamarr"), ("Emmy", "Noether"),
         ("Lise", "Meitner"), ("Rosalind", "Franklin")]


def make(folder):
    """Writes the fixtures to folder/pics, serves folder over loopback and writes the site to
    folder/site. Returns (the site folder, the host's address, the server)."""
    folder = pathlib.Path(folder)
    subprocess.run([sys.executable, str(PICTURES), "make", str(folder / "pics")], check=True, timeout=600)
    server = serve(folder)
    host = address(server)
    people = {"results": [
        {"name": {"first": first, "last": last}, "dob": {"date": f"19{60 + i}-0{i + 1}-1{i}T00:00:00Z"},
         "login": {"uuid": f"0b7c2f3e-0000-4000-8000-00000000000{i}"},
         "picture": {"large": f"{host}/pics/{PORTRAITS[i]}"}}
        for i, (first, last) in enumerate(NAMES)]}
    scenario = {
        "named": "field-trip", "nameEn": "A field trip", "nameDe": "Ein Ausflug",
        "textEn": "Out to the fields.", "textDe": "Hinaus.", "unit": "datetime",
        "start": "2020-01-01T00:00:00Z", "end": "2020-01-10T00:00:00Z",
        "image": f"{host}/pics/large.jpg", "license": "CC0", "source": None,
        "events": [
            {"start": "2020-01-02T00:00:00Z", "textEn": "A green field", "textDe": "Ein Feld", "major": True,
             "image": f"{host}/pics/photo.webp", "license": "CC0", "source": None},
            {"start": "2020-01-05T00:00:00Z", "textEn": "Rain", "textDe": "Regen", "major": False},
            {"start": "2020-01-08T00:00:00Z", "textEn": "An upright photo", "textDe": "Hochkant", "major": True,
             "image": f"{host}/pics/rotated-gps.jpg", "license": None, "source": None},
        ]}
    site = folder / "site"
    (site / "Content" / "data").mkdir(parents=True)
    (site / "Content" / "notes").mkdir(parents=True)
    (site / "ttsite.yml").write_text(
        "title: Pictures\nlanguages: [en]\nimages: local\n"
        "people:\n  - file: Content/data/people.json\nscenarios:\n  - file: Content/data/trip.json\n")
    (site / "Content" / "index.md").write_text("# Pictures\n\nSix people and a field trip.\n")
    (site / "Content" / "notes" / "index.md").write_text(
        "---\ntitle: Notes\n---\n# Notes\n\n![A large field, red and blue](field.jpg \"The field\")\n")
    (site / "Content" / "notes" / "field.jpg").write_bytes((folder / "pics" / "large.jpg").read_bytes())
    (site / "Content" / "data" / "people.json").write_text(json.dumps(people))
    (site / "Content" / "data" / "trip.json").write_text(json.dumps(scenario))
    return site, host, server

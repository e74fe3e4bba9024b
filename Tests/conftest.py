"""What the Python suites share: Tests/Calendar, Tests/Browser and Tests/Quality, each run from
the repository's root by scripts/test (`python3 -m pytest -q Tests/Browser`). pytest finds
this file for all three because Tests/pytest.ini makes Tests/ their root folder.

The helpers themselves are in testkit.py, next to this file; the fixtures are here.
"""
import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
# testkit.py, and the picture site of Tests/TestSupport/Pictures, importable from every suite.
for folder in (HERE, HERE / "TestSupport" / "Pictures"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import testkit  # noqa: E402


@pytest.fixture(scope="session")
def example_site(tmp_path_factory):
    """The repository's example site built at the fixed instant, once for the whole run; read,
    never changed. Screenshots are saved beside it, in pytest's temporary folder."""
    output = tmp_path_factory.mktemp("example") / "site"
    testkit.build(testkit.ROOT, output)
    return output

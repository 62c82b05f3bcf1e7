"""Every rule section and [RES-x] choice in `shared/rules/<game>.md` is cited by a test (rules/README.md:
"name the tag in the test that covers it"; the team's rule that every rule point has a test citing it).

A test cites a section when its docstring names the game's spec file and the section, as in
"regenboog.md §2.10" (several sections may follow one file name: "§2.7.3 and §2.7.6"); a range such as
"§2.5-§2.11" cites its two ends only. A [RES-x] choice is cited by its tag in a test's docstring
("[RES-RG15]", or "RG1, RG4" after a "RES-"). Only test functions and test classes count: a module
docstring or a comment is not a test. The specs are read from `../shared/rules` relative to the project
root, as CI lays them out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules"
GAMES = ("rainbow_passage", "rainbows", "colosseum_offcuts", "dice_box", "regenboog")

_TABLE = "the table of ambiguities: each row is a [RES-…] tag, and each tag is checked on its own"
_CASES = "the list of test cases: each case is an id (XX-Tnn), and each id is checked on its own"
ALLOWED_UNCITED: dict[str, dict[str, str]] = {
    "rainbow_passage": {"1.13": _TABLE, "1.14": _CASES},
    "rainbows": {"1.11": _TABLE, "1.12": _CASES},
    "colosseum_offcuts": {"3.9": _TABLE, "3.10": _CASES},
    "dice_box": {"2.6": _TABLE, "2.7": _CASES},
    "regenboog": {
        "2.3": "a heading with no rule of its own: §2.3.1-§2.3.7 below it are cited one by one",
        "2.13": _TABLE,
        "2.14": _CASES,
    },
}
"""Points deliberately cited by no test, each with the reason."""

_HEADING = re.compile(r"^#+\s*(\d+(?:\.\d+)+)\b", re.MULTILINE)
_SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)")
_RES_GROUP = re.compile(r"\[RES-([^\]]*)\]")
_RES_TAG = re.compile(r"RES-([A-Z]+\d+)")
_BARE_TAG = re.compile(r"^[A-Z]+\d+$")
_CASE_ID = re.compile(r"\*\*([A-Z]{2}-T\d+)\b")


def spec_points(game: str) -> tuple[set[str], set[str], set[str]]:
    """The section numbers, the RES tags (without "RES-") and the test case ids the spec defines."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    return set(_HEADING.findall(text)), _tags(text), set(_CASE_ID.findall(text))


def _tags(text: str) -> set[str]:
    tags = set(_RES_TAG.findall(text))
    for group in _RES_GROUP.findall(text):
        first = re.match(r"[A-Z]+", group)
        prefix = first.group(0) if first else ""
        for part in re.split(r"[,\s]+", group):
            if _BARE_TAG.match(part):
                tags.add(part)
            elif part.isdigit() and prefix:
                tags.add(prefix + part)
    return tags


FILE_GAMES = {
    "rainbow_passage": "test_rainbow_passage",
    "rainbows": "test_rainbows",
    "colosseum_offcuts": "test_colosseum",
    "dice_box": "test_dice_box",
    "regenboog": "test_regenboog",
}
"""A test file about one game (by its name) cites that game's sections without naming the spec file."""


def suite_docstrings() -> Iterator[tuple[str, str]]:
    """(the test file's stem, docstring) for every test function and test class in the suite."""
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(
                node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
            ) and node.name.startswith(("test", "Test")):
                doc = ast.get_docstring(node)
                if doc:
                    yield path.stem, doc


def cited(game: str, docs: list[tuple[str, str]]) -> tuple[set[str], set[str]]:
    """The sections and tags of `game` the docstrings cite. A section counts when it follows the game's
    spec file name, or stands before any file name in a test of a file about the game."""
    sections: set[str] = set()
    tags: set[str] = set()
    for stem, doc in docs:
        tags |= _tags(doc)
        pieces = re.split(r"\b(\w+)\.md\b", doc)
        if stem.startswith(FILE_GAMES[game]):
            sections |= set(_SECTION.findall(pieces[0]))
        for name, body in zip(pieces[1::2], pieces[2::2], strict=True):
            if name == game:
                sections |= set(_SECTION.findall(body))
    return sections, tags


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_point_is_cited(game: str) -> None:
    """rules/README.md: every section, [RES-x] choice and test case of the game's spec is named by a test
    (bar the listed exceptions, which must still exist in the spec)."""
    docs = list(suite_docstrings())
    sections, tags, cases = spec_points(game)
    assert sections and cases, f"{game}.md: no sections or test cases found; has its layout changed?"
    have_sections, have_tags = cited(game, docs)
    allowed = ALLOWED_UNCITED[game]
    missing = sorted(s for s in sections - have_sections if s not in allowed)
    missing += sorted(f"RES-{t}" for t in tags - have_tags if t not in allowed)
    missing += sorted(c for c in cases if not any(re.search(rf"\b{c}\b", doc) for _stem, doc in docs))
    assert not missing, f"{game}.md points no test cites: {', '.join(missing)}"
    stale = sorted(p for p in allowed if p not in sections)
    assert not stale, f"exceptions for sections {game}.md does not have: {stale}"


def test_the_reader_finds_citations() -> None:
    """The checker itself: a spec file name followed by sections, a bare section in a game's own test
    file, and tags in brackets with a shared prefix."""
    docs = [
        ("test_other", "regenboog.md §2.7.3 and §2.10 [RES-RG1, RG4]; rainbows.md §1.5"),
        ("test_regenboog_x", "§2.9, see dice_box.md §2.3"),
    ]
    sections, tags = cited("regenboog", docs)
    assert sections == {"2.7.3", "2.10", "2.9"}
    assert tags == {"RG1", "RG4"}
    assert cited("rainbows", docs)[0] == {"1.5"}
    assert cited("dice_box", docs)[0] == {"2.3"}

"""Hostile save files for the issue-9 tests, made by the tests themselves (none is shipped).

Each case starts from a real Dice Box save with a computer seat to move and changes one thing the way a
hostile or careless user would: a NUL or a lone surrogate in a name or title, times far out of range, a
30,000-character game id or action type, a 20,000-character title. `write_hostile_folder` adds the cases
that are about the folder itself: a link that loops, a link outside, a name that is not UTF-8, a stale
temporary file. Holds no assertions.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import default_seats
from rainbowtable.games import rules_by_id
from rainbowtable.storage.save_format import match_to_json

Edit = Callable[[dict[str, Any]], None]


def real_match(moves: int = 6, seed: int = 4242) -> Match:
    """A Dice Box game a few steps in, seat 2 a computer."""
    rules = rules_by_id("dice_box")
    match = Match(rules, rules.default_options(), default_seats(2, computers=1), seed)
    chooser = Rng(seed)
    for _ in range(moves):
        if match.is_finished:
            break
        if match.resolve_chance() is None:
            match.play(chooser.choice(list(rules.legal_actions(match.state))))
    return match


def real_save() -> dict[str, Any]:
    return json.loads(json.dumps(match_to_json(real_match())))


def _set_name(value: str) -> Edit:
    def edit(body: dict[str, Any]) -> None:
        body["seats"][0]["name"] = value

    return edit


def _set(key: str, value: object) -> Edit:
    def edit(body: dict[str, Any]) -> None:
        body[key] = value

    return edit


def _action_type(body: dict[str, Any]) -> None:
    body["log"][0]["action"]["type"] = "Roll" + "x" * 30_000


CASES: dict[str, Edit] = {
    "nul-name": _set_name("Ana\u0000"),
    "surrogate-name": _set_name("\ud800"),
    "nul-title": _set("title", "Game\u0000night"),
    "surrogate-title": _set("title", "x\udcff"),
    "saved-1e300": _set("saved", 1e300),
    "created-minus-1e18": _set("created", -1e18),
    "huge-game-id": _set("game", "g" * 30_000),
    "huge-action-type": _action_type,
    "huge-title": _set("title", "long " * 4_000),
    "huge-name": _set_name("n" * 20_000),
    "bad-colour": lambda body: body["seats"][0].update(colour="x" * 5_000),
    "huge-seed": _set("seed", 10**400),
}
"""Each hostile case: the edit it makes to a real save."""


def hostile_bytes(name: str) -> bytes:
    body = real_save()
    CASES[name](body)
    # ensure_ascii: lone surrogates travel as \\udXXX escapes, as a hand-edited file would have them.
    return json.dumps(body, ensure_ascii=True).encode("ascii")


def write_hostile(folder: Path, name: str) -> Path:
    path = folder / f"{name}.json"
    path.write_bytes(hostile_bytes(name))
    return path


def write_hostile_folder(folder: Path) -> list[Path]:
    """Every hostile case in `folder`, plus a link loop, a link to a file outside, a file whose name is not
    UTF-8 and a stale temporary file. Returns the `.json` entries made (all should be listed)."""
    folder.mkdir(parents=True, exist_ok=True)
    made = [write_hostile(folder, name) for name in CASES]
    loop = folder / "loop.json"
    os.symlink("loop.json", loop)
    made.append(loop)
    outside = folder.parent / "outside-target.json"
    outside.write_bytes(json.dumps(real_save()).encode())
    link_out = folder / "outside.json"
    os.symlink(outside, link_out)
    made.append(link_out)
    raw_name = os.fsencode(folder) + b"/caf\xe9-\xff.json"
    with open(raw_name, "wb") as handle:
        handle.write(hostile_bytes("nul-name"))
    made.append(Path(os.fsdecode(raw_name)))
    return made

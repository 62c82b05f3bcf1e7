"""Issue 39: in Nederlands nothing a player reads is left in English.

(a) every text of the template (`python -m rainbowtable.locale.tools extract`) has a Dutch translation with
the same `{fields}`;
(b) a seeded game of each of the five games, played to its end through the real table in Dutch, draws no
English: every text the drawing helpers record, every widget's text and tooltip, and every log line is read
word by word, and none may hold a word that only the English texts of the catalogue use (a word of an msgid
that no Dutch translation uses, such as "place", "your", "first" or "Fortification"). A text drawn without
`_()`, or built from an English piece, fails; names (seats, games) are taken out before the words are read.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from rainbowtable.ai.players import choose_action
from rainbowtable.core.game import Players
from rainbowtable.core.i18n import install_language
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import SEAT_COLOURS, Level, Seat, SeatKind
from rainbowtable.games import GAMES, rules_by_id
from rainbowtable.locale import tools
from rainbowtable.storage.paths import default_paths
from rainbowtable.storage.save_errors import SaveError
from rainbowtable.storage.save_format import match_to_json
from rainbowtable.storage.save_replay import match_from_json
from rainbowtable.storage.settings import Settings
from rainbowtable.ui import boot, layout_audit
from rainbowtable.ui.loop import Table
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from rainbowtable.ui.table.view import TAKE_CHANCE
from tests.ui_driver import DT, pump

UNTRANSLATED: dict[str, str] = {}
"""msgid -> why it needs no Dutch text. Empty: every text the app shows has its Dutch."""

NAMES = (
    "Colosseum Offcuts",
    "Rainbow Passage",
    "Dice Box",
    "De Regenboog",
    "Rainbows",
    "rainbowtable",
    "Luckychauns",
    "English",
    "Alan R. Moon",
)
"""Proper names the Dutch text keeps: the games' own names (shown as published, in every language), the
Rainbows card folk, English in the language menu (each language is named in its own words) and the
designer a rules page names."""
DUTCH_TOO = frozenset({"depot", "win", "best"})
"""Words of the English texts that are Dutch words too."""
BOARD_NAMES = tuple(
    json.loads(path.read_text(encoding="utf-8"))["name"]
    for path in sorted((Path(__file__).resolve().parent.parent / "saves" / "boards").rglob("*.json"))
)
"""The example boards' names: a board's name is its maker's title, kept as saved (and the key a game
remembers its board by), like a name the player types."""

FIELD = re.compile(r"\{[^{}]*\}")
WORD = re.compile(r"[A-Za-zÀ-ÿ]{3,}")


@functools.cache
def catalogues() -> tuple[Any, Any]:
    return tools.template(), tools.read_catalogue(tools.po_path("nl"))


def words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(FIELD.sub(" ", text))}


@functools.cache
def english_only() -> frozenset[str]:
    """Words the English texts use and no Dutch text does (nor a name the Dutch keeps)."""
    template, dutch = catalogues()
    english: set[str] = set()
    for message in template:
        if message.id:
            english |= words(message.id)
    for message in dutch:
        if message.id and message.string:
            english -= words(message.string)
    for name in NAMES:
        english -= words(name)
    return frozenset(english - DUTCH_TOO)


def test_every_text_of_the_template_has_its_dutch() -> None:
    """Issue 39: no msgid of the template lacks a Dutch msgstr (bar the reasoned exceptions above), and a
    translation keeps the template's fields (a lost `{name}` would raise or drop a value when formatted)."""
    template, dutch = catalogues()
    missing, fields = [], []
    for message in template:
        if not message.id or message.id in UNTRANSLATED:
            continue
        found = dutch.get(message.id)
        if found is None or not found.string:
            missing.append(message.id)
        elif sorted(FIELD.findall(message.id)) != sorted(FIELD.findall(found.string)):
            fields.append(f"{message.id!r} -> {found.string!r}")
    assert not missing, f"{len(missing)} texts have no Dutch: " + "; ".join(map(repr, missing[:40]))
    assert not fields, "fields differ:\n" + "\n".join(fields)


def test_the_check_sees_english() -> None:
    """The word check of (b) catches the texts the issue saw in English."""
    for seen in ("Place your first Fortification", "Take a card: buy it onto the board or keep it"):
        assert english_text(seen), seen
    assert not english_text("Plaats je eerste Vesting")


FILE_NAME = re.compile(r"[\w.-]+\.(?:json|sqlite)[\w.-]*")
"""A file's name (a records file set aside, `records.sqlite.broken-<date>`) is a name, not words to read."""


def english_text(text: str) -> set[str]:
    for name in (*BOARD_NAMES, *NAMES, *SEAT_NAMES):
        text = text.replace(name, " ")
    return words(FILE_NAME.sub(" ", text)) & english_only()


SEAT_NAMES = ("Ana", "Bram", "Cor", "Dirk", "Eva", "Fien")


@dataclass
class Seen:
    where: dict[str, str]

    def add(self, text: str, where: str) -> None:
        if text and text not in self.where:
            self.where[text] = where


def widget_texts(ctx: Any) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for element in ctx.manager.get_sprite_group().sprites():
        if not getattr(element, "visible", True):
            continue
        for attribute in ("text", "tool_tip_text", "html_text"):
            value = getattr(element, attribute, None)
            if isinstance(value, str):
                found.append((value, f"{type(element).__name__}.{attribute}"))
    return found


@pytest.mark.parametrize("game_id", [entry.id for entry in GAMES])
def test_a_game_in_dutch_shows_no_english(tmp_path: Path, game_id: str) -> None:
    """Issue 39: a seeded game played to its end in Nederlands (the first seat a person whose moves the
    computer picks, so the person's buttons, prompts and hints are shown) draws no English text."""
    os.environ["RAINBOWTABLE_HOME"] = str(tmp_path)
    paths = default_paths()
    paths.ensure()
    settings = Settings(animation_speed=0.0, language="nl")
    ctx = boot.make_context(
        paths, logging.getLogger("rainbowtable.test"), settings=settings, size=(1280, 720), sound=False
    )
    table = Table(ctx)
    seen = Seen({})
    try:
        assert install_language("nl") == "nl"
        rules = rules_by_id(game_id)
        count = rules.seat_counts[-1]
        seats = (
            Seat(SEAT_NAMES[0]),
            *(Seat(SEAT_NAMES[i], SeatKind.COMPUTER, Level.EASY) for i in range(1, count)),
        )
        match = Match(rules, rules.default_options(), seats, 7)
        thinking = Rng(7).fork("test")
        navigation.open_play(ctx, match)
        scene = ctx.scenes.top
        assert isinstance(scene, PlayScene)
        recording = layout_audit.start()
        after_end = 0
        for _frame in range(20000):
            table.step(DT, [])
            if scene.driver.worker.busy:
                scene.driver.worker.wait(30.0)
            for drawn in recording.texts:
                seen.add(drawn.text, "drawn")
            recording.texts.clear()
            recording.cards.clear()
            for text, where in widget_texts(ctx):
                seen.add(text, where)
            if match.is_finished:
                after_end += 1
                if after_end > 30:  # the result card is up
                    break
                continue
            human = scene.driver.human_to_act()
            if human is not None and scene.animation is None and not scene.driver.thinking:
                who = match.to_act()
                if isinstance(who, Players):
                    scene.play(choose_action(rules, match.state, who.seats[0], Level.EASY, thinking))
                else:  # the person's own roll (a stuck Dice Box player re-rolls)
                    scene.play(TAKE_CHANCE)
        assert match.is_finished, "the game reached its end"
        for line in scene.panel.log.lines:
            seen.add(line, "log")
    finally:
        layout_audit.stop()
        navigation.open_title(ctx)
        install_language("en")
        pygame.event.clear()
    english = {
        f"{where}: {text!r} ({', '.join(sorted(found))})"
        for text, where in seen.where.items()
        if (found := english_text(text))
    }
    assert not english, f"{len(english)} texts in English:\n" + "\n".join(sorted(english))


AUDIT_STAND_INS = frozenset({"Keyboard shortcuts"})
"""Texts the audit's openers pass as they are (the shortcuts dialog's title), not the app's."""


def test_every_screen_in_dutch_shows_no_english(tmp_path: Path) -> None:
    """Issue 39: every screen the layout audit opens (title, new game with its options, settings, load, rules
    pages, play and result of each game, both builders with their problem lists, the library, the dialogs),
    opened in Nederlands, draws no English word: the rules pages of all five games are in Dutch, and the
    choose dialog shows Colosseum Offcuts' own choices."""
    from tests.test_layout_audit import SCREENS, _context

    report: list[str] = []
    ctx: Any = None
    try:
        ctx, table = _context(tmp_path / "home", (1280, 720), 100, "nl")
        for name, opener in SCREENS.items():
            for file in ctx.paths.saves_dir.glob("*.json"):
                file.unlink()
            ctx.paths.autosave_path.unlink(missing_ok=True)
            recording = layout_audit.start()
            try:
                opener(ctx, table)
                pump(table, 3)
                shown = [(text.text, "drawn") for text in recording.texts] + widget_texts(ctx)
            finally:
                layout_audit.stop()
            for text, where in shown:
                if text in AUDIT_STAND_INS:
                    continue
                if found := english_text(text):
                    report.append(f"{name}: {where}: {text!r} ({', '.join(sorted(found))})")
    finally:
        if ctx is not None:
            navigation.open_title(ctx)
        install_language("en")
        pygame.event.clear()
    report = sorted(set(report))
    assert not report, f"{len(report)} texts in English:\n" + "\n".join(report)


def _dice_box_save() -> dict[str, Any]:
    """A Dice Box game a few moves in, as its save's parsed JSON."""
    rules = rules_by_id("dice_box")
    seats = (Seat(SEAT_NAMES[0]), Seat(SEAT_NAMES[1], SeatKind.COMPUTER, Level.EASY))
    match = Match(rules, rules.default_options(), seats, 4242)
    rng = Rng(7)
    while len(match.steps) < 8 and not match.is_finished:
        if match.resolve_chance() is None:
            who = match.to_act()
            assert isinstance(who, Players)
            match.play(choose_action(rules, match.state, who.seats[0], Level.EASY, rng))
    body: dict[str, Any] = json.loads(json.dumps(match_to_json(match)))
    return body


def _decision(body: dict[str, Any]) -> int:
    return next(i for i, entry in enumerate(body["log"]) if entry["actor"] is not None)


ALTERED_SAVES: tuple[tuple[str, Any], ...] = (
    ("a seat decides a roll", lambda body: body["log"][0].update(actor=0)),
    ("the other seat's turn", lambda body: body["log"][_decision(body)].update(actor=1)),
    ("a decision passed off as chance", lambda body: body["log"][_decision(body)].update(actor=None)),
    ("a changed generator", lambda body: body["log"][_decision(body)].update(rng="0" * 16)),
    ("a rigged roll", lambda body: body["log"][0].update(rng="0123456789abcdef")),
    ("more steps said than logged", lambda body: body.update(turn=body["turn"] + 1)),
    ("a generator the log does not end with", lambda body: body.update(rng="0123456789abcdef")),
    ("a seat that is not there", lambda body: body["log"][_decision(body)].update(actor=5)),
    ("an unknown action", lambda body: body["log"][_decision(body)]["action"].update(type="Teleport")),
    ("an action that is no object", lambda body: body["log"][_decision(body)].update(action=3)),
    ("a generator state that is not hexadecimal", lambda body: body.update(rng="xyz")),
    ("a seat colour the table has not", lambda body: body["seats"][0].update(colour="plaid")),
    ("a time before 1970", lambda body: body.update(created=-5.0)),
    ("a game number too long", lambda body: body.update(seed=10**30)),
    ("a negative step count", lambda body: body.update(turn=-1)),
    ("a version that is no number", lambda body: body.update(version="one")),
    ("a game id that is no text", lambda body: body.update(game=5)),
    ("a rules version that is no number", lambda body: body.update(rules_version="1")),
    ("a field name with a line break", lambda body: body["state"].update({"bad\nkey": 1})),
    ("a name that is no text", lambda body: body["seats"][0].update(name=5)),
    ("a seat without its name", lambda body: body["seats"][0].pop("name")),
    ("a seat kind there is not", lambda body: body["seats"][1].update(kind="robot")),
)


@pytest.mark.parametrize(("what", "change"), ALTERED_SAVES, ids=[what for what, _change in ALTERED_SAVES])
def test_an_altered_save_is_refused_in_dutch(what: str, change: Any) -> None:
    """Issue 39 for the load checks: opening a damaged or altered save in Dutch says what is wrong in Dutch,
    the reason included ("Ana is shown deciding where chance decides" was English inside a Dutch
    sentence). Each change here is refused by a check of our own, not the decoder's type messages."""
    body = _dice_box_save()
    change(body)
    try:
        assert install_language("nl") == "nl"
        with pytest.raises(SaveError) as refused:
            match_from_json(body)
    finally:
        install_language("en")
    # What the file itself holds is quoted as it is: the path to the field, its names and values, and the
    # seat colours' ids it may hold.
    message = refused.value.message.replace(getattr(refused.value, "where", "") or "\0", " ")
    message = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", " ", message)
    for colour in SEAT_COLOURS:
        message = message.replace(colour, " ")
    assert not english_text(message), f"{what}: {message!r} ({', '.join(sorted(english_text(message)))})"


def test_decimals_are_written_the_dutch_way() -> None:
    """Dutch writes a decimal comma: the dice page's "10,3 per kant" and "in 2,1% van de gevallen" read
    "10.3" and "2.1%" before. English keeps its point."""
    from dataclasses import replace

    from rainbowtable.core.dice_fairness import fairness, fairness_words
    from rainbowtable.core.i18n import decimal

    kinds = rules_by_id("dice_box").dice_kinds
    counts = {(kinds[0].name, face): n for face, n in zip(kinds[0].faces, (9, 8, 5, 8, 20, 12), strict=True)}
    result = replace(fairness(kinds[:1], counts)[0], p_value=0.021)
    try:
        assert install_language("nl") == "nl"
        assert decimal(62 / 6) == "10,3"
        assert "2,1%" in fairness_words(result)
    finally:
        install_language("en")
    assert decimal(62 / 6) == "10.3" and "2.1%" in fairness_words(result)


def test_colosseum_counters_take_their_own_article_in_dutch() -> None:
    """colosseum_offcuts.md's move log in Dutch: "het Bordstuk" and "de Vesting", never "de Bordstuk" (the
    log said "Christopher verplaatst de Bordstuk", the article fixed in the template for both nouns), and the
    set-up's prompt the same ("Plaats het tweede Bordstuk", once "Plaats je tweede Bordstuk" on a computer's
    turn too)."""
    from rainbowtable.core.game import render

    rules = rules_by_id("colosseum_offcuts")
    seats = tuple(Seat(name, SeatKind.COMPUTER, Level.EASY) for name in SEAT_NAMES[:3])
    match = Match(rules, rules.default_options(), seats, 77)
    rng = Rng(5)
    lines: list[str] = []
    prompts: set[str] = set()
    try:
        assert install_language("nl") == "nl"
        while len(match.steps) < 160 and not match.is_finished:
            if match.resolve_chance() is None:
                who = match.to_act()
                assert isinstance(who, Players)
                prompts.add(who.prompt)
                state = match.state
                action = choose_action(rules, state, who.seats[0], Level.EASY, rng)
                lines.append(render(rules.describe(state, action), list(SEAT_NAMES[:3])))
                match.play(action)
    finally:
        install_language("en")
    text = " ".join(lines)
    assert "Bordstuk" in text and "Vesting" in text
    assert "het Bordstuk" in text or "het eerste Bordstuk" in text
    # The status card's prompt says the same on a computer's turn: no "je", the article with the noun.
    assert {"Plaats het tweede Bordstuk", "Plaats de eerste Vesting"} <= prompts, prompts
    assert not [prompt for prompt in prompts if re.search(r"\bje\b", prompt)], prompts
    text += " " + " ".join(prompts)
    wrongs = ("de Bordstuk", "de eerste Bordstuk", "de tweede Bordstuk", "het Vesting", "de eigen Bordstuk")
    for wrong in wrongs:
        assert not re.search(rf"\b{wrong}", text), wrong  # "tweede Bordstuk" holds "de Bordstuk" too


@pytest.mark.parametrize("game_id", [entry.id for entry in GAMES])
def test_every_prompt_reads_on_a_computers_turn(game_id: str) -> None:
    """The status card shows the rules' prompt under "Bo is thinking" as well as under "Ana to play", so no
    prompt speaks to the player ("Place your second Fortification" did, on Colosseum's computer turns)."""
    rules = rules_by_id(game_id)
    count = rules.seat_counts[0]
    seats = tuple(Seat(name, SeatKind.COMPUTER, Level.EASY) for name in SEAT_NAMES[:count])
    match = Match(rules, rules.self_play_options(rules.default_options()), seats, 31)
    rng = Rng(3)
    prompts: set[str] = set()
    while len(match.steps) < 120 and not match.is_finished:
        if match.resolve_chance() is None:
            who = match.to_act()
            assert isinstance(who, Players)
            prompts.add(who.prompt)
            match.play(choose_action(rules, match.state, who.seats[0], Level.EASY, rng))
    assert prompts
    assert not [prompt for prompt in prompts if re.search(r"\byour?\b", prompt, re.IGNORECASE)], prompts

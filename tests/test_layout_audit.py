"""The layout audit (issue 39 §1): every screen, at 1280x720 and 1920x1080, at UI scale 100/125/150 %, in
English and Nederlands, read as facts from what the drawing helpers record (`ui/layout_audit.py`), never
from pixels. It fails on:

- text outside the box it belongs to (the box its drawer names, else the smallest card under it, else the
  window), text over another text, table-drawn text under a widget;
- text cut with an ellipsis, a widget's text wider than the widget;
- a glyph the font does not have (drawn as a box; asked of the font file with FreeType);
- two widgets overlapping, a widget leaving the window.

Each test is one (scale, language); the screens alternate between the two window sizes, so every screen is
seen at every scale in each language, and at both sizes in each language. `RAINBOWTABLE_AUDIT_ALL=1` checks
every screen at both sizes; `RAINBOWTABLE_AUDIT_SHOTS=<folder>` saves a screenshot of every combination
checked there, named screen-size-scale-language.png, for a person to look at;
`RAINBOWTABLE_AUDIT_ONLY=<part of a name>` checks only the screens whose names hold it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import logging
import os
import random
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype
import pytest

from rainbowtable.core.game import Finished
from rainbowtable.core.i18n import _, install_language, plural
from rainbowtable.core.lesson import load_lesson
from rainbowtable.core.match import Match
from rainbowtable.core.seats import SEAT_COLOURS, Seat
from rainbowtable.games import GAMES
from rainbowtable.storage.paths import default_paths
from rainbowtable.storage.saves import autosave, save_match
from rainbowtable.storage.settings import Settings
from rainbowtable.ui import boot, layout_audit, layout_record
from rainbowtable.ui.loop import Table
from rainbowtable.ui.theme import FONT_FILES
from rainbowtable.ui.widgets.menu_button import MenuButton
from tests.ui_driver import DT, pump

SIZES = ((1280, 720), (1920, 1080))
SCALES = (100, 125, 150)
LANGUAGES = ("en", "nl")
ALL = bool(os.environ.get("RAINBOWTABLE_AUDIT_ALL"))
ONLY = os.environ.get("RAINBOWTABLE_AUDIT_ONLY", "")
"""Only the screens whose names contain this (pytest's -k picks tests, not screens): a quick run over the
screens being worked on."""
SHOTS = os.environ.get("RAINBOWTABLE_AUDIT_SHOTS")
SLACK = 2  # pixels a text may pass its box by (antialiasing, a descender's edge)

Opener = Callable[[Any, Any], None]


# --- the matches the screens show -------------------------------------------------------------------------


def _seats(count: int) -> tuple[Seat, ...]:
    # People only, so no computer thinks while the audit looks; long names, as players type them.
    names = ("Priya Ramaswamy", "Bartholomew", "Anna-Lena", "Christopher", "Maximiliaan", "Guinevere")
    return tuple(Seat(names[i], colour=SEAT_COLOURS[i]) for i in range(count))


def _played(game_id: str, *, steps: int | None, seed: int = 3, **options: Any) -> Match:
    """A match of `game_id` at its largest seat count with `options` changed, played at random for `steps`
    steps (None: to the end)."""
    rules = next(entry.rules for entry in GAMES if entry.id == game_id)
    chosen = dataclasses.replace(rules.default_options(), **options)
    match = Match(rules, chosen, _seats(rules.seat_counts[-1]), seed)
    rng = random.Random(seed)
    limit = steps if steps is not None else 5000
    for _step in range(limit):
        if match.is_finished:
            break
        match.advance()
        if match.is_finished:
            break
        match.play(rng.choice(list(rules.legal_actions(match.state))))
    assert steps is not None or match.is_finished, f"{game_id} did not finish"
    return match


# --- the screens ------------------------------------------------------------------------------------------


def _title(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.scenes import navigation

    navigation.open_title(ctx)


def _title_resume(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.scenes import navigation

    autosave(_played("rainbows", steps=8), ctx.paths)
    navigation.open_title(ctx)


def _new_game(game_id: str, *, scrolled: bool = False, **values: Any) -> Opener:
    """The new-game screen at the game's largest seat count, with options set to `values` (`scrolled`: its
    options card scrolled to the end, where the game's board picker is)."""

    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.ui.scenes import navigation

        navigation.open_new_game(ctx, ctx.rules_for(game_id))
        scene = ctx.scenes.top
        rules = ctx.rules_for(game_id)
        scene.set_seat_count(rules.seat_counts[-1])
        if values:
            scene.choices.values.update(values)
            scene.rebuild()
        if scrolled:
            scene.options_card.scroll_options(len(scene.options_card.scroll.items))

    return open_


def _starts(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.scenes import navigation

    navigation.open_new_game(ctx, ctx.rules_for("rainbow_passage"))
    scene = ctx.scenes.top
    scene.set_seat_count(4)
    pump(table, 1)
    scene.setup_panel.open_starts()


def _settings(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.scenes import navigation

    navigation.open_title(ctx)
    navigation.open_settings(ctx)


def _load(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.scenes import navigation

    for game_id in ("dice_box", "regenboog"):
        save_match(_played(game_id, steps=6), ctx.paths.saves_dir / f"{game_id} game.json")
    navigation.open_title(ctx)
    navigation.open_load(ctx)


def _rules(game_id: str) -> Opener:
    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)
        navigation.open_rules(ctx, ctx.rules_for(game_id))

    return open_


# Steps into each game for the mid-game screen: De Regenboog's at a choice with all its buttons (load, pass,
# give up).
MID_GAME = {"regenboog": 10}


def _play(game_id: str, finished: bool, **options: Any) -> Opener:
    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.ui.scenes import navigation

        steps = None if finished else MID_GAME.get(game_id, 14)
        navigation.open_play(ctx, _played(game_id, steps=steps, **options))

    return open_


def _replay(game_id: str, *, steps: int | None = None, at: float = 1.0, play_on: bool = False) -> Opener:
    """The replay screen (issue 43) of a game at its largest seat count, finished or after `steps` steps,
    at `at` of the way through (the log's current line then sits among others), with the Play on dialog
    over it when asked."""

    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.core.replay import Replay
        from rainbowtable.ui.scenes import navigation

        replay = Replay.from_match(_played(game_id, steps=steps))
        navigation.open_replay(ctx, replay)
        scene = ctx.scenes.top
        scene.jump(round(replay.length * at))
        if play_on:
            pump(table, 2)
            scene._command("play_on")

    return open_


def _play_computers(game_id: str, seat_count: int, *, steps: int | None = None) -> Opener:
    """The play screen of a game the computer played (as a demo or a finished save is), with
    `seat_count` seats, after `steps` steps or to its end: the states random play seldom reaches (De
    Regenboog's ships stranded, Rainbows' discard pile grown)."""

    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.ui.scenes import navigation
        from tests.looking_back import played

        # People's seats (the computer plays their moves here), so no computer thinks while the audit looks.
        navigation.open_play(ctx, played(game_id, 7, seats=_seats(seat_count), steps=steps))

    return open_


def _replay_computers(game_id: str) -> Opener:
    """The replay screen of a game the computer played to its end (the lead's `--replay` of a save)."""

    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.core.replay import Replay
        from rainbowtable.ui.scenes import navigation
        from tests.looking_back import played

        navigation.open_replay(ctx, Replay.from_match(played(game_id, 7)))

    return open_


def _rp_builder(full: bool) -> Opener:
    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.core.rng import Rng
        from rainbowtable.games.rainbow_passage.assembly import fill_rest
        from rainbowtable.games.rainbow_passage.components import Box
        from rainbowtable.games.rainbow_passage.draft import BoardDraft
        from rainbowtable.ui.games.rainbow_passage.screens import open_builder
        from rainbowtable.ui.scenes import navigation

        draft = BoardDraft.new(Box.generate(5), 9, 9)
        navigation.open_title(ctx)
        open_builder(ctx, fill_rest(draft, Rng.from_seed(5)) if full else draft)

    return open_


def _hex_builder(full: bool) -> Opener:
    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.games.regenboog.board import LARGE_DRAFT, HexDraft, ring_centre
        from rainbowtable.geometry.hexgrid import ORIGIN
        from rainbowtable.ui.games.regenboog.builder import HexBuilderScene
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)
        draft = LARGE_DRAFT if full else HexDraft.of([ORIGIN, ring_centre(0), ring_centre(3)])
        ctx.scenes.push(HexBuilderScene(ctx, draft))

    return open_


def _library(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.games.rainbow_passage.screens import open_board_library
    from rainbowtable.ui.scenes import navigation

    navigation.open_title(ctx)
    open_board_library(ctx)


def _leave_dialog(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.scenes import navigation

    navigation.open_play(ctx, _played("colosseum_offcuts", steps=6))
    pump(table, 2)
    ctx.scenes.top.leave()


def _delete_dialog(ctx: Any, table: Any) -> None:
    _load(ctx, table)
    pump(table, 2)
    scene = ctx.scenes.top
    scene.ask_delete()


def _shortcuts_dialog(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.scenes import dialogs, navigation
    from rainbowtable.ui.widgets.shortcuts import shortcuts_text

    navigation.open_title(ctx)
    dialogs.message(ctx, _("Keyboard shortcuts"), shortcuts_text())


def _choose_dialog(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.scenes import dialogs, navigation

    navigation.open_title(ctx)
    dialogs.choose(
        ctx,
        _("Which one?"),
        _("This move can be made in more than one way."),
        [  # Colosseum Offcuts' own choice, as its input offers it (in the player's language)
            (_("Carry the whole stack there (mobile move)"), lambda: None),
            (_("Move only the top counter there (attack move)"), lambda: None),
        ],
    )


def _lessons(ctx: Any, table: Any) -> None:
    from dataclasses import replace

    from rainbowtable.ui.scenes import navigation

    ctx.settings = replace(ctx.settings, lessons_done=("dice_box", "colosseum_offcuts"))
    navigation.open_title(ctx)
    navigation.open_lessons(ctx)


def _lesson(game_id: str, which: str) -> Opener:
    """A game's lesson at its wordiest step for the learner, with a wrong move refused on the card (the
    reason and the hint under the step's words), or at its end."""

    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.core.lesson import CHANCE
        from rainbowtable.ui.scenes.lesson import LessonScene

        lesson = load_lesson(ctx.rules_for(game_id))
        scene = LessonScene(ctx, lesson)
        steps = lesson.steps
        asks = [i for i, step in enumerate(steps) if step.by == lesson.learner and step.do != (CHANCE,)]
        wordiest = max(asks, key=lambda i: len(_(steps[i].say)) + len(_(steps[i].hint)))
        # Turned to before the screen is shown, so the audit reads that one position drawn once.
        while scene.shown < (len(steps) if which == "end" else wordiest):
            scene.turn_page("skip")
        scene.pacer.resync()
        scene._after_history_change()
        if which != "end":
            wanted = scene.run.wanted()
            scene.play(next(a for a in scene.rules.legal_actions(scene.match.state) if a not in wanted))
        ctx.scenes.replace(scene)

    return open_


def _records(
    tab: str = "summary", *, game: str | None = None, filled: bool = True, end: bool = False
) -> Opener:
    """The Records screen on `tab` over a store of seeded finished games of several kinds (`filled`), else
    an empty one; `game` chosen; `end`: scrolled to its end (the summary's plot)."""

    def open_(ctx: Any, table: Any) -> None:
        from rainbowtable.ui.scenes import navigation
        from tests.records_filled import fill_records

        ctx.paths.records_path.unlink(missing_ok=True)
        if filled:
            fill_records(ctx.paths)
        navigation.open_title(ctx)
        navigation.open_records(ctx)
        scene = ctx.scenes.top
        scene.choose(tab=tab, game=game, player=scene.names[0] if end and scene.names else None)
        if end:
            scene.scroll.scroll_to(scene.scroll.max_offset, instant=True)

    return open_


def _records_set_aside(ctx: Any, table: Any) -> None:
    """A records file that is not one: set aside, said on the screen, and the empty store's words."""
    from rainbowtable.ui.scenes import navigation

    ctx.paths.records_path.write_bytes(b"not a records file" * 20)
    navigation.open_title(ctx)
    navigation.open_records(ctx)


def _records_delete(ctx: Any, table: Any) -> None:
    _records("games", game="dice_box")(ctx, table)
    pump(table, 2)
    ctx.scenes.top.ask_delete()


GAME_IDS = ("dice_box", "rainbow_passage", "rainbows", "colosseum_offcuts", "regenboog")
LESSON_IDS = tuple(g for g in GAME_IDS if load_lesson(next(e.rules for e in GAMES if e.id == g)) is not None)

SCREENS: dict[str, Opener] = {
    "title": _title,
    "title-resume": _title_resume,
    **{f"new-{g}": _new_game(g) for g in GAME_IDS},
    "new-regenboog-large": _new_game("regenboog", large_board=True),
    "new-rainbow_passage-end": _new_game("rainbow_passage", scrolled=True),
    "new-regenboog-large-end": _new_game("regenboog", scrolled=True, large_board=True),
    "new-rainbow_passage-starts": _starts,
    "settings": _settings,
    "load": _load,
    **{f"rules-{g}": _rules(g) for g in GAME_IDS},
    **{f"play-{g}": _play(g, False) for g in GAME_IDS},
    **{f"result-{g}": _play(g, True) for g in GAME_IDS},
    "result-rainbows-3-days": _play("rainbows", True, days=3),  # the longest game's every day's scores
    "play-rainbows-3": _play_computers("rainbows", 3, steps=46),  # the lead's demo: three seats, mid-day
    "result-regenboog-stranded": _play_computers("regenboog", 3),  # the ships stuck: the seats' long line
    "replay-regenboog-stranded": _replay_computers("regenboog"),
    "replay-rainbows": _replay("rainbows", at=0.5),
    "replay-regenboog": _replay("regenboog"),
    "replay-dice_box-unfinished": _replay("dice_box", steps=14, at=0.0),
    "replay-colosseum_offcuts": _replay("colosseum_offcuts", at=0.7),
    "dialog-play-on": _replay("regenboog", at=0.3, play_on=True),
    "builder-full": _rp_builder(True),
    "builder-problems": _rp_builder(False),
    "hex-builder-full": _hex_builder(True),
    "hex-builder-problems": _hex_builder(False),
    "library": _library,
    "dialog-leave": _leave_dialog,
    "dialog-delete": _delete_dialog,
    "dialog-shortcuts": _shortcuts_dialog,
    "dialog-choose": _choose_dialog,
    "lessons": _lessons,
    **{f"lesson-{g}-{which}": _lesson(g, which) for g in LESSON_IDS for which in ("wordiest", "end")},
    "records": _records(),
    "records-plot": _records(game="dice_box", end=True),
    "records-games": _records("games"),
    "records-dice": _records("dice", game="dice_box"),
    "records-dice-regenboog": _records("dice", game="regenboog", end=True),
    "records-dice-rainbow_passage": _records("dice", game="rainbow_passage"),
    "records-empty": _records(filled=False),
    "records-set-aside": _records_set_aside,
    "records-dialog-delete": _records_delete,
}


# Screens the audit still finds wanting, at a scale, with why: their problems are reported as a warning
# (and in the screenshots) rather than failed on, until fixed. Every other screen and scale must be clean.
KNOWN: dict[tuple[str, int], str] = {}

# --- the checks -------------------------------------------------------------------------------------------


@functools.cache
def _face(path: str) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 16)


@functools.cache
def _has_glyph(path: str, char: str) -> bool:
    return _face(path).get_metrics(char)[0] is not None


def missing_glyphs(path: Path | str, text: str) -> list[str]:
    """The characters of `text` that the font file has no glyph for (FreeType's metrics say None)."""
    return sorted({c for c in text if not c.isspace() and not _has_glyph(str(path), c)})


def _font_path(ctx: Any, font: Any) -> Path:
    made = ctx.theme.font_file(font)
    return made if made is not None else ctx.theme.fonts_dir / FONT_FILES["regular"]


@functools.cache
def _font_files() -> dict[tuple[str, str], str]:
    """(family, style) -> file, for the table's fonts and the ones pygame_gui brings (its arrows, its close
    button)."""
    import pygame_gui

    from rainbowtable.storage.paths import assets_dir

    found: dict[tuple[str, str], str] = {}
    folders = (assets_dir() / "fonts", Path(pygame_gui.__file__).parent / "data")
    for file in itertools.chain.from_iterable(folder.glob("*.ttf") for folder in folders):
        font = pygame.font.Font(file, 12)
        found.setdefault((font.name, font.style_name), str(file))
    return found


def _widget_font_path(element: Any) -> str:
    inner = element.font._GUIFontPygame__internal_font  # pygame_gui keeps the pygame font private
    return _font_files()[(inner.name, inner.style_name)]


def _widgets(ctx: Any) -> list[Any]:
    """The visible pygame_gui elements a player reads or clicks, with their parts (a drop-down's button)."""
    if not ctx.has_manager:
        return []
    from pygame_gui.core import UIContainer
    from pygame_gui.elements import UIPanel, UIScrollingContainer, UIWindow

    out = []
    for element in ctx.manager.get_sprite_group().sprites():
        if isinstance(element, UIContainer | UIPanel | UIWindow | UIScrollingContainer):
            continue
        if not getattr(element, "visible", True) or not hasattr(element, "get_abs_rect"):
            continue
        out.append(element)
    return out


def _ancestors(element: Any) -> list[Any]:
    """`element`, the element it is part of, and the containers it sits in."""
    out = [element]
    while True:
        parent = getattr(out[-1], "parent_element", None) or getattr(out[-1], "ui_container", None)
        if parent is None or parent in out:
            return out
        out.append(parent)


def _clip_of(element: Any) -> pygame.Rect | None:
    container = getattr(element, "ui_container", None)
    rect = None
    while container is not None:
        box = pygame.Rect(container.get_abs_rect())
        rect = box if rect is None else rect.clip(box)
        parent = getattr(container, "ui_container", None)
        container = parent if parent is not container else None
    return rect


def _run_together(a: layout_record.TextDraw, b: layout_record.TextDraw) -> bool:
    """Two labels on one line with less than a space between them read as one ("keep onlykeep only"). The
    parts of one sentence drawn in turn (a seat's name in its colour, then the rest) meet at a space of
    their own, and are one text."""
    if a.rect == b.rect:
        return False
    left, right = (a, b) if a.rect.centerx <= b.rect.centerx else (b, a)
    shared = min(left.rect.bottom, right.rect.bottom) - max(left.rect.top, right.rect.top)
    if shared <= min(left.rect.h, right.rect.h) // 2:
        return False
    if left.text[-1:].isspace() or right.text[:1].isspace():
        return False
    apart = right.rect.left - left.rect.right
    space = min(left.font.size(" ")[0], right.font.size(" ")[0])
    return -SLACK <= apart < space


def problems(ctx: Any, recording: layout_record.Recording) -> list[str]:
    from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

    window = pygame.Rect((0, 0), ctx.size)
    found: list[str] = []
    cards = [(order, rect) for order, rect, _direct in recording.cards]
    # A card drawn after a text, over it, hides it (the result card over the panel): not read.
    # A text wholly outside the surface's clip is not drawn at all (a list's row scrolled out of sight).
    seen = [t for t in recording.texts if t.clip.colliderect(t.rect)]
    screen_texts = [
        t
        for t in seen
        if t.on_screen and not any(order > t.order and rect.colliderect(t.rect) for order, rect in cards)
    ]
    # A layer's region drawn again draws its words again, in the same place: read once. Regions drawn
    # with a clip repaint what crosses into them; the copy drawn whole (unclipped) is the one seen.
    # A text under several regions (one label under three cards) is drawn whole by them together: its
    # clip is the union of theirs.
    whole: dict[tuple[str, tuple[int, int, int, int]], layout_record.TextDraw] = {}
    for t in screen_texts:
        key = (t.text, (t.rect.x, t.rect.y, t.rect.w, t.rect.h))
        if key in whole and not t.clip.contains(t.rect):
            t = dataclasses.replace(t, clip=t.clip.union(whole[key].clip))
        if key not in whole or t.clip.contains(t.rect) or not whole[key].clip.contains(t.rect):
            whole[key] = t
    screen_texts = list(whole.values())
    # A mark under a card drawn later (the board's markers under the result card) is not seen.
    marks = [
        rect
        for order, rect, _direct in recording.marks
        if not any(later > order and card.colliderect(rect) for later, card in cards)
    ]
    found += [f"word broken mid-word: {word!r}" for word in recording.broken]
    # Glyphs and cuts: every text, on the window or on a picture.
    for text in seen:
        missing = missing_glyphs(_font_path(ctx, text.font), text.text)
        if missing:
            found.append(f"no glyph for {missing} in {text.text!r}")
        if text.text in recording.cuts:
            found.append(f"cut: {text.text!r} of {recording.cuts[text.text]!r}")
        if not text.on_screen:
            surface = pygame.Rect((0, 0), text.surface_size)
            if not surface.inflate(SLACK * 2, SLACK * 2).contains(text.rect):
                found.append(f"{text.text!r} at {text.rect} leaves its picture {surface}")
    for text in screen_texts:
        box = text.box
        if box is None:
            # The topmost card under the text's centre, drawn before it, is the one it is written on.
            under = [
                (order, rect)
                for order, rect in cards
                if order < text.order and rect.collidepoint(text.rect.center)
            ]
            box = max(under, key=lambda card: card[0])[1] if under else window
        for where in (box, text.clip):
            if not where.inflate(SLACK * 2, SLACK * 2).contains(text.rect):
                found.append(f"{text.text!r} at {text.rect} leaves its box {where}")
        if box == window and text.box is None:
            # On the felt: it must not run onto a card drawn before it either.
            for order, rect in cards:
                clip = rect.clip(text.rect)
                if order < text.order and clip.w > SLACK and clip.h > SLACK:
                    found.append(f"{text.text!r} at {text.rect} runs onto the card at {rect}")
    for a, b in itertools.combinations(screen_texts, 2):
        clip = a.rect.clip(b.rect)
        if clip.w > SLACK and clip.h > min(a.rect.h, b.rect.h) // 3 and a.text != b.text:
            found.append(f"{a.text!r} at {a.rect} over {b.text!r} at {b.rect}")
        elif _run_together(a, b):
            found.append(f"{a.text!r} at {a.rect} runs into {b.text!r} at {b.rect}")
    # Marks (a seat's token, a glyph) on the window: no text on them.
    for text in screen_texts:
        for rect in marks:
            clip = text.rect.clip(rect)
            if clip.w > SLACK and clip.h > SLACK:
                found.append(f"{text.text!r} at {text.rect} runs onto the mark at {rect}")
    # Widgets: their text fits and has glyphs, they stay in the window and off each other and the text.
    widgets = _widgets(ctx)
    top = ctx.scenes.top
    if top is not None and top.is_overlay:
        # A dialog hides what is under it: only its own widgets count.
        widgets = [w for w in widgets if any(a in top.elements for a in _ancestors(w))]
    solid: list[tuple[str, pygame.Rect, Any]] = []
    for element in widgets:
        rect = pygame.Rect(element.get_abs_rect())
        clip = _clip_of(element)
        if clip is not None and not clip.colliderect(rect):
            continue  # scrolled out of sight
        if not window.contains(rect):
            found.append(
                f"widget {type(element).__name__} {getattr(element, 'text', '')!r} leaves the window"
            )
        words = getattr(element, "text", "") or ""
        if isinstance(element, UIButton | UILabel) and words:
            font = element.font
            border = getattr(element, "border_width", 0)
            sides = border.get("left", 0) + border.get("right", 0) if isinstance(border, dict) else 2 * border
            room = rect.w - sides - 2 * getattr(element, "shadow_width", 0)
            if font.size(words)[0] > room:
                found.append(f"{words!r} is wider than its {type(element).__name__} ({rect.w}px)")
            missing = missing_glyphs(_widget_font_path(element), words)
            if missing:
                found.append(f"no glyph for {missing} in {words!r}")
        if isinstance(element, UIButton | UILabel | UITextEntryLine) and element.parent_element is None:
            solid.append((f"{type(element).__name__} {words!r}", rect, element))
    scene = ctx.scenes.top
    for button in getattr(scene, "buttons", {}).values():
        if isinstance(button, MenuButton):
            solid.append((f"button {button.text!r}", button.rect, button))
    for tile in getattr(scene, "tiles", []):
        solid.append((f"tile {tile.game.id}", tile.rect, tile))
    for (name_a, a, _x), (name_b, b, _y) in itertools.combinations(solid, 2):
        if a.clip(b).w > 1 and a.clip(b).h > 1:
            found.append(f"{name_a} at {a} overlaps {name_b} at {b}")
    for name, rect, element in solid:
        if isinstance(element, MenuButton) or name.startswith("tile"):
            continue
        for text in screen_texts:
            clip = text.rect.clip(rect)
            if clip.w > SLACK and clip.h > SLACK:
                found.append(f"{text.text!r} at {text.rect} under {name} at {rect}")
    return sorted(set(found))


# --- the runs ---------------------------------------------------------------------------------------------


def _combinations(scale: int, language: str) -> Iterator[tuple[tuple[int, int], str]]:
    """(size, screen) pairs for one scale and language, grouped by size."""
    s, l_ = SCALES.index(scale), LANGUAGES.index(language)
    for size_index, size in enumerate(SIZES):
        for index, name in enumerate(SCREENS):
            if ALL or (index + s + l_) % 2 == size_index:
                yield size, name


def audit_screen(ctx: Any, table: Any, name: str) -> list[str]:
    recording = layout_audit.start()
    try:
        SCREENS[name](ctx, table)
        pump(table, 3)
        ctx.notices.clear()
        # One whole frame read; what layers and pictures hold was recorded when they were drawn. Under a
        # dialog the screen is hidden, so not read.
        scenes = ctx.scenes.visible()
        for below in scenes[:-1]:
            below.draw(ctx.screen)
        if len(scenes) > 1:
            recording.texts.clear()
            recording.cards.clear()
        recording.new_frame()
        scenes[-1].draw(ctx.screen)
        ctx.manager.draw_ui(ctx.screen)
        return problems(ctx, recording)
    finally:
        layout_audit.stop()


def _context(tmp: Path, size: tuple[int, int], scale: int, language: str) -> tuple[Any, Any]:
    os.environ["RAINBOWTABLE_HOME"] = str(tmp)
    paths = default_paths()
    paths.ensure()
    settings = Settings(animation_speed=0.0, ui_scale=scale, language=language)
    ctx = boot.make_context(
        paths, logging.getLogger("rainbowtable.audit"), settings=settings, size=size, sound=False
    )
    assert install_language(language) == language, f"{language} is installed"
    return ctx, Table(ctx)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scale", SCALES)
def test_every_screen_fits_and_reads(tmp_path: Path, scale: int, language: str) -> None:
    report: list[str] = []
    known: list[str] = []
    table: Any = None
    ctx: Any = None
    current: tuple[int, int] | None = None
    try:
        for size, name in _combinations(scale, language):
            if ONLY not in name:
                continue
            if size != current:
                if ctx is not None:
                    from rainbowtable.ui.scenes import navigation

                    navigation.open_title(ctx)
                home = tmp_path / f"{size[0]}"
                ctx, table = _context(home, size, scale, language)
                current = size
            # Each screen starts from an empty data folder, so one screen's files do not crowd the next.
            for folder in (ctx.paths.saves_dir,):
                for file in folder.glob("*.json"):
                    file.unlink()
            ctx.paths.autosave_path.unlink(missing_ok=True)
            found = audit_screen(ctx, table, name)
            label = f"{name}-{size[0]}x{size[1]}-{scale}-{language}"
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                pygame.image.save(ctx.screen, str(Path(SHOTS) / f"{label}.png"))
            reason = KNOWN.get((name, scale))
            if reason is not None and found:
                known.append(f"{label}: {len(found)} problems ({reason})")
            else:
                report += [f"{label}: {problem}" for problem in found]
    finally:
        if ctx is not None:
            from rainbowtable.ui.scenes import navigation

            navigation.open_title(ctx)
        install_language("en")
    if known:
        warnings.warn("known layout problems, not yet fixed:\n" + "\n".join(known), stacklevel=1)
    assert not report, "\n" + "\n".join(report)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_fits_the_smallest_window(tmp_path: Path, language: str) -> None:
    """The window may be made as small as `MIN_WINDOW` (800x500), at 100 %: every screen there too, each in
    one language by turns (both with `RAINBOWTABLE_AUDIT_ALL`). It found the Board Builder's and Colosseum
    Offcuts' titles under their first buttons, De Regenboog's board picker over the line under it, the
    result card's names over its day columns and its summary out of its box, a start square's label cut."""
    from rainbowtable.ui.loop import MIN_WINDOW

    report: list[str] = []
    ctx, table = _context(tmp_path, MIN_WINDOW, 100, language)
    try:
        for index, name in enumerate(SCREENS):
            if ONLY not in name or not (ALL or index % 2 == LANGUAGES.index(language)):
                continue
            for file in ctx.paths.saves_dir.glob("*.json"):
                file.unlink()
            ctx.paths.autosave_path.unlink(missing_ok=True)
            report += [f"{name}-800x500-{language}: {problem}" for problem in audit_screen(ctx, table, name)]
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)
        install_language("en")
    assert not report, "\n" + "\n".join(report)


def test_the_audit_sees_every_screen_at_every_scale_in_each_language() -> None:
    """Every screen at every scale in each language; each screen at both sizes in each language."""
    seen = {
        (name, size, scale, language)
        for scale in SCALES
        for language in LANGUAGES
        for size, name in _combinations(scale, language)
    }
    for name in SCREENS:
        for language in LANGUAGES:
            assert {scale for n, _s, scale, lang in seen if n == name and lang == language} == set(SCALES)
            assert {size for n, size, _c, lang in seen if n == name and lang == language} == set(SIZES)


def test_the_audit_catches_what_it_looks_for(tmp_path: Path) -> None:
    """The checks themselves: a cut text, a text out of its card, a missing glyph, overlapping texts, labels
    run together, a text on a glyph."""
    from rainbowtable.ui import draw

    ctx, _table = _context(tmp_path, SIZES[0], 100, "en")
    font = ctx.theme.font(17)
    recording = layout_audit.start()
    try:
        shown = draw.fit_text(font, "Load 6 rainbows onto the ship", 60)
        draw.card(ctx.screen, pygame.Rect(10, 10, 80, 40))
        draw.text(ctx.screen, font, shown, (14, 14))
        draw.text(ctx.screen, font, "Rainbow Passage spills out", (14, 30))
        draw.text(ctx.screen, font, "too long for its box", (14, 70), box=pygame.Rect(10, 66, 60, 30))
        draw.text(ctx.screen, font, "a ✓ mark", (300, 300))
        draw.text(ctx.screen, font, "over it", (305, 302))
        draw.text(ctx.screen, font, "hidden under a card drawn later", (14, 400))
        draw.card(ctx.screen, pygame.Rect(10, 390, 40, 40))
        left = draw.text(ctx.screen, font, "keep only", (400, 500))
        draw.text(ctx.screen, font, "buy only", (left.right + 1, 500))
        draw.text(ctx.screen, font, "Ada", (400, 560))
        draw.text(ctx.screen, font, " buys red 4", (400 + font.size("Ada")[0], 560))
        from rainbowtable.ui.glyphs import draw_glyph

        draw_glyph(ctx.screen, 0, (600, 600, 20, 20), (0, 0, 0))
        draw.text(ctx.screen, font, "on a glyph", (605, 605))
        found = problems(ctx, recording)
    finally:
        layout_audit.stop()
    assert any(p.startswith("cut: ") for p in found)
    assert any("'Rainbow Passage spills out'" in p and "runs onto the card" in p for p in found)
    assert any("'too long for its box'" in p and "leaves its box" in p for p in found)
    assert any("no glyph for ['✓']" in p for p in found)
    assert any("'a ✓ mark'" in p and "over 'over it'" in p for p in found)
    assert not any("hidden under" in p for p in found)
    assert any("'keep only'" in p and "runs into 'buy only'" in p for p in found)
    assert not any("'Ada'" in p for p in found)  # one sentence drawn in parts meets at its own space
    assert any("'on a glyph'" in p and "runs onto the mark" in p for p in found)


# --- rules pages (issue 39 §2) -----------------------------------------------------------------------------


def test_a_number_inside_prose_is_not_a_list_item() -> None:
    """Rainbows' "with 5 players all\\n  8. Rows out of play" stays one bullet; "1." still starts a list, and
    numbered items follow each other (CommonMark's rule)."""
    from rainbowtable.ui.widgets.markdown import parse_blocks

    blocks = parse_blocks("- with 5 players all\n  8. Rows out of play.\n\npara\n8. x\n\n1. a\n2. b\n")
    assert [(b.kind, b.marker) for b in blocks] == [
        ("bullet", ""),
        ("p", ""),
        ("number", "1"),
        ("number", "2"),
    ]
    assert blocks[0].text == "with 5 players all 8. Rows out of play."


def test_code_blocks_draw_arrowheads_and_keep_prose_together() -> None:
    """De Regenboog's travel example: arrowheads (not in the font) are drawn; prose in a code block is one
    run (not a letter per cell); a grid row keeps a mark per cell."""
    from rainbowtable.ui.widgets.markdown import _code_tokens

    assert _code_tokens("   1.0 ──► 1.4        3 steps: 6 fuel") == [
        (3, "1.0"),
        (7, "─"),
        (8, "─"),
        (9, "►"),
        (11, "1.4"),
        (22, "3 steps: 6 fuel"),
    ]
    assert _code_tokens("  . + A      X is yours") == [(2, "."), (4, "+"), (6, "A"), (13, "X is yours")]


@pytest.mark.parametrize("scale", [100, 150])
def test_toasts_hide_nothing_on_the_board(tmp_path: Path, scale: int) -> None:
    """Issue 39 §2: banners on the play screen stay off the board (they hid its top rows and the pieces
    on them) and inside the window, in every game."""
    ctx, table = _context(tmp_path, SIZES[0], scale, "en")
    try:
        for game_id in GAME_IDS:
            _play(game_id, False)(ctx, table)
            pump(table, 2)
            scene = ctx.scenes.top
            ctx.notify("That piece cannot go there: it must be one more or one less than every neighbour.")
            ctx.notify("Saved as “Rainbows game 3”.", "good")
            recording = layout_audit.start()
            try:
                table.draw_notices(ctx.screen)
            finally:
                layout_audit.stop()
            banners = [rect for _order, rect, _direct in recording.cards]
            assert len(banners) == 2
            for rect in banners:
                assert not rect.colliderect(scene.board_rect), (game_id, rect, scene.board_rect)
                assert ctx.rect.contains(rect)
            ctx.notices.clear()
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)


def test_each_regenboog_option_says_what_it_does(tmp_path: Path) -> None:
    """Issue 39 §2: De Regenboog's options (Ships, Strand limit, Cycle limit...) each have a one-line
    explanation, shown under the option (the card scrolls to hold them), at every scale."""
    for scale in SCALES:
        ctx, table = _context(tmp_path / str(scale), SIZES[0], scale, "en")
        try:
            _new_game("regenboog")(ctx, table)
            pump(table, 2)
            scene = ctx.scenes.top
            specs = {spec.name: spec for spec in scene.choices.specs}
            for name in ("ships", "strand_limit", "max_cycles"):
                spec = specs[name]
                scene.options_card.scroll_to_option(name)
                row = next(row for row in scene.options_card.option_rows if row[0] is spec)
                view = scene.options_card.scroll.view
                assert view.contains(row[1]) and view.contains(row[2]), name
                recording = layout_audit.start()
                try:
                    scene.draw(ctx.screen)
                finally:
                    layout_audit.stop()
                under = " ".join(t.text for t in recording.texts if row[1].contains(t.rect))
                assert spec.brief and spec.brief in under, (scale, name, under)
        finally:
            from rainbowtable.ui.scenes import navigation

            navigation.open_title(ctx)


def test_the_options_card_scrolls(tmp_path: Path) -> None:
    """Issue 39 §1: options plus the board picker taller than the card (De Regenboog at 150 %) scroll by
    whole rows: the mouse wheel over the card, a visible scrollbar (a click on its track pages, its thumb
    drags), Page Up/Down; a row is brought into view whole. What is out of sight has no widget and takes
    no click."""
    from tests.ui_driver import post

    ctx, table = _context(tmp_path, SIZES[0], 150, "en")
    try:
        _new_game("regenboog")(ctx, table)
        pump(table, 2)
        scene = ctx.scenes.top
        assert scene.options_card.scroll.scrolls and scene.options_card.scroll.first == 0
        track, thumb = scene.options_card.scroll.bar_rects()
        assert scene.options_rect.contains(track) and track.contains(thumb) and thumb.h < track.h
        assert scene.options_card.setup_shown  # the board picker first
        shown = {spec.name for spec, *_rest in scene.options_card.option_rows}
        assert set(scene.options_card.option_widgets) == shown and len(shown) < len(scene.choices.specs)
        pygame.mouse.set_pos(scene.options_rect.center)
        post(table, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
        assert scene.options_card.scroll.first == 1 and not scene.options_card.setup_shown
        post(table, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")])
        assert scene.options_card.scroll.first > 1
        post(table, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="")])
        post(table, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="")])
        assert scene.options_card.scroll.first == 0
        track, thumb = scene.options_card.scroll.bar_rects()
        post(
            table,
            [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.centerx, track.bottom - 2), button=1)],
        )
        assert scene.options_card.scroll.first > 0
        scene.options_card.scroll_options(0)
        track, thumb = scene.options_card.scroll.bar_rects()
        post(table, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1)])
        post(
            table,
            [
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom - 1), rel=(0, 1), buttons=(1, 0, 0)
                )
            ],
        )
        post(
            table, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.bottom - 1), button=1)]
        )
        assert scene.options_card.scroll.first == scene.options_card.scroll.last_first() > 0
        last = scene.choices.specs[-1].name
        assert last in scene.options_card.option_widgets
        # A row out of sight has no widgets (nothing there can hold the focus); it is brought into view.
        scene.options_card.scroll_options(0)
        assert last not in scene.options_card.option_widgets
        card = scene.options_card
        card.scroll_to_option(last)
        assert last in card.option_widgets and card.scroll.view.contains(card.option_rows[-1][2])
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)


def test_the_result_card_holds_every_days_scores(tmp_path: Path) -> None:
    """Issue 39 §1: Rainbows' result card after three days of five players, at 150 % in the smaller window,
    shows every day's score of every seat (a column per day, rainbows.md §1.9) beside the totals, all on
    the card."""
    ctx, table = _context(tmp_path, SIZES[0], 150, "en")
    try:
        match = _played("rainbows", steps=None, days=3)
        finished = match.to_act()
        assert isinstance(finished, Finished)
        outcome = finished.outcome
        assert [heading for heading, _scores in outcome.columns] == ["Day 1", "Day 2", "Day 3", "Deposits"]
        from rainbowtable.ui.scenes import navigation

        navigation.open_play(ctx, match)
        pump(table, 3)
        scene = ctx.scenes.top
        card = scene.result.rect(scene.board_rect, outcome)
        recording = layout_audit.start()
        try:
            scene.result.draw(ctx.screen, scene.board_rect, outcome)
        finally:
            layout_audit.stop()
        drawn = [t for t in recording.texts if card.contains(t.rect)]
        for _heading, scores in outcome.columns:
            for score in scores:
                assert any(t.text == f"{score:+d}" for t in drawn), score
        for score in outcome.scores:
            assert any(t.text == str(score) for t in drawn), score
        # The details too: the rows shrink to leave them a line (they went unseen here before).
        assert any(t.text.startswith("Gold on hand") for t in drawn), [t.text for t in drawn]
        assert not problems(ctx, recording)
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)


@contextlib.contextmanager
def _large_text_screen(
    tmp_path: Path, screen: str, language: str, size: tuple[int, int] = (1280, 720)
) -> Iterator[tuple[Any, Any]]:
    """`screen` at 150% in a window of `size` in `language`, drawn once while recording: (context,
    recording). The title screen and English come back after."""
    ctx, table = _context(tmp_path, size, 150, language)
    try:
        recording = layout_audit.start()  # from the start: texts drawn on pictures the frame blits count
        try:
            SCREENS[screen](ctx, table)
            pump(table, 3)
            recording.new_frame()
            ctx.scenes.visible()[-1].draw(ctx.screen)
            yield ctx, recording
        finally:
            layout_audit.stop()
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)
        install_language("en")


def _one_size(texts: list[Any]) -> None:
    assert len({text.font.get_height() for text in texts}) == 1, [
        (text.text, text.font.get_height()) for text in texts
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_rainbows_seat_rows_show_whole_names_in_large_text(tmp_path: Path, language: str) -> None:
    """A seat's row beside the board takes a smaller name before it cuts it: at 150% in a 1280x720 window
    a row showed "Priya Ramas…" beside a smaller size that fits (names may be cut, so the audit above lets
    it pass)."""
    with _large_text_screen(tmp_path, "play-rainbows-3", language) as (_ctx, recording):
        texts = [text.text for text in recording.texts]
    for name in ("Priya Ramaswamy", "Bartholomew", "Anna-Lena"):
        assert texts.count(name) == 2, f"{name} whole in its row and on its seat card"
    assert not [text for text in texts if text.endswith("…")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_regenboog_ship_cards_share_one_heading_size(tmp_path: Path, language: str) -> None:
    """The ship cards beside the sea head every card at one size: at 150% in a 1280x720 window a card
    whose status was "aan de beurt" took a smaller name than one that had "vaart", so the column read
    unevenly and a heading changed size as its ship took its turn."""
    with _large_text_screen(tmp_path, "play-regenboog", language) as (_ctx, recording):
        headings = [text for text in recording.texts if re.match(r"(The|Het) \w+ (ship|schip) · ", text.text)]
    assert len(headings) >= 2
    _one_size(headings)
    assert not [text for text in headings if text.text.endswith("…")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_dice_box_tray_caption_shrinks_before_it_is_cut(tmp_path: Path, language: str) -> None:
    """The tray's caption takes a smaller size before it is cut: at 150% in a 1280x720 window a re-roll's
    caption read "Dee (computer) kan geen dobbelsteen plaatsen en gooit ze allemaal opnie…"."""
    from rainbowtable.ui.games.dice_box.drawing import DiceBoxDrawing
    from rainbowtable.ui.i18n import _

    with _large_text_screen(tmp_path, "play-dice_box", language) as (ctx, recording):
        drawing = ctx.scenes.visible()[-1].view.drawing
        assert isinstance(drawing, DiceBoxDrawing)
        caption = _("{name} cannot place a die and re-rolls them all").format(name="Dee (computer)")
        drawing.draw_caption(ctx.screen, caption)
        assert recording.texts[-1].text == caption


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lessons_lines_share_one_size(tmp_path: Path, language: str) -> None:
    """The list of lessons sets every lesson's line at one size: at 150% in a 1280x720 window the Dutch
    Rainbows line ("Kopen of houden, markers, … · ongeveer 4 minuten") took a smaller size than the rest."""
    with _large_text_screen(tmp_path, "lessons", language) as (ctx, recording):
        lines = [text for text in recording.texts if re.search(r"\d+ (minutes|minuten)$", text.text)]
        assert not problems(ctx, recording)
    assert len(lines) == 5
    _one_size(lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hex_builders_offered_name_shows_whole(tmp_path: Path, language: str) -> None:
    """The hex board builder offers a name ("Mijn indeling van 13 segmenten") in a box beside Save that
    showed "Mijn indeling var" at 150% in a 1280x720 window: the box now runs across the panel, wide
    enough for the whole name at the box's text size, and the verdict under the buttons stays in the window
    (on a card in the sea's corner where the panel is too short)."""
    with _large_text_screen(tmp_path, "hex-builder-full", language) as (ctx, recording):
        scene = ctx.scenes.visible()[-1]
        entry = scene.name_entry
        name = entry.get_text()
        assert "13" in name
        assert entry.rect.w >= ctx.theme.font(17).size(name)[0] + ctx.px(8)
        window = ctx.screen.get_rect()
        assert all(window.contains(text.rect) for text in recording.texts if text.direct)
        assert not problems(ctx, recording)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_resume_note_says_when_it_leaves_names_out(tmp_path: Path, language: str) -> None:
    """The note under Resume (the game, the turn, the seats' names) has two lines: with five names at 150%
    in a 1920x1080 window (the button too narrow for the game's name, so the note says it) it ended "…,
    Christopher," and left the fifth out without a sign. A longer note now ends its second line with an
    ellipsis."""
    with _large_text_screen(tmp_path, "title-resume", language, (1920, 1080)) as (ctx, _recording):
        lines = ctx.scenes.visible()[-1].resume_note_lines
    assert 1 <= len(lines) <= 2
    assert not lines[-1].endswith(","), lines
    if len(lines) == 2 and "Maximiliaan" not in lines[-1]:
        assert lines[-1].endswith("…"), lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_result_card_lists_every_seat(tmp_path: Path, language: str) -> None:
    """The result card of a five-seat game at 150% in a 1280x720 window left its fifth row off unseen (the
    card is capped by the board): the rows now take a smaller size and every seat has its row, as on its
    seat card beside it."""
    with _large_text_screen(tmp_path, "result-colosseum_offcuts", language) as (ctx, recording):
        texts = [text.text for text in recording.texts]
        assert not problems(ctx, recording)
    for name in ("Priya Ramaswamy", "Bartholomew", "Anna-Lena", "Christopher", "Maximiliaan"):
        assert texts.count(name) >= 2, f"{name}: a row on the result card and a seat card"


@pytest.mark.parametrize("screen", ["play-regenboog", "replay-regenboog"])
def test_de_regenboogs_team_count_covers_no_field(tmp_path: Path, screen: str) -> None:
    """The team's count sits in a corner of the sea clear of every field: at 150 % in the smaller window
    the replay's small sea put the whole words over the top segment's field, so the label takes another
    corner or its short form ("Team: 0/12")."""
    with _large_text_screen(tmp_path, screen, "nl") as (ctx, recording):
        chart = ctx.scenes.top.view.drawing._image_chart  # the sea as last drawn
        labels = [text for text in recording.texts if text.text.startswith("Team: ")]
    assert labels and chart is not None, "the team's count is shown"
    size = chart.size
    for label in labels:
        for i in range(len(chart.board.cells)):
            x, y = chart.centre(i)
            field = pygame.Rect(
                round(x - size * 0.8), round(y - size * 0.8), round(1.6 * size), round(1.6 * size)
            )
            assert not label.rect.colliderect(field), (label.text, label.rect, chart.board.cells[i].id)


def test_the_priority_players_row_keeps_its_days_projection(tmp_path: Path) -> None:
    """Rainbows at five seats, 150 %, 1920x1080 in Dutch: the clover pushed the Priority Player's lines
    down and its row lost "vandaag: …" where every other row had it. The clover now stands on the name's
    line, no taller than it, and every row shows both lines."""
    with _large_text_screen(tmp_path, "play-rainbows", "nl", (1920, 1080)) as (ctx, recording):
        seats = len(ctx.scenes.top.match.seats)
        today = [text for text in recording.texts if text.text.startswith("vandaag:")]
    assert len(today) == seats, [text.text for text in today]


def test_colosseums_how_to_move_line_goes_when_the_game_is_over(tmp_path: Path) -> None:
    """The line at the table's foot ("Drag a counter to move it…") stayed under a finished game's result
    and at a lesson's end, where nothing can be moved: it shows while moves are taken, not after."""
    with _large_text_screen(tmp_path, "lesson-colosseum_offcuts-wordiest", "en") as (_ctx, recording):
        playing = [text.text for text in recording.texts]
    with _large_text_screen(tmp_path, "lesson-colosseum_offcuts-end", "en") as (_ctx, recording):
        over = [text.text for text in recording.texts]
    assert any(text.startswith("Drag a counter") for text in playing), playing
    assert not any(text.startswith("Drag a counter") for text in over), over


def test_rainbow_passages_result_marks_the_seat_that_is_out(tmp_path: Path) -> None:
    """rainbow_passage.md §1.10: a player with no pieces left is out. The result read "0" for that seat, as
    for one that had merely not crossed: its seat card now says "north · out" and the result's line of
    pieces on the board "Anna-Lena out"; the winner heads the rows."""
    with _large_text_screen(tmp_path, "result-rainbow_passage", "en") as (ctx, recording):
        texts = [text.text for text in recording.texts]
        assert not problems(ctx, recording)
    assert "north · out" in texts
    assert any("Anna-Lena out" in text for text in texts), texts
    assert any("by crossing the board" in text for text in texts), texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_dialogs_title_bar_holds_its_title(tmp_path: Path, language: str) -> None:
    """pygame_gui draws a window's title bar 28 pixels high at every scale; our theme's title font, scaled,
    lost its descenders there at 125 % and 150 % ("Dit spel verlaten?"). The bar now grows with the scale,
    as the dialogs' own layouts had assumed."""
    with _large_text_screen(tmp_path, "dialog-leave", language) as (ctx, _recording):
        window = ctx.scenes.top.window
        bar = window.title_bar
        assert bar is not None
        text_h = bar.font.size("Dit spel verlaten? Gg")[1]
        assert bar.rect.h >= text_h + ctx.px(8), (bar.rect.h, text_h)


def test_the_file_dialog_is_laid_out_at_the_tables_scale_in_the_players_language(tmp_path: Path) -> None:
    """The board library's Export and Import use pygame_gui's file dialog, which lays itself out in fixed
    pixels: at 150 % its 20-pixel rows overlapped (the names' descenders over the next name), its file rows
    were ink on dark grey, its 30-pixel buttons cut "Cancel", which stayed English in Dutch."""
    with _large_text_screen(tmp_path, "library", "nl") as (ctx, _recording):
        ctx.scenes.top.choose_file("export")
        dialog = ctx.scenes.top.file_dialog[0]
        rows = dialog.file_selection_list
        font = ctx.theme.font(17)
        assert rows.list_item_height >= font.get_linesize()
        assert (dialog.ok_button.text, dialog.cancel_button.text) == ("OK", "Annuleren")
        window = dialog.rect
        placed = (dialog.ok_button, dialog.cancel_button, dialog.home_button, dialog.file_path_text_line)
        assert all(window.contains(element.rect) for element in placed)
        assert dialog.cancel_button.rect.w >= font.size("Annuleren")[0] + ctx.px(12)
        assert not dialog.delete_button.visible  # deleting files on the disk is no board library's job


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_options_card_gives_its_foot_to_the_rows_while_start_is_on(tmp_path: Path, language: str) -> None:
    """The Options card kept a third of its height at 150 % for the line saying why Start is off, even with
    nothing to say, and its option rows put their help beside the control in three lines: De Regenboog's
    scrolled card showed one option at a time. Now the help runs under the label and the control, the foot's
    room goes to the rows until there is a problem to show, and the board picker and the first option are
    seen together; a problem takes the foot back and is drawn whole."""
    with _large_text_screen(tmp_path, "new-regenboog", language) as (ctx, _recording):
        scene = ctx.scenes.top
        card = scene.options_card
        assert scene.problem is None and card.problem_rect.h == 0
        assert len(card.scroll.shown(card.scroll.first)) >= 2
        scene.seed_text = "12a"
        scene._refresh_problem()
        assert scene.problem is not None and card.problem_rect.h > 0
        assert card.scroll.view.bottom <= card.problem_rect.top
        recording = layout_audit.start()
        try:
            scene.draw(ctx.screen)
        finally:
            layout_audit.stop()
        drawn = " ".join(t.text for t in recording.texts if card.problem_rect.contains(t.rect))
        assert drawn.split()[:2] == scene.problem.split()[:2], drawn
        assert not problems(ctx, recording)
        scene.seed_text = "12"
        scene._refresh_problem()
        assert card.problem_rect.h == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_scrolled_options_card_says_how_many_options_are_below(tmp_path: Path, language: str) -> None:
    """De Regenboog's Options card at 1920x1080 100 % showed its first four options over a blank strip and
    ended there to the eye: the last three options, whole rows that did not fit, went unseen but for a thin
    scrollbar. The strip now says how many are below, and nothing once the card is scrolled to its end."""
    ctx, table = _context(tmp_path, (1920, 1080), 100, language)
    try:
        SCREENS["new-regenboog"](ctx, table)
        pump(table, 3)
        card = ctx.scenes.top.options_card
        shown = card.scroll.shown(card.scroll.first)
        below = len(card.scroll.items) - shown.stop
        assert below > 0
        words = plural(below, "{n} more below", "{n} more below")

        def drawn() -> list[str]:
            recording = layout_audit.start()
            try:
                ctx.scenes.top.draw(ctx.screen)
            finally:
                layout_audit.stop()
            assert not problems(ctx, recording)
            return [t.text for t in recording.texts if card.scroll.view.contains(t.rect)]

        assert words in drawn()
        card.scroll_options(card.scroll.last_first())
        pump(table, 2)
        assert not any(text == words for text in drawn())
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)
        install_language("en")


def test_a_small_window_holds_the_scale_back_and_says_so(tmp_path: Path) -> None:
    """125 % in the smallest window (a 640x400 layout) overlapped and cut on most screens: the scale stops
    where the window holds the layouts (800x480 design pixels, never below 100 %), and a notice says why
    the chosen size seems to do nothing. Every 16:9 window the audit checks keeps its scale."""
    from rainbowtable.ui.theme import effective_scale, held_back_percent

    for scale in SCALES:
        assert effective_scale(scale, (1280, 720)) == scale / 100
        assert effective_scale(scale, (1920, 1080)) == scale / 100 * 1.5
        assert held_back_percent(scale, (1280, 720)) is None
        assert effective_scale(scale, (800, 500)) == 1.0
    assert held_back_percent(150, (800, 500)) == 100 and held_back_percent(100, (800, 500)) is None
    assert held_back_percent(150, (1024, 768)) == 128
    ctx, _table = _context(tmp_path, (800, 500), 125, "en")
    try:
        assert ctx.theme.scale == 1.0
        # Said at start-up (a table opened in a small window), not only when the scale or window changes.
        assert any("holds text and buttons up to 100%" in notice.text for notice in ctx.notices)
        ctx.notices.clear()
        from rainbowtable.ui.boot import apply_display_settings

        apply_display_settings(_table)
        assert any("holds text and buttons up to 100%" in notice.text for notice in ctx.notices)
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)


@pytest.mark.parametrize(
    ("size", "screens"),
    [
        ((1024, 768), ("new-rainbow_passage", "new-regenboog", "play-rainbows-3")),
        ((1366, 768), ("replay-rainbows",)),
    ],
)
def test_other_window_shapes_at_150(tmp_path: Path, size: tuple[int, int], screens: tuple[str, ...]) -> None:
    """A 4:3 window at 150 % (held back to 128 %) and a laptop's 1366x768, in Dutch, on the screens they
    found wanting: an option's drop-down too narrow for "11 × 11 (standaard)" and a label broken in
    "Laadvermoge-n" (a control that cannot share the line with its label now goes under it), Rainbows'
    seat figures cut, and a replay's small board running its column letters together."""
    ctx, table = _context(tmp_path, size, 150, "nl")
    try:
        report = [f"{name}: {problem}" for name in screens for problem in audit_screen(ctx, table, name)]
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)
        install_language("en")
    assert not report, "\n" + "\n".join(report)


def test_a_tool_tip_is_as_wide_as_its_scaled_words(tmp_path: Path) -> None:
    """pygame_gui wraps a tool tip at 170 pixels whatever the scale: at 150 % the Dutch Menu tip broke its
    words in two ("beginscher-m", "automatisc-he"). The width is set at the table's scale."""
    from pygame_gui.elements import UITooltip

    ctx, table = _context(tmp_path, (1280, 720), 150, "nl")
    try:
        SCREENS["play-dice_box"](ctx, table)
        pump(table, 3)
        button = ctx.scenes.top.toolbar.buttons["menu"]
        pygame.mouse.set_pos(button.rect.center)
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        table.step(DT, [motion])
        for _frame in range(120):
            table.step(DT, [])
        sprites = ctx.manager.get_sprite_group().sprites()
        tips = [sprite for sprite in sprites if isinstance(sprite, UITooltip)]
        assert tips and tips[0].rect.w >= ctx.px(250), [tip.rect for tip in tips]
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)
        install_language("en")


def test_the_seat_hint_does_not_offer_colours_the_game_deals(tmp_path: Path) -> None:
    """Dice Box with random colours showed "?" tokens over "Click a colour to swap it with the next seat":
    there is nothing to swap until the game deals them, and the hint says so."""
    ctx, table = _context(tmp_path, (1920, 1080), 100, "en")
    try:
        SCREENS["new-dice_box"](ctx, table)
        pump(table, 3)
        recording = layout_audit.start()
        try:
            ctx.scenes.top.draw(ctx.screen)
        finally:
            layout_audit.stop()
        texts = [t.text for t in recording.texts]
        assert "Colours are dealt when the game starts. Names are optional." in texts
        assert not any(t.startswith("Click a colour") for t in texts)
    finally:
        from rainbowtable.ui.scenes import navigation

        navigation.open_title(ctx)

"""Issue 40: while the screen holds the last frame, the play screen and the Board Builder put back only what
changed on it (the regions drawn again, where pieces moved, where widgets were), and that gives the picture
that putting the whole picture back gives, frame by frame: through hovering, a tooltip that comes and goes,
banners, a move that changes the game's buttons, its animation and landing, and a drag. Every game,
mid-game, and the builder with a full board."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

import pygame
import pytest

from rainbowtable.bench import _mid_game
from rainbowtable.core.rng import Rng
from rainbowtable.games import GAMES
from rainbowtable.games.rainbow_passage.assembly import random_board
from rainbowtable.games.rainbow_passage.components import Box
from rainbowtable.ui.games.rainbow_passage import screens
from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene
from rainbowtable.ui.kept_screen import KeptScreen
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.test_ui_frame_caches import _drag_start

DT = 1 / 60


def _frames(ctx: Any, table: Any, game: str) -> tuple[list[str], int]:
    """The screen after every frame of a fixed sequence (as digests), and how many frames put back only a
    part of the picture."""
    ctx.cosmetic = Rng.from_seed(5)
    ctx.settings = replace(ctx.settings, animation_speed=1.0)
    ctx.notices.clear()
    pygame.mouse.set_pos((ctx.size[0] // 2, ctx.size[1] - 2))  # over nothing, as the run before left it
    rules = next(entry.rules for entry in GAMES if entry.id == game)
    match = _mid_game(rules, 1234)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    screen = scene.picture.screen
    kept = screen.kept

    def counting(surface: pygame.Surface) -> bool:
        nonlocal partial_count
        holds = kept(surface)
        partial_count += holds
        return holds

    partial_count = 0
    screen.kept = counting  # type: ignore[method-assign]
    shots: list[str] = []

    def frame(events: list[pygame.event.Event] | None = None, dt: float = DT) -> None:
        table.force_draw = True
        table.step(dt, events or [])
        shots.append(hashlib.sha1(pygame.image.tobytes(ctx.screen, "RGB")).hexdigest())

    for _ in range(3):
        frame()
    undo = next(iter(scene.buttons.values()))
    for i in range(90):  # over a button long enough for its tooltip, then away over the board
        pos = undo.rect.center if i < 70 else (scene.board_rect.x + 5 * i, scene.board_rect.centery)
        pygame.mouse.set_pos(pos)
        frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))])
    ctx.notify("A banner over the log.", "info")
    for _ in range(4):
        frame()
    frame(dt=10.0)  # the banner goes
    for _ in range(3):
        frame()
    # A move: the game's buttons change, its animation plays and lands, the panel and board are drawn again.
    legal = rules.legal_actions(match.state)
    scene.play(legal[len(legal) // 2])
    for _ in range(80):
        frame()
    start = _drag_start(scene)
    if start is not None:
        frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        area = scene.board_rect
        for i in range(60):
            pos = (area.x + (i * 17) % area.w, area.y + (i * 17 // area.w * 41 + i * 7) % area.h)
            frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(17, 7), buttons=(1, 0, 0))])
        frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3)])
    for _ in range(3):
        frame()
    return shots, partial_count


@pytest.mark.parametrize("game", [entry.id for entry in GAMES])
def test_the_kept_screen_shows_what_a_whole_picture_shows(
    ctx: Any, table: Any, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.force_draw = True
    table.step(DT, [])  # the table's first frame holds back pygame_gui's update: not one of those compared
    kept, partial = _frames(ctx, table, game)
    assert partial > len(kept) // 2, "most frames put back only what changed"
    monkeypatch.setattr(KeptScreen, "kept", lambda self, surface: False)
    whole, partial = _frames(ctx, table, game)
    assert partial == 0
    differing = [i for i, (a, b) in enumerate(zip(kept, whole, strict=True)) if a != b]
    assert not differing, f"frames {differing[:10]} differ from the picture put back whole"


def _builder_frames(ctx: Any, table: Any) -> tuple[list[str], int]:
    """The Board Builder's screen after every frame while a section lifted off a full board is dragged over
    it, a banner comes and goes, and the pointer rests on a button; and how many frames put back a part."""
    box = Box.generate(1)
    ctx.notices.clear()
    pygame.mouse.set_pos((ctx.size[0] // 2, ctx.size[1] - 2))  # over nothing, as the run before left it
    screens.open_builder(ctx, random_board(box, (13, 13), Rng.from_seed(7)).to_draft(box))
    scene = ctx.scenes.top
    assert isinstance(scene, BoardBuilderScene)
    kept = 0
    keeps = KeptScreen.kept

    def counting(self: KeptScreen, surface: pygame.Surface) -> bool:
        nonlocal kept
        answer = keeps(self, surface)
        kept += answer
        return answer

    shots: list[str] = []

    def frame(events: list[pygame.event.Event] | None = None, dt: float = DT) -> None:
        table.force_draw = True
        table.step(dt, events or [])
        shots.append(hashlib.sha1(pygame.image.tobytes(ctx.screen, "RGB")).hexdigest())

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(KeptScreen, "kept", counting)
        for _ in range(3):
            frame()
        lifted = next(p for p in scene.draft.placements if p.section_id.startswith("long-"))
        start = scene.board_view.cell_rect(lifted.cells[0]).center
        frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        grid = scene.board_view.grid
        for i in range(120):
            pos = (grid.x + (i * 23) % grid.w, grid.y + (i * 23 // grid.w * 37) % grid.h)
            frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(23, 0), buttons=(1, 0, 0))])
            if i == 40:
                ctx.notify("A banner over the builder.", "info")
            if i == 60:
                frame(dt=10.0)  # the banner goes
        frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
        button = next(s for s in ctx.manager.get_sprite_group().sprites() if s.rect.w < 400 and s.rect.x)
        for _ in range(80):  # over a button, long enough for a tooltip
            pygame.mouse.set_pos(button.rect.center)
            event = pygame.event.Event(
                pygame.MOUSEMOTION, pos=button.rect.center, rel=(1, 0), buttons=(0, 0, 0)
            )
            frame([event])
    ctx.scenes.pop()  # the next run opens its builder on the same screen below
    return shots, kept


def test_the_builder_s_kept_screen_shows_what_its_whole_picture_shows(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Board Builder puts back only where the ghost of what is in hand and the widgets were."""
    table.force_draw = True
    table.step(DT, [])
    kept, partial = _builder_frames(ctx, table)
    assert partial > len(kept) // 2, "most frames put back only what changed"
    monkeypatch.setattr(KeptScreen, "kept", lambda self, surface: False)
    whole, partial = _builder_frames(ctx, table)
    assert partial == 0
    differing = [i for i, (a, b) in enumerate(zip(kept, whole, strict=True)) if a != b]
    assert not differing, f"frames {differing[:10]} differ from the picture put back whole"

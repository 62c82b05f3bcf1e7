"""How Dice Box's actions move and sound: a placed die settles into its cell, the opening roll tumbles every
hand into the tray and the seed into the centre, a stuck hand's re-roll tumbles it again. Each shows a
change the match already holds: the dice land on the faces already in the log.

The tray's caption says what a roll is and is drawn again over the flying dice, so the motion part is given
the drawing part (for that caption); the dice themselves are drawn by the tumble and settle widgets.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from rainbowtable.core.rng import Rng
from rainbowtable.games.dice_box.model import (
    SIZE,
    Cell,
    Colour,
    DiceBoxState,
    DiceRolled,
    Die,
    DraftDie,
    HandRerolled,
    PlaceDie,
)
from rainbowtable.ui.games.dice_box.drawing import DiceBoxDrawing, body_of, mark_of
from rainbowtable.ui.games.dice_box.layout import DiceBoxLayout
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import Animation, BoardMotion, Look
from rainbowtable.ui.widgets.dice_tray import DiceTumble, SettleAnimation, TumbleDie


class DiceBoxAnimation:
    """An animation plus what it hides and which seat's hand the tray shows meanwhile."""

    def __init__(
        self,
        inner: DiceTumble | SettleAnimation,
        hides: frozenset[Hashable],
        tray_seat: int | None,
        caption: str = "",
        over: Callable[[pygame.Surface, list[pygame.Rect]], pygame.Rect] | None = None,
    ) -> None:
        self.inner = inner
        self._hides = hides
        self.tray_seat = tray_seat
        self.caption = caption
        self.over = over  # drawn over the flying dice (given where they are): the caption stays readable

    @property
    def done(self) -> bool:
        return self.inner.done

    def update(self, dt: float) -> None:
        self.inner.update(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        rects = self.inner.draw(surface)
        if self.over is not None and not self.inner.done:
            rects.append(self.over(surface, rects))
        return rects

    def hides(self) -> frozenset[Hashable]:
        return self._hides


class DiceBoxMotion(BoardMotion):
    """Settles and tumbles. The tumbles' cosmetic stream is this part's own, never the match's, so an
    animation never changes what the match rolls."""

    where: DiceBoxLayout

    def __init__(self, drawing: DiceBoxDrawing) -> None:
        super().__init__()
        self.drawing = drawing
        self.cosmetic = Rng.from_seed(0xD1CE)

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, (DiceRolled, HandRerolled)):
            return "roll"
        if isinstance(action, (PlaceDie, DraftDie)):
            return "place"
        return None

    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        assert isinstance(before, DiceBoxState) and isinstance(after, DiceBoxState)
        if speed <= 0:
            return None
        if isinstance(action, PlaceDie):
            die = after.grid[action.cell.row * SIZE + action.cell.col]
            if die is None:
                return None
            settle = SettleAnimation(
                "pips",
                die.value,
                self.where.cell_rect(action.cell).center,
                self.where.die_px,
                body_of(die.colour),
                speed=speed,
                mark=mark_of(die.colour, look.glyphs),
            )
            return DiceBoxAnimation(settle, frozenset({die.id}), None)
        if isinstance(action, HandRerolled):
            hand = after.hands[action.seat]
            tumble = self._tumble(hand, speed, look)
            names = look.seat_names
            name = names[action.seat] if action.seat < len(names) else f"P{action.seat + 1}"
            if len(hand) == 1:
                caption = _("{name} cannot place their last die and re-rolls it").format(name=name)
            else:
                caption = _("{name} cannot place a die and re-rolls them all").format(name=name)
            return DiceBoxAnimation(
                tumble, frozenset(d.id for d in hand), action.seat, caption, self._caption_over(caption)
            )
        if isinstance(action, DiceRolled):
            return self._opening_roll(after, speed, look)
        return None

    def _opening_roll(self, after: DiceBoxState, speed: float, look: Look) -> DiceBoxAnimation:
        """Every hand is rolled and the seed flies from the tray to the centre cell (dice_box.md §2.2)."""
        seat = after.current
        hand = after.hands[seat]
        seed = after.grid[2 * SIZE + 2]
        dice = list(self._tumble_dice(hand, look))
        if seed is not None:
            start = (self.where.board.centerx, self.where.board.bottom + self.where.tray.h // 2)
            dice.append(
                TumbleDie(
                    seed.id,
                    "pips",
                    seed.value,
                    start,
                    self.where.cell_rect(Cell(2, 2)).center,
                    self.where.die_px,
                    body_of(Colour.SEED),
                    mark=mark_of(Colour.SEED, look.glyphs),
                )
            )
        tumble = DiceTumble(dice, self.cosmetic, duration_s=1.0, speed=speed)
        hides = frozenset(d.id for d in hand) | ({seed.id} if seed is not None else frozenset())
        caption = _("Everyone rolls; the seed goes to the centre")
        return DiceBoxAnimation(tumble, hides, seat, caption, self._caption_over(caption))

    def _caption_over(self, caption: str) -> Callable[[pygame.Surface, list[pygame.Rect]], pygame.Rect]:
        """Draws the tray's caption again where flying dice cross it (`under`: where they were drawn this
        frame), so a roll never hides what it is. Only there: elsewhere the still picture shows the same
        caption, and drawing its whole line again each frame, and putting it back the next, was about a
        tenth of a throw's frame."""

        def over(surface: pygame.Surface, under: list[pygame.Rect]) -> pygame.Rect:
            line = self.where.caption_rect()
            crossed = [rect.clip(line) for rect in under if rect.colliderect(line)]
            if not crossed:
                return pygame.Rect(line.topleft, (0, 0))
            area = crossed[0].unionall(crossed[1:])
            clip = surface.get_clip()
            surface.set_clip(area)
            self.drawing.draw_caption(surface, caption, band=True)
            surface.set_clip(clip)
            return area

        return over

    def _tumble_dice(self, hand: tuple[Die, ...], look: Look) -> list[TumbleDie]:
        slots = self.where.tray_slots(len(hand))
        size = self.where.tray_size(len(hand))
        tray = self.where.tray
        out = []
        for i, (die, end) in enumerate(zip(hand, slots, strict=True)):
            start = (tray.x - size + (i % 3) * 6, tray.centery - 20 + (i % 2) * 30)
            out.append(
                TumbleDie(
                    die.id,
                    "pips",
                    die.value,
                    start,
                    end,
                    size,
                    body_of(die.colour),
                    mark=mark_of(die.colour, look.glyphs),
                )
            )
        return out

    def _tumble(self, hand: tuple[Die, ...], speed: float, look: Look) -> DiceTumble:
        return DiceTumble(self._tumble_dice(hand, look), self.cosmetic, duration_s=0.9, speed=speed)

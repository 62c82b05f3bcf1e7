"""How Rainbow Passage's actions move and sound: a step slides the piece to its square (a captured piece
shrinking away under it) and, on a piece's first move, turns its token over (§1.6); a return flies the piece
in from beside the tray, its token turning to the crossed side or swapping places with the token of the
square it takes (§1.7 [RES-RP10]); a roll tumbles the colour dice into the tray. Steps and returns are
placed, rolls are heard as rolls.

The animations draw pieces as the board does, so this part is given the drawing part.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.games.rainbow_passage.model import (
    COLOURS,
    DiceRolled,
    Piece,
    RainbowPassageState,
    ReturnPiece,
    RollOffRolled,
    StepPiece,
)
from rainbowtable.ui.games.rainbow_passage import pieces
from rainbowtable.ui.games.rainbow_passage.builder_view import PASSAGE_RGB
from rainbowtable.ui.games.rainbow_passage.drawing import (
    PALETTE,
    TRAY_DICE,
    RainbowPassageDrawing,
    base_of,
)
from rainbowtable.ui.games.rainbow_passage.layout import InSight, Sight
from rainbowtable.ui.games.rainbow_passage.pieces import draw_token
from rainbowtable.ui.table.view import Animation, BoardMotion, Look
from rainbowtable.ui.widgets.dice_tray import DiceTumble, TumbleDie


class _Slide:
    """A piece sliding from one square to the next (and a captured piece fading away)."""

    def __init__(
        self,
        drawing: RainbowPassageDrawing,
        piece: Piece,
        start: tuple[float, float],
        end: tuple[float, float],
        speed: float,
        victim: Piece | None = None,
    ) -> None:
        self.drawing = drawing
        self.piece = piece
        self.victim = victim
        self.start = start
        self.end = end
        self.t = 0.0
        self.duration = 0.22 / max(speed, 0.01)

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        p = min(1.0, self.t / self.duration)
        cell_px = self.drawing.where.cell_px
        rects: list[pygame.Rect] = []
        if self.victim is not None and p < 1.0:
            # The captured piece shrinks away under the arriving one.
            size = cell_px * 0.9 * (1.0 - p)
            if size >= 2:
                victim_rgb = PASSAGE_RGB[base_of(self.victim)]
                rects.append(
                    pieces.draw_piece(surface, self.end, size, self.victim.owner, victim_rgb).inflate(8, 8)
                )
        p = 1 - (1 - p) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p
        lift = math.sin(p * math.pi) * cell_px * 0.12
        rect = self.drawing.draw_piece(
            surface, (x, y - lift), cell_px * 0.9, self.piece.owner, base_of(self.piece)
        )
        return [*rects, rect.inflate(8, 8)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset({("piece", self.piece.id)})


def _ease(p: float) -> float:
    return 1 - (1 - p) ** 3


class _Timed:
    """A part of an animation that starts after `delay` seconds and lasts `duration` (both already scaled
    by the animation speed)."""

    def __init__(self, delay: float, duration: float) -> None:
        self.delay = delay
        self.duration = max(duration, 1e-3)
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, (self.t - self.delay) / self.duration))


class _TokenFlip(_Timed):
    """A start token turning over on the frame (§1.6: crossed to plain when its piece first moves; §1.7:
    plain to crossed when a returned piece lands): it narrows to an edge and widens showing the other side."""

    def __init__(
        self, piece_id: int, rect: pygame.Rect, base: PassageColour, crossed_after: bool, speed: float
    ) -> None:
        super().__init__(0.0, 0.32 / max(speed, 0.01))
        self.piece_id = piece_id
        self.rect = rect
        self.base = base
        self.crossed_after = crossed_after

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        p = self.progress
        squash = abs(math.cos(p * math.pi))
        crossed = self.crossed_after if p >= 0.5 else not self.crossed_after
        # Lifted a little while it turns, so the flip reads even at small sizes.
        lifted = self.rect.inflate(
            self.rect.w * 0.3 * math.sin(p * math.pi), self.rect.h * 0.3 * math.sin(p * math.pi)
        )
        draw_token(surface, lifted, PASSAGE_RGB[self.base], crossed, squash)
        return [lifted.inflate(6, 6)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset({("token", self.piece_id)})


class _TokenMove(_Timed):
    """A start token carried along the frame to another start square (§1.7 [RES-RP10]: the returned piece's
    token and the one that lay there swap places); `bulge` lifts its path off the frame's line so two tokens
    swapping pass each other; `flip` turns it over on the way (the returned piece's token lands crossed)."""

    def __init__(
        self,
        piece_id: int,
        start: pygame.Rect,
        end: pygame.Rect,
        base: PassageColour,
        crossed: tuple[bool, bool],
        bulge: tuple[float, float],
        delay: float,
        speed: float,
    ) -> None:
        super().__init__(delay, 0.45 / max(speed, 0.01))
        self.piece_id = piece_id
        self.start = start
        self.end = end
        self.base = base
        self.crossed = crossed
        self.bulge = bulge

    def rect_now(self) -> pygame.Rect:
        p = _ease(self.progress)
        arc = math.sin(p * math.pi)
        rect = self.start.copy()
        rect.center = (
            round(self.start.centerx + (self.end.centerx - self.start.centerx) * p + self.bulge[0] * arc),
            round(self.start.centery + (self.end.centery - self.start.centery) * p + self.bulge[1] * arc),
        )
        return rect.inflate(rect.w * 0.25 * arc, rect.h * 0.25 * arc)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        p = self.progress
        rect = self.rect_now()
        before, after = self.crossed
        squash = 1.0 if before == after else abs(math.cos(p * math.pi))
        draw_token(surface, rect, PASSAGE_RGB[self.base], after if p >= 0.5 else before, squash)
        return [rect.inflate(6, 6)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset({("token", self.piece_id)})


class _Fly(_Timed):
    """A captured piece carried from beside the tray to the start square it returns to (§1.7)."""

    def __init__(
        self,
        drawing: RainbowPassageDrawing,
        piece: Piece,
        start: tuple[int, int],
        end: tuple[int, int],
        size: float,
        delay: float,
        speed: float,
    ) -> None:
        super().__init__(delay, 0.4 / max(speed, 0.01))
        self.drawing = drawing
        self.piece = piece
        self.start = start
        self.end = end
        self.size = size

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        p = _ease(self.progress)
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p - math.sin(p * math.pi) * self.size * 0.5
        rect = self.drawing.draw_piece(surface, (x, y), self.size, self.piece.owner, base_of(self.piece))
        return [rect.inflate(8, 8)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset({("piece", self.piece.id)})


class _Together:
    """Several animations at once (a step and its token's flip; a return and its token swap)."""

    def __init__(self, *parts: Animation) -> None:
        self.parts = parts

    @property
    def done(self) -> bool:
        return all(part.done for part in self.parts)

    def update(self, dt: float) -> None:
        for part in self.parts:
            part.update(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        rects: list[pygame.Rect] = []
        for part in self.parts:
            rects += part.draw(surface)
        return rects

    def hides(self) -> frozenset[Hashable]:
        hidden: frozenset[Hashable] = frozenset()
        for part in self.parts:
            hidden |= part.hides()
        return hidden


class _Roll:
    """The colour dice tumbling into the tray (a turn's roll or the roll-off): the tray's own dice are
    hidden meanwhile."""

    def __init__(self, tumble: DiceTumble) -> None:
        self.tumble = tumble

    @property
    def done(self) -> bool:
        return self.tumble.done

    def update(self, dt: float) -> None:
        self.tumble.update(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return self.tumble.draw(surface)

    def hides(self) -> frozenset[Hashable]:
        return frozenset({TRAY_DICE})


class RainbowPassageMotion(InSight, BoardMotion):
    """The animation and sound of each action; the dice tumble on a cosmetic stream of their own."""

    def __init__(self, sight: Sight, drawing: RainbowPassageDrawing) -> None:
        self.sight = sight
        super().__init__()
        self.drawing = drawing
        self.cosmetic = Rng.from_seed(0x5AFE)

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, DiceRolled | RollOffRolled):
            return "roll"
        if isinstance(action, StepPiece | ReturnPiece):
            return "place"
        return None

    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        if speed <= 0 or not isinstance(after, RainbowPassageState):
            return None
        where = self.sight.show(after)
        if isinstance(action, StepPiece):
            piece = before.piece(action.piece)
            if piece.pos is None:
                return None
            moved = after.piece(action.piece)
            victim = before.piece_at(action.to)
            start, end = where.cell_rect(piece.pos).center, where.cell_rect(action.to).center
            slide = _Slide(self.drawing, moved, start, end, speed, victim)
            if not piece.token_crossed:
                return slide
            # §1.6: the piece's first move turns its token over to the plain side.
            edge = before.seats[piece.owner].edge
            flip = _TokenFlip(piece.id, where.token_rect(edge, piece.home), base_of(piece), False, speed)
            return _Together(slide, flip)
        if isinstance(action, ReturnPiece):
            return self._return(before, action, after, speed)
        if isinstance(action, DiceRolled):
            return self._roll(action.dice, speed)
        if isinstance(action, RollOffRolled):
            # Each player still in the roll-off throws all five dice; they land in groups of five.
            return self._roll(tuple(d for roll in action.rolls for d in roll), speed, group=5)
        return None

    def _return(
        self, before: RainbowPassageState, action: ReturnPiece, after: RainbowPassageState, speed: float
    ) -> Animation:
        """§1.7: the captured piece flies from beside the tray to its start square; its token turns to the
        crossed side, and when the square is another piece's ([RES-RP10]) the two tokens swap places on the
        frame first, the returned piece's token passing outside the other."""
        where = self.where
        piece = before.piece(action.piece)
        edge = before.seats[piece.owner].edge
        slot = next((r for p, r in where.captured_slots(before) if p.id == piece.id), None)
        start = slot.center if slot is not None else where.tray.center
        end = where.cell_rect(action.to).center
        size = where.cell_px * 0.9
        if action.to == piece.home:
            fly = _Fly(self.drawing, after.piece(piece.id), start, end, size, 0.0, speed)
            if piece.token_crossed:
                return fly
            flip = _TokenFlip(piece.id, where.token_rect(edge, piece.home), base_of(piece), True, speed)
            flip.delay = fly.duration * 0.6
            return _Together(fly, flip)
        other = next(p for p in before.pieces if p.owner == piece.owner and p.home == action.to)
        old, new = where.token_rect(edge, piece.home), where.token_rect(edge, action.to)
        out = {Edge.S: (0, 1), Edge.N: (0, -1), Edge.W: (-1, 0), Edge.E: (1, 0)}[edge]
        lift = where.cell_px * 0.35
        mine = _TokenMove(
            piece.id,
            old,
            new,
            base_of(piece),
            (piece.token_crossed, True),
            (out[0] * lift, out[1] * lift),
            0.0,
            speed,
        )
        kept = (other.token_crossed, other.token_crossed)
        theirs = _TokenMove(other.id, new, old, base_of(other), kept, (0.0, 0.0), 0.0, speed)
        fly = _Fly(self.drawing, after.piece(piece.id), start, end, size, mine.duration * 0.5, speed)
        return _Together(mine, theirs, fly)

    def _roll(self, dice: Sequence[PassageColour], speed: float, group: int = 0) -> _Roll:
        where = self.where
        tray = where.tray
        size = where.die_px
        slots = where.tray_slots(len(dice))
        if group and len(dice) > group:
            # Several players' throws: smaller dice, a gap between players, all within the tray.
            groups = -(-len(dice) // group)
            room = tray.w - where.px(32)
            step = room / (len(dice) + (groups - 1) * 0.6)
            size = max(10, min(size, int(step / 1.2)))
            left = tray.x + where.px(16) + size / 2
            slots = [
                (int(left + (i + (i // group) * 0.6) * step), tray.centery + where.px(8))
                for i in range(len(dice))
            ]
        tumble = []
        for i, (die, end) in enumerate(zip(dice, slots, strict=True)):
            start = (tray.x - size + (i % 3) * 6, tray.centery - 20 + (i % 2) * 30)
            tumble.append(
                TumbleDie(
                    ("die", i),
                    "colour",
                    COLOURS.index(die),
                    start,
                    end,
                    size,
                    palette=PALETTE,
                    glyph_of=pieces.GLYPH_OF,
                )
            )
        return _Roll(DiceTumble(tumble, self.cosmetic, duration_s=0.9, speed=speed))

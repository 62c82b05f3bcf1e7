"""What the pointer and keys mean on De Regenboog's table.

Drags: a ship pawn onto a field travels there (riders and clearing are offered as choices on the drop); a
ship onto its own field loads or clears there (a picker of amounts). A cube from a hold onto another ship's
hold is an exchange; onto the open sea, a jettison. Buttons: load the most, end a ship's turn, deliver, end
the players' phase, give up. The pointer's field is followed for the label at the sea's corner.

Holds no rules: every legal move comes from the rules' `legal_actions`, every refusal from `why_illegal`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.regenboog.board import Board
from rainbowtable.games.regenboog.model import (
    PAWN_NAMES,
    ClearHere,
    Colour,
    Concede,
    Deliver,
    EndPhase,
    Exchange,
    Jettison,
    Load,
    Pass,
    Phase,
    RegenboogState,
    Share,
    Ship,
    Stage,
    Travel,
    colour_name,
)
from rainbowtable.games.regenboog.rules import (
    current_seat,
    deliverable,
    legal_actions,
    load_colour_for,
    ship_words,
)
from rainbowtable.games.regenboog.start import board_of
from rainbowtable.ui.games.regenboog.layout import CELL, CUBE, HOLD, SEA_TARGET, SHIP, Camera, RegenboogLayout
from rainbowtable.ui.i18n import N_, _, plural
from rainbowtable.ui.table.view import BoardInput, TableButton

NICE_COUNTS = frozenset({1, 2, 3, 6, 12})
"""Amounts of cubes a drag offers to move (besides all of that colour): more would crowd the picker."""


class RegenboogInput(BoardInput):
    """Ships and cubes to pick up, fields, holds and the open sea to drop on, and the game's buttons.

    `target_of` is asked without a state: it answers from the ships as this part last saw them (every
    question with a state, and every event, remembers them; the table asks for the buttons after each
    step)."""

    where: RegenboogLayout

    def __init__(self, camera: Camera) -> None:
        super().__init__()
        self.camera = camera
        self._ship_cells: dict[int, str] = {}
        self._ships: tuple[Ship, ...] = ()

    def _remember(self, state: RegenboogState) -> Board:
        board = board_of(state.options)
        self._ship_cells = {s.id: board.cells[s.cell].id for s in state.ships}
        self._ships = state.ships
        return board

    def handle_event(self, event: Any, state: Any) -> bool:
        """Follows the field under the pointer. Every event comes with the state on the table, which is
        remembered (as `target_at` does) for the `target_of` questions the table asks when the event picks
        something up."""
        if not isinstance(state, RegenboogState):
            return False
        if event.type == pygame.MOUSEMOTION:
            target = self.target_at(state, event.pos)
            cell = target[1] if isinstance(target, tuple) and target[:1] == (CELL,) else None
            self.camera.pointer = str(cell) if cell is not None else None
        else:
            self._remember(state)
        return False

    # --- pieces and targets ---
    def _ship_at(self, state: RegenboogState, pos: tuple[int, int]) -> int | None:
        chart = self.camera.chart(self.where, self._remember(state))
        r = chart.pawn_radius() + 2
        best = None
        for sid, (x, y) in chart.pawn_spots(state).items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= r * r:
                best = sid
        return best

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        assert isinstance(state, RegenboogState)
        sid = self._ship_at(state, pos)
        if sid is not None:
            return (SHIP, sid)
        for (ship, colour), rects in self.camera.holds(self.where, state).cube_rects().items():
            if any(r.inflate(2, 2).collidepoint(pos) for r in rects):
                return (CUBE, ship, colour)
        return None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        assert isinstance(state, RegenboogState)
        if isinstance(pick, tuple) and pick[:1] == (SHIP,):
            chart = self.camera.chart(self.where, self._remember(state))
            x, y = chart.pawn_spots(state)[int(pick[1])]
            r = chart.pawn_radius()
            return pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        if isinstance(pick, tuple) and pick[:1] == (CUBE,):
            rects = self.camera.holds(self.where, state).cube_rects().get((int(pick[1]), int(pick[2])))
            return rects[0] if rects else None
        return None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        assert isinstance(state, RegenboogState)
        board = self._remember(state)
        # The cards lie within the holds column: the pointer over the sea needs no card measured.
        if self.where.holds.collidepoint(pos):
            for sid, rect in self.camera.holds(self.where, state).cards.items():
                if rect.collidepoint(pos):
                    return (HOLD, sid)
        if not self.where.sea.collidepoint(pos):
            return None
        index = self.camera.chart(self.where, board).cell_at(pos)
        if index is None:
            return SEA_TARGET
        return (CELL, board.cells[index].id)

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        assert isinstance(state, RegenboogState)
        chart = self.camera.chart(self.where, self._remember(state))
        if isinstance(target, tuple) and target[:1] == (CELL,) and str(target[1]) in chart.board.by_id:
            cx, cy = chart.centre(chart.board.by_id[str(target[1])])
            s = round(chart.size * 0.8)
            return pygame.Rect(round(cx) - s, round(cy) - s, 2 * s, 2 * s)
        if isinstance(target, tuple) and target[:1] == (HOLD,):
            return self.camera.holds(self.where, state).cards.get(int(target[1]))
        if target == SEA_TARGET:
            sea = self.where.sea
            return pygame.Rect(sea.x + 4, sea.y + 4, chart.size, chart.size)
        return None

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        if isinstance(action, Travel):
            return (SHIP, action.ship), (CELL, action.to)
        if isinstance(action, (Load, ClearHere, Share)):
            here = self._ship_cells.get(action.ship)
            return ((SHIP, action.ship), (CELL, here)) if here is not None else None
        if isinstance(action, Exchange):
            if action.count not in NICE_COUNTS and action.count != self._held(action.giver, action.colour):
                return None
            return (CUBE, action.giver, int(action.colour)), (HOLD, action.receiver)
        if isinstance(action, Jettison):
            if action.count not in NICE_COUNTS and action.count != self._held(action.ship, action.colour):
                return None
            return (CUBE, action.ship, int(action.colour)), SEA_TARGET
        return None

    def _held(self, sid: int, colour: int) -> int:
        """How many cubes of `colour` ship `sid` holds (all of them is always offered)."""
        return self._ships[sid].cubes[colour] if 0 <= sid < len(self._ships) else 0

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        assert isinstance(state, RegenboogState)
        if not isinstance(pick, tuple) or not isinstance(target, tuple):
            return None
        if pick[:1] == (SHIP,) and target[:1] == (CELL,):
            sid = int(pick[1])
            if self._ship_cells.get(sid) == target[1]:
                return Share(sid, 1) if state.choosing >= 0 else Load(sid, 1)
            return Travel(sid, str(target[1]))
        if pick[:1] == (CUBE,) and target[:1] == (HOLD,):
            return Exchange(int(pick[1]), int(target[1]), Colour(int(pick[2])), 1)
        if pick[:1] == (CUBE,) and target == SEA_TARGET:
            return Jettison(int(pick[1]), Colour(int(pick[2])), 1)
        return None

    def marks_for(self, state: Any, action: Any) -> frozenset[Hashable]:
        if isinstance(action, Travel):
            return frozenset({(CELL, action.to)})
        return frozenset()

    # --- words for a choice ---
    def choice_label(self, state: Any, action: Any) -> str | None:
        assert isinstance(state, RegenboogState)
        if isinstance(action, Travel):
            parts = [
                _("Sail alone")
                if not action.riders
                else _("Carry {ships}").format(
                    ships=", ".join(ship_words(state.ships[r]) for r in action.riders)
                )
            ]
            if action.clear:
                parts.append(_("clear {n} black").format(n=action.clear))
            return "; ".join(parts)
        if isinstance(action, Load):
            colour = load_colour_for(state, state.ships[action.ship])
            return _("Load {n} {colour}").format(n=action.count, colour=colour_name(max(0, colour)))
        if isinstance(action, ClearHere):
            return _("Clear {n} black discs here").format(n=action.count)
        if isinstance(action, Share):
            return self._share_label(state, action)
        if isinstance(action, Exchange):
            return _("Move {n} {colour}").format(n=action.count, colour=colour_name(action.colour))
        if isinstance(action, Jettison):
            return _("Throw {n} {colour} overboard").format(n=action.count, colour=colour_name(action.colour))
        return None

    def _share_label(self, state: RegenboogState, action: Share) -> str:
        colour = colour_name(state.load_colour)
        if state.discs[state.choosing] <= 0:  # a blank's cube
            return _("Give the {colour} cube to {ship}").format(
                colour=colour, ship=ship_words(state.ships[action.ship])
            )
        if action.count == 0:
            return _("Load none")
        return _("Load {n} {colour}").format(n=action.count, colour=colour)

    # --- seats and buttons ---
    def actor_of(self, state: Any, action: Any, seat: int) -> int:
        """§2.6: any ship that has not acted may sail next; its owner makes the move."""
        if isinstance(state, RegenboogState) and isinstance(action, (Travel, Load, Pass, ClearHere)):
            sid: int = action.ship
            if 0 <= sid < len(state.ships):
                return state.ships[sid].owner
        return seat

    def _share_buttons(self, state: RegenboogState, legal: list[Any]) -> list[TableButton]:
        """§2.10 step 6: the team's share-out of a disc flipped under ships. The first button is the
        default (the most for the first ship, the blank's cube to the first ship), so one click keeps the
        usual flow; fewer cubes are offered by dragging the ship onto its own field."""
        shares = [a for a in legal if isinstance(a, Share)]
        if not shares:
            return []
        if state.discs[state.choosing] <= 0:
            # Short: the prompt asks which ship; each button names one by its pawn colour.
            return [
                TableButton(
                    _(PAWN_NAMES[a.ship]).capitalize(),
                    a,
                    self._share_label(state, a) + ".",
                    key=pygame.K_g if i == 0 else None,
                )
                for i, a in enumerate(shares)
            ]
        most, none = shares[0], shares[-1]
        # Short: the prompt above names the colour and the ship.
        label = _("Load {n}").format(n=most.count)
        out = [TableButton(label, most, _("Load the most that fits (L)."), key=pygame.K_l)]
        if none != most:
            out.append(
                TableButton(
                    _("Load none"),
                    none,
                    _("Take nothing; drag the ship onto its field to load fewer."),
                )
            )
        return out

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        assert isinstance(state, RegenboogState)
        self._remember(state)
        if state.choosing >= 0 and current_seat(state) == seat:
            legal_now = legal_actions(state)
            give_up = TableButton(_("Give up"), Concede(), _("The team concedes the game."), quiet=True)
            return [*self._share_buttons(state, legal_now), give_up]
        if state.phase is not Phase.PLAYERS or current_seat(state) != seat:
            return ()
        legal = set(legal_actions(state))
        out: list[TableButton] = []
        sets = deliverable(state)
        if sets and Deliver(sets) in legal:
            out.append(
                TableButton(
                    plural(sets, N_("Deliver 1 rainbow"), N_("Deliver {n} rainbows")),
                    Deliver(sets),
                    _("Hand in the sets at the centre (D)."),
                    key=pygame.K_d,
                )
            )
        if state.active >= 0:
            ship = state.ships[state.active]
            loads = [a for a in legal if isinstance(a, Load)]
            if loads:
                most = max(loads, key=lambda a: a.count)
                # Short: the prompt above names the colour and the ship.
                label = _("Load {n}").format(n=most.count)
                out.append(TableButton(label, most, _("Load the most that fits (L)."), key=pygame.K_l))
            if Pass(ship.id) in legal and state.stage is not Stage.FLIP:
                out.append(
                    TableButton(
                        _("End the turn"), Pass(ship.id), _("This ship's turn ends (E)."), key=pygame.K_e
                    )
                )
        elif EndPhase() in legal:
            out.append(
                TableButton(
                    _("End the players' phase"), EndPhase(), _("The game takes its turn (E)."), key=pygame.K_e
                )
            )
        else:
            for ship in state.ships:
                if ship.owner == seat and not ship.acted and Pass(ship.id) in legal:
                    loads = [a for a in legal if isinstance(a, Load) and a.ship == ship.id]
                    if loads:
                        most = max(loads, key=lambda a: a.count)
                        out.append(
                            TableButton(self.choice_label(state, most) or "", most, _("Stay and load."))
                        )
                    words = ship_words(ship)
                    out.append(
                        TableButton(
                            _("Pass with {ship}").format(ship=words),
                            Pass(ship.id),
                            _("This ship does nothing this cycle."),
                            quiet=True,
                        )
                    )
        out.append(
            TableButton(_("Give up"), Concede(), _("The team concedes the game."), apart=True, quiet=True)
        )
        return out

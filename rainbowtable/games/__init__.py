"""The games, as menus list them: `CATALOGUE`, in menu order, with what a title screen shows of each.

Listing a game loads none of its rules, so the title screen can open before any game's code is imported;
the rules themselves are in `rainbowtable.games.registry` (`GAMES`, `game_by_id`), which a test keeps in
step with this list. Adding a game is one line here and one there.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Listing:
    """A game as the menus show it: its id, title and how many may play (the rules' own values)."""

    id: str
    title: str
    seat_counts: range


CATALOGUE: tuple[Listing, ...] = (Listing("dice_box", "Dice Box", range(2, 5)),)

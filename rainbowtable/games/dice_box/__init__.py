"""Dice Box (Jonathan A. Leistiko, 2000): coloured dice on a shared 5x5 grid; spec in dice_box.md.

Exports `RULES`, the game contract object; the model, rules, setup, diagram, codec and AI live beside it.
"""

from rainbowtable.games.dice_box.rules import DiceBoxRules

RULES = DiceBoxRules()

__all__ = ["RULES", "DiceBoxRules"]

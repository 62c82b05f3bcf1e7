"""Computer players for every game (issue 10).

- `search.py`: one anytime Monte Carlo tree search over the game contract (`search_action`,
  `search_with_why`, `SearchHooks`, `SearchTree`); games build their Medium and Hard levels on it.
- `budget.py`: deadlines, simulation counts and cancellation (`cancelling` for the worker thread).
- `hint.py`: the Hint button's answer, `hint(rules, state, seat, rng, budget_s) -> (action, why)`, and the
  registry of each game's hooks (`register_hooks`).
- `players.py`: `choose_action` asks a game's own computer player at a level.
"""

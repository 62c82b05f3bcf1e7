"""The table side of Rainbow Passage: for now the board builder's drawing and hit-testing (`builder_view`).
Holds no rules: legality and assembly live in `rainbowtable.games.rainbow_passage.board`."""

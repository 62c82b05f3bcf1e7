"""Rainbow Passage: the board builder engine for now (the game itself comes later)."""

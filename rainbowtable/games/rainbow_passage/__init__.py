"""Rainbow Passage: the board (components, frame, draft, board, assembly, board file) and the game."""

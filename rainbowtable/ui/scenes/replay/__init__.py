"""Look back at a game (issue 43): the replay screen, in parts."""

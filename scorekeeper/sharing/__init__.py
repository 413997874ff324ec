"""Getting other phones into a game: the join code, the viewer and scorer links."""

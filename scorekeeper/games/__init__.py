"""A game at the table: its page, its hands, its history, its live updates."""

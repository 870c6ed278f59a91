"""The statistics of play: every deal's result per game, kept in SQLite (``store``)."""

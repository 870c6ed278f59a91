"""The games of the cue: the table (``table``), the shot simulation on pymunk (``physics``), the
quantised strokes (``strokes``) and the games (``billiards``)."""

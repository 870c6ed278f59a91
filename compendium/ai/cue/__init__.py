"""The computer players of the games of the cue."""

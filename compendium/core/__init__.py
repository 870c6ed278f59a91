"""The Qt-free rules core: cards, the game protocol, sessions and records."""

"""Cribbage: the counting of hands (``scoring``) and the game itself (``engine``)."""

"""The computer's side of every game: players, hints and the patience solver's models.

``registry`` finds them by game id (``computer_player``, ``computer_levels``, ``hint``,
``solver_model``); ``base`` has the player protocol.  By family, as the games are:
``tricks/`` (the shared Monte Carlo player in ``tricks/base.py`` and each game's hooks),
``patience/``, ``board/``, ``chance/``, ``parlour/``; ``solver.py`` is the patience solver,
``worker.py`` the process the table thinks in, ``strength.py`` measures the levels.  Game modules
never import this package.
"""

"""``python -m compendium``: the same as the ``compendium`` command."""
import sys

from .cli import main

sys.exit(main())

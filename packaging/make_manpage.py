"""Write the manual page compendium(1) from the command line's own parser, so that the page and
``compendium --help`` cannot disagree.

    python packaging/make_manpage.py OUT.1 [--date YYYY-MM-DD]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compendium import __version__
from compendium.cli import build_parser


def roff(text: str) -> str:
    """Plain text made safe for roff: backslashes, hyphens that are options, leading dots."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def page(date: str) -> str:
    parser = build_parser()
    lines = [f'.TH COMPENDIUM 1 "{date}" "Compendium {__version__}" "Games"',
             ".SH NAME", "compendium \\- the games of the old books, their laws beside a table to play them on",
             ".SH SYNOPSIS", ".B compendium", "[\\fIOPTION\\fR]... [\\fIFILE\\fR]",
             ".SH DESCRIPTION", roff(parser.description or ""),
             "Started without options it opens the window and resumes the game in progress;",
             "\\fIFILE\\fR opens a saved game.",
             ".SH OPTIONS"]
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or not action.option_strings:
            continue
        names = ", ".join(f"\\fB{roff(o)}\\fR" for o in action.option_strings)
        if action.nargs != 0:
            metavar = action.metavar or action.dest.upper()
            shown = " ".join(metavar) if isinstance(metavar, tuple) else metavar
            names += f" \\fI{roff(shown)}\\fR"
        lines += [".TP", names, roff((action.help or "").replace("%(default)s", str(action.default)))]
    lines += [".SH ENVIRONMENT", ".TP", "\\fBCOMPENDIUM_DATA_DIR\\fR",
              "keep the settings, the autosave and the statistics in this folder instead of the",
              "user's standard folders.",
              ".TP", "\\fBQT_QPA_PLATFORM\\fR",
              "the Qt platform to draw on; \\fBoffscreen\\fR runs without a display.",
              ".SH FILES", ".TP", "\\fI~/.config/Compendium/Compendium.conf\\fR", "the settings.",
              ".TP", "\\fI~/.local/share/Compendium/Compendium/\\fR",
              "each game's autosave (\\fIautosaves/GAME.json\\fR) and the statistics",
              "(\\fIstats.sqlite\\fR).",
              ".SH EXIT STATUS",
              "0 on success (closing the window, or the signals TERM, INT and HUP, which close it as",
              "Quit does); 2 for a refused command line or file.",
              ".SH LICENCE", "GPL\\-3.0\\-or\\-later."]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("out")
    args.add_argument("--date", default="2026-01-01")
    ns = args.parse_args(argv)
    Path(ns.out).write_text(page(ns.date), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

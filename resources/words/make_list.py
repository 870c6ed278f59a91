"""Rebuild english-words.txt from Debian's ``scowl`` package (SCOWL 2020.12.07).

    apt-get install scowl && python resources/words/make_list.py

Ghost's word list is SCOWL's ordinary English words with British spellings, sizes 10 to 60 (a
"medium-large" list): no abbreviations, proper names, contractions or Roman numerals, which SCOWL
keeps in lists of their own.  Only words of three or more plain letters a–z are kept: a shorter
word never ends a round.  Each word is listed under the first size that holds it, so that the
computer players can be given vocabularies of different breadth (common words first).
"""
from __future__ import annotations

import re
from pathlib import Path

SCOWL = Path("/usr/share/dict/scowl")
SIZES = (10, 20, 35, 40, 50, 55, 60)
PLAIN = re.compile(r"[a-z]{3,}")
OUT = Path(__file__).with_name("english-words.txt")


def main() -> None:
    seen: set[str] = set()
    lines = ["# Ghost's word list: SCOWL 2020.12.07 (Kevin Atkinson), english and british words,",
             "# sizes 10-60, plain lower-case words of three or more letters.  Licence: see",
             "# SCOWL-COPYRIGHT beside this file.  '@N' starts the words first found at size N."]
    for size in SIZES:
        words: set[str] = set()
        for part in ("english", "british"):
            path = SCOWL / f"{part}-words.{size}"
            for raw in path.read_text(encoding="utf-8", errors="replace").split():
                if PLAIN.fullmatch(raw):
                    words.add(raw)
        fresh = sorted(words - seen)
        seen |= words
        lines.append(f"@{size}")
        lines.extend(fresh)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

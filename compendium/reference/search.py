"""Full-text search over every rules page and the glossary.

The index holds each section of each page (the text under one heading) as a bag of folded
words.  A query's words must all appear in a section (the last word may be a prefix, so results
come while typing); sections are ranked by how often and where the words occur — in the heading
counts most, then in the game's name — and each hit carries a snippet with the words marked.
Building the index takes a few tens of milliseconds and is done once, on the first search.
"""
from __future__ import annotations

import bisect
import html
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ..core.rules import headings

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_MARKUP = re.compile(r"\[([^\]]*)\]\([^)]*\)|[*_`>#|]|<!--.*?-->")


def fold(text: str) -> str:
    """Lower case without accents: "Écarté" and "ecarte" are the same word to a searcher."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def plain(markdown: str) -> str:
    """The readable text of a Markdown fragment (links keep their words, markup goes)."""
    return re.sub(r"\s+", " ", _MARKUP.sub(lambda m: m.group(1) or " ", markdown)).strip()


@dataclass(frozen=True, slots=True)
class Section:
    page: str              # a game id, or "glossary"
    title: str             # the page's title
    heading: str           # the section's heading ("" for the text before the first one)
    anchor: str
    text: str              # plain text
    folded: str            # the text folded for matching (see fold)
    counts: Counter[str]   # folded word -> occurrences
    heading_words: frozenset[str]
    title_words: frozenset[str]


@dataclass(frozen=True, slots=True)
class Hit:
    page: str
    title: str
    heading: str
    anchor: str
    score: float
    snippet_html: str      # escaped text with the query's words in <b>

    @property
    def link(self) -> str:
        target = "glossary:" if self.page == "glossary" else f"game:{self.page}#"
        return target + self.anchor if self.page != "glossary" else f"glossary:{self.anchor}"


def sections_of(page: str, title: str, markdown: str) -> list[Section]:
    """The page cut at its headings (any level), each piece indexed."""
    marks = headings(markdown)
    lines = markdown.split("\n")
    starts = [i for i, line in enumerate(lines) if re.match(r"^#{1,6}\s", line)]
    pieces: list[tuple[str, str, str]] = []
    if starts and starts[0] > 0:
        pieces.append(("", "", "\n".join(lines[:starts[0]])))
    elif not starts:
        pieces.append(("", "", markdown))
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        mark = marks[k] if k < len(marks) else None
        pieces.append((plain(mark.text) if mark else "", mark.anchor if mark else "",
                       "\n".join(lines[start + 1:end])))
    out = []
    title_words = frozenset(words(title))
    for heading, anchor, body in pieces:
        text = plain(body)
        if not text and not heading:
            continue
        folded = fold(text)
        out.append(Section(page, title, heading, anchor, text, folded, Counter(_WORD.findall(folded)),
                           frozenset(words(heading)), title_words))
    return out


class Index:
    def __init__(self, sections: list[Section]) -> None:
        self.sections = sections
        # word -> the sections holding it (in the text or the heading): only those are scored
        self.postings: dict[str, list[int]] = {}
        for i, s in enumerate(sections):
            for w in set(s.counts) | s.heading_words | s.title_words:
                self.postings.setdefault(w, []).append(i)
        self.vocabulary = sorted(self.postings)
        n = max(1, len(sections))
        self.idf = {w: math.log(1 + n / len(ids)) for w, ids in self.postings.items()}

    def _expand(self, word: str, prefix: bool) -> set[str]:
        if not prefix:
            return {word}
        i = bisect.bisect_left(self.vocabulary, word)
        found: set[str] = set()
        while i < len(self.vocabulary) and self.vocabulary[i].startswith(word) and len(found) < 60:
            found.add(self.vocabulary[i])
            i += 1
        return found or {word}

    def search(self, query: str, limit: int = 40) -> list[Hit]:
        terms = words(query)
        if not terms:
            return []
        # the last word may be unfinished (search as you type)
        groups = [self._expand(w, prefix=(k == len(terms) - 1 and len(w) >= 3)) for k, w in enumerate(terms)]
        candidates: set[int] | None = None
        for group in groups:
            found = {i for w in group for i in self.postings.get(w, ())}
            candidates = found if candidates is None else candidates & found
        scored: list[tuple[float, int]] = []
        for i in candidates or ():
            s = self.sections[i]
            score = 0.0
            for group in groups:
                score += max(self.idf.get(w, 0.0) * (math.log(1 + s.counts.get(w, 0))
                                                     + 3.0 * (w in s.heading_words)
                                                     + 2.0 * (w in s.title_words)) for w in group)
            scored.append((score, i))
        scored.sort(key=lambda t: (-t[0], self.sections[t[1]].title, self.sections[t[1]].heading))
        wanted = {w for g in groups for w in g}
        return [Hit(self.sections[i].page, self.sections[i].title, self.sections[i].heading,
                    self.sections[i].anchor, score,
                    snippet(self.sections[i].text, wanted, folded=self.sections[i].folded))
                for score, i in scored[:limit]]


def snippet(text: str, wanted: set[str], width: int = 220, folded: str | None = None) -> str:
    """About ``width`` characters of ``text`` around the first wanted word, escaped, with every
    wanted word in bold.  ``folded`` is ``fold(text)`` when the caller has it already."""
    low = folded if folded is not None else fold(text)
    if len(low) != len(text):     # a letter whose folding changed the length: mark nothing
        low = ""
    pattern = re.compile(r"(?<!\w)(" + "|".join(sorted(map(re.escape, wanted), key=len, reverse=True))
                         + r")(?!\w)") if wanted else None
    first = pattern.search(low) if pattern and low else None
    start = max(0, first.start() - width // 3) if first else 0
    if start > 0:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 30 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start + width // 2 else end
    out = []
    pos = start
    if pattern and low:
        for m in pattern.finditer(low, start, end):
            out.append(html.escape(text[pos:m.start()]))
            out.append("<b>" + html.escape(text[m.start():m.end()]) + "</b>")
            pos = m.end()
    out.append(html.escape(text[pos:end]))
    return ("… " if start > 0 else "") + "".join(out) + (" …" if end < len(text) else "")


@lru_cache(maxsize=1)
def shipped_index() -> Index:
    """The index of every page shipped with the application, and the glossary."""
    from ..games import registry
    from .glossary import glossary_markdown
    sections: list[Section] = []
    for info in registry.all_games():
        markdown = registry.rules_markdown(info.id)
        if markdown is not None:
            sections.extend(sections_of(info.id, info.name, markdown))
    glossary = glossary_markdown()
    if glossary is not None:
        sections.extend(sections_of("glossary", "Glossary", glossary))
    return Index(sections)


def search(query: str, limit: int = 40) -> list[Hit]:
    return shipped_index().search(query, limit)

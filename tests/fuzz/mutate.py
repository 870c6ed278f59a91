"""Mutation of valid samples, as a careless or hostile user (or a damaged disk) would mutate them.

Deterministic: every input comes from ``random.Random(seed)``, so a failure found once is found
again.  The hostile tokens are the ones that broke readers before (issue 25): numbers too long
for ``int()``, a lone ``}`` or ``)``, two-letter seats, ``nan`` and ``1e999``, deep nesting.
"""
from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

# Text a user pastes by mistake, or that damage makes: each is tried inside valid samples.
HOSTILE: tuple[str, ...] = (
    "}", "{", ")", "(", "]", "[", '"', "'", ":", ";", ",", ".", "-", "x", "/", "\\", "#", "*",
    "\n", "\r\n", "\t", " ", "", "\0", "\x7f", "\ufeff", "\u200b", "\ud800", "é", "☃", "🃏",
    "♠", "♥", "♦", "♣", "♤", "10", "1", "0", "00", "-1", "99", "4294967296", "9" * 5000,
    "1" * 4301, "nan", "NaN", "inf", "-inf", "1e999", "-0", "1.5", "true", "null", "[]", "{}",
    "[" * 200, "{" * 200, "(" * 200, "x" * 300, "NE", "Joker", "joker", "JK", "K", "A", "S", "W",
    "B", "play:", "trick 1:", "calls:", "dealer:", "turn-up:", "game:", "FEN", "[FEN \"", "}{",
    "1-0", "0-1", "1/2-1/2", "e4", "O-O", "h2)c3", "=Q", "+", "!", "?", "$1", "%", "@", "\x1b[2J",
)
ALPHABET = "".join(sorted(set("".join(HOSTILE[:60])))) + "abcdefghijklmnopqrstuvwxyz0123456789 "


def mutate_text(sample: str, rng: random.Random, extra: Sequence[str] = ()) -> str:
    """``sample`` changed by one to four edits: a character replaced, a hostile token inserted,
    a slice deleted, doubled or moved, the text cut short, a line doubled or dropped."""
    text = sample
    tokens = tuple(HOSTILE) + tuple(extra)
    for _ in range(rng.randint(1, 4)):
        n = len(text)
        op = rng.randrange(9)
        i = rng.randint(0, n)
        j = min(n, i + rng.randint(1, 12))
        if op == 0 and n:
            text = text[:i] + rng.choice(ALPHABET) + text[i + 1:]
        elif op in (1, 2):
            text = text[:i] + rng.choice(tokens) + text[i:]
        elif op == 3:
            text = text[:i] + text[j:]
        elif op == 4:
            text = text[:j] + text[i:j] + text[j:]
        elif op == 5:
            text = text[:i]
        elif op == 6:
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines.insert(k, lines[k])
            else:
                del lines[k]
            text = "\n".join(lines)
        elif op == 7 and n:
            piece = text[i:j]
            rest = text[:i] + text[j:]
            k = rng.randint(0, len(rest))
            text = rest[:k] + piece + rest[k:]
        else:
            text = text[:i] + text[i:j].swapcase() + text[j:]
    return text


def mutate_bytes(sample: bytes, rng: random.Random) -> bytes:
    """``sample`` with one to eight bytes changed (some to 0x00 or 0xff, some at random), or
    cut short, or with a run of bytes copied over another place: what a damaged disk does."""
    data = bytearray(sample)
    for _ in range(rng.randint(1, 8)):
        op = rng.randrange(5)
        k = rng.randrange(len(data)) if data else 0
        if not data:
            break
        if op == 0:
            data[k] = rng.randrange(256)
        elif op == 1:
            data[k] = rng.choice((0x00, 0xFF, 0x80, 0x7F))
        elif op == 2 and rng.random() < 0.2:
            del data[rng.randrange(len(data)):]
        elif op == 3:
            span = rng.randint(1, 64)
            src = rng.randrange(len(data))
            data[k:k + span] = data[src:src + span]
        else:
            data[k] ^= 1 << rng.randrange(8)
    return bytes(data)


def text_inputs(samples: Sequence[str], count: int, seed: int, extra: Sequence[str] = ()) -> Iterator[str]:
    """``count`` inputs: the samples themselves first, then mutations of them."""
    rng = random.Random(seed)
    yield from samples[:count]
    for _ in range(count - min(count, len(samples))):
        yield mutate_text(rng.choice(samples), rng, extra)

"""The one check of every text that comes in: no control characters, no lone surrogates.

Names, emails, notes, places, game ids, the text of an import file, form fields and JSON
alike go through `printable` (or ask `unprintable`) before they are kept or looked up.
A control character (NUL, bell, escape, a line break in a one-line field …) has no place
in any of them, PostgreSQL refuses a NUL with an error, and a lone surrogate (half of a
UTF-16 pair, which JSON's `\\ud800` can carry) cannot be written as UTF-8 by any database:
refused at the door, such text never reaches a query.
"""

from __future__ import annotations

import re

from .errors import Invalid

LINE_BREAKS = "\t\n\r"
"""What a several-line text (a game's notes) may hold besides printable characters."""
REFUSED = "\x00-\x1f\x7f-\x9f\ud800-\udfff"
"""Unicode's control characters (category Cc) and surrogates (Cs), as a regular
expression's character ranges (the app's addresses refuse them too)."""
_REFUSED = re.compile(f"[{REFUSED}]")
_REFUSED_IN_LINES = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""The same, but tabs and line breaks."""


def unprintable(text: str, lines: bool = False) -> bool:
    """Whether `text` holds a control character or a lone surrogate (`lines`: tabs and
    line breaks are allowed).

    >>> unprintable("Ann"), unprintable("A\\x00"), unprintable("a\\ud800"), unprintable("a\\nb")
    (False, True, True, True)
    >>> unprintable("two\\nlines", lines=True)
    False
    """
    return (_REFUSED_IN_LINES if lines else _REFUSED).search(text) is not None


def printable(text: str, sentence: str, field: str | None = None, lines: bool = False) -> str:
    """`text` itself, or `Invalid` with `sentence` (the field's own words) when it is
    `unprintable`."""
    if unprintable(text, lines):
        raise Invalid(sentence, field=field)
    return text


def unprintable_in(data: object, lines: bool = True) -> bool:
    """Whether any text in `data` (JSON: texts, lists, objects and their keys) is
    `unprintable` (`lines`: tabs and line breaks allowed, as in a game's notes).

    >>> unprintable_in({"games": [{"notes": "a\\nb"}]}), unprintable_in({"k\\x00": 1})
    (False, True)
    """
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if unprintable(item, lines):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return False

"""Every limit of the game and of the app's rule options, stated once.

The rules' own numbers (grid shape, card values, seats, the bounds of a raw round score)
and the caps every front door puts on rule options (the engine itself takes any whole
number): the score pad, the digital table, the forms, the API and the importer all read
them from here.

>>> ROWS * COLUMNS == CELLS, (MIN_CARD, MAX_CARD), (MIN_PLAYERS, MAX_PLAYERS)
(True, (-2, 12), (2, 12))
"""

from __future__ import annotations

ROWS = 3
"""Rows in a grid."""
COLUMNS = 4
"""Columns in a grid."""
CELLS = ROWS * COLUMNS
"""Cards in a grid."""
MIN_CARD = -2
"""The lowest card value."""
MAX_CARD = 12
"""The highest card value."""
MIN_PLAYERS = 2
"""A game has at least this many players."""
OFFICIAL_MAX_PLAYERS = 8
"""The official rules seat at most this many players (the default `max_players`)."""
MAX_PLAYERS = 12
"""One deck serves at most this many players (the extended `max_players: 12`)."""
RAW_MIN = -17
"""Under the official rules a raw round score is at least this."""
RAW_MAX = 140
"""... and at most this."""
TARGET_MAX = 10_000
"""The highest `target` a game takes."""
MULTIPLIER_MAX = 100
"""The highest `multiplier` a game takes."""
STALL_MAX = 10_000
"""The highest `stall_turns` a digital table takes."""
ROUND_TURNS_MAX = 1_000
"""Every round ends after this many turns, with no closer (as `stall_turns` ends one),
whatever the rules say: swapping cards through the discard pile could otherwise go on
for ever. Real rounds take a few dozen turns; bots' longest, a few hundred."""
PAD_ROUNDS_MAX = 1_000
"""A score pad's game holds at most this many rounds (a history file's game too)."""
ROUNDS_MAX = 200
"""The game ends after this round even if no total has reached the target (the lowest
total wins): a game at the highest target, or one whose scores stay at 0, ends too."""
ROUND_MOVES_MAX = MAX_PLAYERS * CELLS + 3 * ROUND_TURNS_MAX + 1
"""The most moves one round can take: every opening reveal, three moves a turn (draw,
discard, flip), and the deal that starts it."""
RECORD_MOVES_MAX = ROUNDS_MAX * ROUND_MOVES_MAX
"""No legal game has more moves than this (629,000): a longer record is refused
before a move of it is played."""
SECRET_SEED_BITS = 128
"""A secret deal's seed is 2**128 plus this many random bits: too many to search for from
the cards anyone sees."""
SEED_MAX = 2 ** (SECRET_SEED_BITS + 1) - 1
"""Deal numbers a person may type go from 0 to this (so a finished secret deal's number
can be typed in again)."""

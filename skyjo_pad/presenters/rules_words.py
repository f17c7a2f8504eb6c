"""A digital table's rule options besides the pad's, in words: what a game's page says of
the rules it was played by where they are not the official ones."""

from __future__ import annotations

from ..engine import Rules
from ..i18n import gettext as _
from ..i18n import ngettext

OFFICIAL = Rules()


def table_rule_words(rules: Rules) -> list[str]:
    """Each of the table's options that is not the official rule, as a short phrase (the
    pad's four, the target, the multiplier and the two doubling rules, are said apart)."""
    words: list[str] = []
    if rules.first_tiebreak == "seat":
        words.append(_("round 1 ties: the lower seat starts"))
    elif rules.first_tiebreak == "random":
        words.append(_("round 1 ties: drawn by lot"))
    if rules.next_starter == "round_winner":
        words.append(_("later rounds: who scored lowest starts"))
    elif rules.next_starter == "highest_reveal":
        words.append(_("every round: the highest two cards start"))
    if rules.reveal_count != OFFICIAL.reveal_count:
        words.append(
            ngettext(
                "%(num)s card turned up to begin",
                "%(num)s cards turned up to begin",
                rules.reveal_count,
            )
        )
    if rules.row_clear:
        words.append(_("four equal cards in a row are removed too"))
    if rules.stall_turns is not None:
        words.append(
            ngettext(
                "a round ends after %(num)s turn",
                "a round ends after %(num)s turns",
                rules.stall_turns,
            )
        )
    return words

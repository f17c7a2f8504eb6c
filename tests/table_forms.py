"""The new-table form as its page posts it, for the tests that start tables through it."""

from __future__ import annotations

OFFICIAL_RULES = {
    "target": "100",
    "multiplier": "2",
    "tie_doubles": "y",
    "double_only_positive": "y",
    "first_tiebreak": "highest_card",
    "next_starter": "closer",
    "reveal_count": "2",
    "stall_turns": "",
    "seed": "",
}
"""The rule fields as the form first shows them: the official rules, a random deal."""


def table_form(*seats: tuple[str, str], **fields: str) -> dict[str, str]:
    """The form's fields: `seats` as (name, kind) pairs, kind "person", "easy", "medium" or
    "hard"; the official rules; then `fields` over them (target="30", start="1"…)."""
    form: dict[str, str] = {}
    for index, (name, kind) in enumerate(seats):
        form[f"seat-{index}-name"] = name
        form[f"seat-{index}-kind"] = kind
    return {**form, **OFFICIAL_RULES, **fields}

"""Reading a request body into its model, and a refusal a person understands.

A model (pydantic, strict: JSON's true is not 1, 2.0 is not 2) says the shape of a body
once; the OpenAPI document is generated from it. A body that does not fit is refused
with one sentence, chosen from the first validation error: its type says what is wrong
(wrong type, missing, unknown field: `Malformed`, 400; a number or a count out of range:
`Invalid`, 422), its location whom it is about, in the words the model gives its fields
(`Words`). Every sentence is a message id, translated for the reader where it is shown.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ...services.errors import N_, Invalid, Malformed, Sentence, ServiceError

BOUNDS = frozenset({"greater_than_equal", "less_than_equal"})
"""Validation errors of a number beyond its bounds: 422, not 400."""
COUNTS = frozenset({"too_short", "too_long", "string_too_short", "string_too_long"})
"""Validation errors of a list or text of the wrong length: 422, unless the field's
`Words` say a wrong length is a wrong shape (a grid)."""

TYPE_SENTENCES = {
    "int_type": N_("%(label)s is %(value)s, not a whole number."),
    "string_type": N_("%(label)s is %(value)s, not text."),
    "bool_type": N_("%(label)s must be true or false."),
    "list_type": N_("%(label)s must be a list."),
    "model_type": N_('%(label)s must be an object, like {"key": value}.'),
    "dict_type": N_('%(label)s must be an object, like {"key": value}.'),
    "string_pattern_mismatch": N_("%(label)s is %(value)s: it does not have the right form."),
    "literal_error": N_("%(label)s is %(value)s: it must be one of %(expected)s."),
}
"""The sentence of each kind of malformed value (`label`: whose value)."""
DECIMAL_POINT = N_("%(label)s is %(value)s: write whole numbers without a decimal point.")
TOO_LOW = N_("%(label)s is %(value)s, too small: it must be at least %(min)s.")
TOO_HIGH = N_("%(label)s is %(value)s, too large: it must be at most %(max)s.")
TOO_FEW = N_("%(label)s has too few items: give at least %(min)s.")
TOO_MANY = N_("%(label)s has too many items: give at most %(max)s.")
TOO_SHORT = N_("%(label)s is too short: at least %(min)s characters.")
TOO_LONG = N_("%(label)s is too long: at most %(max)s characters.")
UNREADABLE = N_("%(label)s cannot be read.")
UNKNOWN_FIELD = N_("Unknown field %(name)s in %(what)s; the fields are %(fields)s.")
NO_FIELDS = N_("Unknown field %(name)s in %(what)s.")
UNKNOWN_FIELD_IN_ITEM = N_("Unknown field %(name)s. %(shape)s")
MISSING_FIELD = N_("Give %(name)s in %(what)s.")
THE_BODY = N_("The request body")

M = TypeVar("M", bound="Body")


@dataclass(frozen=True, slots=True)
class Words:
    """How refusals speak of one field of a body (message ids; `%(seat)s` is the index
    of an item in a list).

    `label`: the field's value (or an item's, when the field is a list), as a sentence's
    subject; `shape`: said instead of any type error about the field itself; `item`:
    said instead of any error about an item of it at any depth, or any wrong length in it
    (a grid's), but a number out of bounds; `missing`: said when it is left out; `count`:
    said when the list has too few or too many items (`%(count)s` of them).
    """

    label: str
    shape: str | None = None
    missing: str | None = None
    item: str | None = None
    count: str | None = None
    data: Mapping[str, int | str] = field(default_factory=dict)
    """Numbers the sentences name (`%(min)s`...; one too long to group in thousands is
    given written out, a deal number's largest)."""
    against_rules: bool = False
    """Any value of the wrong type or form here is against the rules (422, `shape`), not
    malformed: what the services said before the model did (a deal number)."""

    def out_of_range(self, kind: str, loc: tuple[Any, ...]) -> bool:
        """Whether the error `kind` at `loc` is a value out of range (422), not a shape."""
        return kind in BOUNDS or (kind in COUNTS and not self.item)

    def sentence(self, loc: tuple[Any, ...]) -> str | None:
        """What to say of a malformed value at `loc` instead of the generic sentence."""
        if len(loc) == 1:
            return self.shape
        return self.item


class Body(BaseModel):
    """A request body: strict types, no unknown fields, and the words of its refusals."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    WHAT: ClassVar[str] = N_("the request")
    """What the body is, in the middle of a sentence ("Unknown field … in a round")."""
    WORDS: ClassVar[dict[str, Words]] = {}
    """The words of each field's refusals; a field without them is named as it is."""

    @classmethod
    def read(cls: type[M], data: object) -> M:
        """The body `data` (parsed JSON) as this model, or the refusal of its first fault
        (a malformed value before an out-of-range one)."""
        try:
            return cls.model_validate(data)
        except ValidationError as error:
            faults = error.errors(include_url=False)
            faults.sort(key=cls._in_range)
            raise cls.refusal(dict(faults[0])) from error

    @classmethod
    def _in_range(cls, fault: Any) -> bool:
        """Whether a validation error is about a value's range (those come last)."""
        loc = tuple(fault["loc"])
        words = cls.WORDS.get(str(loc[0]), Words("")) if loc else Words("")
        return words.out_of_range(fault["type"], loc)

    @classmethod
    def refusal(cls, fault: dict[str, Any]) -> ServiceError:
        """The refusal of one validation error (`ValidationError.errors()` item)."""
        kind, loc, value = fault["type"], tuple(fault["loc"]), fault.get("input")
        what = Sentence(cls.WHAT)
        words = cls.WORDS.get(str(loc[0])) if loc else None
        if kind == "extra_forbidden":
            if len(loc) > 1 and words and words.item:  # inside an item: what an item is
                return Malformed(
                    UNKNOWN_FIELD_IN_ITEM, name=show(loc[-1]), shape=Sentence(words.item)
                )
            if not cls.model_fields:
                return Malformed(NO_FIELDS, name=show(loc[-1]), what=what)
            fields = ", ".join(cls.model_fields)
            return Malformed(UNKNOWN_FIELD, name=show(loc[-1]), what=what, fields=fields)
        if words and words.count and kind in ("too_short", "too_long") and len(loc) == 1:
            counted = {**words.data, "count": len(value) if isinstance(value, list) else 0}
            return Invalid(Sentence(words.count, counted), str(loc[0]))
        if kind == "missing" and len(loc) == 1:
            if words and words.missing:
                return Malformed(words.missing)
            return Malformed(MISSING_FIELD, name=str(loc[0]), what=what)
        if words and words.against_rules and words.shape:
            return Invalid(Sentence(words.shape, dict(words.data)), str(loc[0]))
        label = cls.label(loc, words)
        if (words or Words("")).out_of_range(kind, loc):
            ctx = fault.get("ctx") or {}
            return _out_of_range(kind, label, ctx, str(loc[0]), show(value))
        if words and (special := words.sentence(loc)):
            seat = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else 0
            return Malformed(Sentence(special, {"seat": seat, **words.data}))
        if kind == "int_type" and isinstance(value, float) and value.is_integer():
            return Malformed(DECIMAL_POINT, label=label, value=show(value))
        sentence = TYPE_SENTENCES.get(kind, UNREADABLE)
        expected = str((fault.get("ctx") or {}).get("expected", ""))
        return Malformed(sentence, label=label, value=show(value), expected=expected)

    @classmethod
    def label(cls, loc: tuple[Any, ...], words: Words | None) -> Sentence:
        """Whose value is refused, as the subject of a sentence."""
        if not loc:
            return Sentence(THE_BODY)
        if words is None:
            return Sentence(N_("The field %(name)s"), {"name": ".".join(map(str, loc))})
        numbers = [part for part in loc[1:] if isinstance(part, int)]
        if not numbers and len(loc) > 1:
            return Sentence(words.label, {"name": str(loc[1]), "seat": 0})
        return Sentence(words.label, {"seat": numbers[0] if numbers else 0, "name": str(loc[0])})


def _out_of_range(
    kind: str, label: Sentence, ctx: dict[str, Any], field: str, value: str
) -> Invalid:
    """The 422 refusal of a number or a count beyond its limits."""
    if kind == "greater_than_equal":
        return Invalid(TOO_LOW, field, label=label, value=value, min=int(ctx.get("ge", 0)))
    if kind == "less_than_equal":
        return Invalid(TOO_HIGH, field, label=label, value=value, max=int(ctx.get("le", 0)))
    if kind == "string_too_short":
        return Invalid(TOO_SHORT, field, label=label, min=int(ctx.get("min_length", 0)))
    if kind == "string_too_long":
        return Invalid(TOO_LONG, field, label=label, max=int(ctx.get("max_length", 0)))
    if kind == "too_short":
        return Invalid(TOO_FEW, field, label=label, min=int(ctx.get("min_length", 0)))
    return Invalid(TOO_MANY, field, label=label, max=int(ctx.get("max_length", 0)))


def not_null(schema: dict[str, Any]) -> None:
    """Document an optional field as its type only: it may be left out, not sent as null
    (the model takes None for "left out", and refuses a null itself)."""
    branches = [branch for branch in schema.pop("anyOf", []) if branch != {"type": "null"}]
    if len(branches) == 1:
        schema.update(branches[0])
    elif branches:
        schema["anyOf"] = branches
    schema.pop("default", None)


def show(value: object, width: int = 24) -> str:
    """A short JSON rendering of a value for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError):
        text = "that value"
    return text if len(text) <= width else text[: width - 1] + "…"

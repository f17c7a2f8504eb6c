"""Werkzeug's URL builders, compiled once per test process instead of once per app.

Every test makes an app of its own, and most of `create_app`'s time (about 25 ms of
CPU, some 95 %) is Werkzeug compiling a Python function for each URL rule (two per rule:
`Rule._compile_builder` writes an AST and compiles it). That function is the same for
every app: it depends on the rule's text, its parsed parts, its defaults and whether it
appends unknown arguments, never on the app (it reaches the rule's converters through
its `self` argument). So the tests keep each compiled builder and hand it to the next
app's rule that asks for the same one; the running app is not changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing import Rule

Builder = Callable[..., tuple[str, str]]

_compiled: dict[tuple[Any, ...], Builder] = {}


def _key(rule: Rule, append_unknown: bool) -> tuple[Any, ...]:
    """Everything a compiled builder depends on (`Rule._compile_builder` reads no more)."""
    defaults = rule.defaults or {}
    converters = getattr(rule, "_converters", {})
    return (
        type(rule),
        rule.rule,
        tuple(getattr(rule, "_trace", ())),
        repr(sorted((str(k), repr(v)) for k, v in defaults.items())),
        tuple(sorted((name, type(c).__qualname__) for name, c in converters.items())),
        append_unknown,
    )


def install() -> None:
    """Wrap `Rule._compile_builder` with the cache (once; a no-op if Werkzeug lacks it)."""
    original = getattr(Rule, "_compile_builder", None)
    if original is None or getattr(original, "cached_by_tests", False):
        return

    def compile_builder(self: Rule, append_unknown: bool = True) -> Builder:
        key = _key(self, append_unknown)
        builder = _compiled.get(key)
        if builder is None:
            builder = _compiled[key] = original(self, append_unknown)
        return builder

    compile_builder.cached_by_tests = True  # type: ignore[attr-defined]
    Rule._compile_builder = compile_builder  # type: ignore[method-assign]

"""Werkzeug's URL rules, parsed and compiled once per test process instead of once per app.

Every test makes an app of its own, and most of `create_app`'s time (about 25 ms of
CPU, some 95 %) was Werkzeug compiling a Python function for each URL rule (two per rule:
`Rule._compile_builder` writes an AST and compiles it), and then (about 5 ms) parsing
each rule's text into its parts (`Rule.compile`). Both are the same for every app: they
depend on the rule's text, its defaults, the map's settings and its converters' classes,
never on the app (a builder reaches the rule's converters through its `self` argument; a
converter keeps its map but no converter reads it). So the tests keep each compiled
builder and each rule's parts and hand them to the next app's rule that asks for the same;
the running app is not changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing import Rule

Builder = Callable[..., tuple[str, str]]

_compiled: dict[tuple[Any, ...], Builder] = {}
_parsed: dict[tuple[Any, ...], tuple[list[Any], list[Any], dict[str, Any], set[str]]] = {}


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


def _rule_key(rule: Rule) -> tuple[Any, ...]:
    """Everything `Rule.compile` reads: the rule, its map's settings and converters."""
    rule_map = rule.map
    assert rule_map is not None
    return (
        type(rule),
        rule.rule,
        rule.host if rule_map.host_matching else rule.subdomain,
        rule_map.host_matching,
        rule.merge_slashes,
        tuple(sorted(rule_map.converters.items())),
    )


def install() -> None:
    """Wrap `Rule.compile` and `Rule._compile_builder` with the caches (once; a no-op if
    Werkzeug lacks them)."""
    original = getattr(Rule, "_compile_builder", None)
    parse = getattr(Rule, "compile", None)
    if original is None or parse is None or getattr(original, "cached_by_tests", False):
        return

    def compile_rule(self: Rule) -> None:
        key = _rule_key(self)
        known = _parsed.get(key)
        if known is None:
            arguments = set(self.arguments)
            parse(self)
            _parsed[key] = (self._parts, self._trace, self._converters, self.arguments - arguments)
            return
        parts, trace, converters, arguments = known
        self._parts, self._trace, self._converters = list(parts), list(trace), dict(converters)
        self.arguments.update(arguments)
        self._build = self._compile_builder(False).__get__(self, None)
        self._build_unknown = self._compile_builder(True).__get__(self, None)

    def compile_builder(self: Rule, append_unknown: bool = True) -> Builder:
        key = _key(self, append_unknown)
        builder = _compiled.get(key)
        if builder is None:
            builder = _compiled[key] = original(self, append_unknown)
        return builder

    compile_builder.cached_by_tests = True  # type: ignore[attr-defined]
    Rule._compile_builder = compile_builder  # type: ignore[method-assign]
    Rule.compile = compile_rule  # type: ignore[method-assign]

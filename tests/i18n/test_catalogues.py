"""Issue 14: every message of the code is in every catalogue, translated, and compiled.

Fails on a message the code has and a catalogue lacks (run `make messages`), on an empty
or fuzzy translation, on a placeholder a translation gets wrong, and on a compiled .mo
that is older than its .po (run `make translations`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "skyjo_pad" / "translations"
LANGUAGES = ("sv", "de", "fr")
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "_l": None,
    "lazy_gettext": None,
    "N_": None,
    "Nn_": (1, 2),
    # a service error's sentence is extracted where it is raised (Malformed is the API's)
    **dict.fromkeys(
        ("ServiceError", "Forbidden", "NotFound", "Conflict", "Invalid", "Unauthorized")
    ),
}
"""As the Makefile's `messages` extracts them."""


def catalogue(language: str) -> Catalog:
    with open(CATALOGUES / language / "LC_MESSAGES" / "messages.po", "rb") as source:
        return read_po(source, locale=language)


def code_messages() -> set[str]:
    """Every message id the code and the templates use, as `make messages` extracts them."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: set[str] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords={**KEYWORDS}
    ):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def ids(cat: Catalog) -> set[str]:
    return {m.id[0] if isinstance(m.id, tuple) else m.id for m in cat if m.id}


def test_the_code_has_hundreds_of_messages() -> None:
    assert len(code_messages()) > 300


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_the_code_is_in_the_catalogue(language: str) -> None:
    missing = code_messages() - ids(catalogue(language))
    assert not missing, f"{language}: run `make messages` and translate: {sorted(missing)[:10]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language: str) -> None:
    cat = catalogue(language)
    assert cat.plural_forms, "the catalogue says how its plurals are formed"
    untranslated = [
        m.id
        for m in cat
        if m.id and not (all(m.string) if isinstance(m.string, tuple) else m.string)
    ]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert not untranslated, f"{language}: untranslated: {untranslated[:10]}"
    assert not fuzzy, f"{language}: fuzzy: {fuzzy[:10]}"
    assert not cat.fuzzy, f"{language}: the catalogue's header is marked fuzzy"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_message_has_each_of_the_languages_forms(language: str) -> None:
    """A message with a plural ("%(names)s won" / "… shared the win") is translated in every
    form the language has: one form alone breaks the page that shows it."""
    cat = catalogue(language)
    wrong = [
        m.id
        for m in cat
        if m.id
        and m.pluralizable
        and not (isinstance(m.string, tuple) and len(m.string) == cat.num_plurals)
    ]
    assert not wrong, f"{language}: plural forms missing: {wrong[:5]}"
    for m in cat:
        if m.id and m.python_format:
            ids = m.id if m.pluralizable else (m.id,)  # ngettext gives both forms' names
            names = [name for text in ids for name in re.findall(r"%\((\w+)\)", text)]
            for form in m.string if isinstance(m.string, tuple) else (m.string,):
                form % dict.fromkeys(names, 1)  # a broken form raises here (ValueError)


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    """Babel's own checks: python-format placeholders a translation must not invent."""
    problems = [
        (m.id, [str(e) for e in errors]) for m, errors in catalogue(language).check() if errors
    ]
    assert not problems, f"{language}: {problems[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_is_up_to_date(language: str) -> None:
    mo_path = CATALOGUES / language / "LC_MESSAGES" / "messages.mo"
    assert mo_path.exists(), "run `make translations` (make run and make test do)"
    with open(mo_path, "rb") as compiled:
        mo = read_mo(compiled)
    shown = {_key(m.id): _key(m.string) for m in mo if m.id}
    for message in catalogue(language):
        if message.id:
            assert shown.get(_key(message.id)) == _key(message.string), (
                f"{language}: {message.id!r} differs: run `make translations`"
            )


def _key(text: str | tuple[str, ...] | list[str]) -> str | tuple[str, ...]:
    return text if isinstance(text, str) else tuple(text)

"""The app's languages: which one a request reads (cookie, a link's `lang`, then the browser),
the switch.

English is written in the code and the templates; Swedish, German and French come from the
gettext catalogues in `skyjo_pad/translations/` (see docs/translations.md for the
workflow). A reader's choice is kept in the `lang` cookie; without one the browser's
Accept-Language decides.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar, cast

from babel import Locale
from babel.lists import format_list
from flask import Blueprint, Flask, has_request_context, redirect, request
from flask_babel import (
    Babel,
    LazyString,
    format_date,
    format_datetime,
    format_number,
    format_percent,
    get_locale,
    get_translations,
)
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from werkzeug.wrappers import Response

from .addresses import safe_target
from .catalogues import compiled_directory
from .services.errors import N_ as N_  # marks a constant, translated where it is shown
from .services.stats import half_up

LANGUAGES = {"en": "English", "sv": "Svenska", "de": "Deutsch", "fr": "Français"}
"""Each language's code and its name in itself, as the switch shows it."""
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600
"""A year and more: the most browsers keep a cookie."""

babel = Babel()
bp = Blueprint("language", __name__)
_LOCALES = {code: Locale.parse(code) for code in LANGUAGES}
"""Each language's Babel locale, made once: Flask-Babel takes a locale as it is, where it
parses a code again on every request (a file check per request)."""


def choose_locale() -> str:
    """The reader's language: the `lang` cookie if it names one of ours, else a `lang`
    query parameter (an invitation's link: `remember_link_language` keeps it), else the
    browser's.

    Outside a request (a command, a test calling the presenters) the words are English.
    """
    if not has_request_context():
        return DEFAULT
    chosen = request.cookies.get(COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    asked = _link_language()
    if asked is not None:
        return asked
    return _browser_language()


def _browser_language() -> str:
    """The first of the browser's languages (Accept-Language, most wanted first) that is
    one of ours, a regional one read as its language: "de-CH, en;q=0.8" is German, and
    "en-US, de;q=0.9" English (an exact match further down never comes first)."""
    for tag, quality in request.accept_languages:
        language = tag.replace("_", "-").split("-")[0].lower()
        if quality > 0 and language in LANGUAGES:
            return language
    return DEFAULT


def chosen_locale() -> Locale:
    """The Babel locale of the reader's language (`choose_locale`): Flask-Babel's selector."""
    return _LOCALES[choose_locale()]


def _link_language() -> str | None:
    """The language a link asks for (`?lang=fr`) when it is one of ours."""
    asked = request.args.get(COOKIE, "")
    return asked if asked in LANGUAGES else None


def remember_link_language(response: Response) -> Response:
    """A link that asks for a language sets the cookie, once, for a reader without one:
    the invitee's next pages stay in the language of their invitation."""
    asked = _link_language()
    if COOKIE not in request.cookies and asked is not None:
        response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


def current() -> str:
    """The language of the request being answered ("en" outside one)."""
    locale = get_locale()
    return locale.language if locale is not None else DEFAULT


def gettext(message: str, **variables: Any) -> str:
    """A message in the reader's language, its `%(name)s` placeholders filled (typed)."""
    return filled(str(get_translations().ugettext(message)), variables)


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """A message whose words follow a number (`%(num)s`), in the reader's language."""
    words = str(get_translations().ungettext(singular, plural, num))
    return filled(words, {"num": num, **variables})


FRENCH_ELISION = re.compile(r"(?<![\w’'-])(de|que) %\((\w+)\)s")
"""French "de" or "que" right before a name filled in ("de %(name)s")."""
VOWELS = frozenset("aeiouæœø")
"""The letters a name elides a French "de" before, accents aside (Å, Ö, Á, É… too)."""
S = TypeVar("S", bound=str)


def filled(words: S, values: Mapping[str, Any]) -> S:
    """A translated message with its placeholders filled by `values`, French elision
    made where a value asks for it ("de %(name)s" with Alice: "d’Alice"), the value itself
    never changed ("Ana de Oliveira" stays). Markup stays Markup, its values escaped.

    >>> filled("Les parties de %(a)s, de %(b)s", {"a": "Ana de Oliveira", "b": "Bob"})
    'Les parties de Ana de Oliveira, de Bob'
    """
    if current() == "fr":
        words = type(words)(FRENCH_ELISION.sub(lambda m: _elide(m, values), words))
    return cast(S, words % values) if values else words  # Markup % escapes the values


def _elide(match: re.Match[str], values: Mapping[str, Any]) -> str:
    value = values.get(match.group(2))
    if isinstance(value, str) and unicodedata.normalize("NFD", value[:1])[:1].casefold() in VOWELS:
        return f"{match.group(1)[:-1]}’%({match.group(2)})s"
    return match.group(0)


def _eliding(translate: Callable[..., str]) -> Callable[..., str]:
    """A template's gettext (or ngettext) that fills its message as `filled` does."""

    @pass_context
    def said(context: Context, *args: Any, **variables: Any) -> str:
        words = str(context.call(translate, *args))
        if isinstance(args[-1], int) and len(args) == 3:  # ngettext: the count is `num`
            variables.setdefault("num", args[-1])
        if context.eval_ctx.autoescape:
            words = Markup(words)
        return filled(words, variables)

    return said


def join_names(names: Sequence[str]) -> str:
    """Names as a list in the reader's language: "Ann and Bob", "Ann, Bob och Cy"."""
    return format_list(list(names), locale=get_locale() or DEFAULT)


def join_seats(players: Sequence[str], seats: Sequence[int]) -> str:
    """The players in these seats, as a list in the reader's language."""
    return join_names([players[seat] for seat in seats])


def install(app: Flask) -> None:
    """Bind Flask-Babel (catalogues compiled from skyjo_pad/translations when missing or
    stale, `catalogues`) and the language switch."""
    folder = compiled_directory(app.instance_path)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(folder))
    babel.init_app(app, locale_selector=chosen_locale)
    # `_` calls gettext; filled as `filled` does (Jinja's own newstyle gettext, elided)
    app.jinja_env.globals["gettext"] = _eliding(lambda s: get_translations().ugettext(s))
    app.jinja_env.globals["ngettext"] = _eliding(
        lambda s, p, n: get_translations().ungettext(s, p, n)
    )
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.register_blueprint(bp)
    app.after_request(remember_link_language)

    app.add_template_global(join_names)
    app.add_template_global(join_seats)
    app.add_template_global(format_date)
    app.add_template_global(local_time)

    @app.context_processor
    def languages() -> dict[str, object]:
        return {"languages": LANGUAGES, "language": current()}


def number_later(value: int) -> LazyString:
    """`value` written as the reader writes numbers (10,000; 10.000; 10 000), worked out
    when a form's message is shown, not when the form class is made."""
    return LazyString(lambda: str(format_number(value)))


def whole_percent(share: float) -> str:
    """A share as a whole percentage the reader's way ("23%", "23 %"), a half rounded up
    as people round it (1 in 8: 13 %)."""
    return str(format_percent(half_up(share, 2)))


def decimal_sign() -> str:
    """The reader's language's decimal sign ("." or ",")."""
    return str((get_locale() or _LOCALES[DEFAULT]).number_symbols["latn"]["decimal"])


def group_sign() -> str:
    """The reader's language's sign between groups of thousands (",", "." or a space)."""
    return str((get_locale() or _LOCALES[DEFAULT]).number_symbols["latn"]["group"])


def local_time(value: datetime, style: str = "datetime") -> Markup:
    """A stored time (UTC) as a `<time>`: written in UTC here, then in the phone's own time
    zone by static/app.js (`style`: "time", the hour alone, or "datetime")."""
    shown = value.strftime("%H:%M") if style == "time" else format_datetime(value, "medium")
    return Markup('<time datetime="{}Z" data-local="{}">{} UTC</time>').format(
        value.isoformat(timespec="seconds"), style, shown
    )


@bp.get("/language/<code>")
def switch(code: str) -> Response:
    """Remember the language chosen and go back to the page it was chosen on."""
    answer = redirect(safe_target(request.args.get("next", "/")))
    if code in LANGUAGES:
        answer.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return answer

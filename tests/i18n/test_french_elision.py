"""French elides "de" and "que" before a name that begins with a vowel ("d’Alice"), in the
pages' words and the services' sentences alike; no other language changes."""

from __future__ import annotations

from flask import Flask, render_template_string

from skyjo_pad import i18n


def test_a_name_with_a_vowel_is_elided_in_french_only(app: Flask) -> None:
    with app.test_request_context("/?lang=fr"):
        assert i18n.gettext("%(name)s’s card", name="Alice") == "Carte d’Alice"
        assert i18n.gettext("%(name)s’s card", name="Bob") == "Carte de Bob"
        assert i18n.gettext("%(name)s’s card", name="Émile") == "Carte d’Émile"
        for name in ("Åsa", "Ödmjuk", "Øystein", "Ábel", "Ænid"):  # accents aside, a vowel
            assert i18n.gettext("%(name)s’s card", name=name) == f"Carte d’{name}"
        assert i18n.gettext("%(name)s’s card", name="Yves") == "Carte de Yves"
        named = i18n.gettext("%(name)s’s card", name="Ana de Oliveira")
        assert named == "Carte d’Ana de Oliveira"  # the name itself as it was typed
        page = render_template_string("{{ _('%(name)s’s card', name=who) }}", who="Inès")
        assert page == "Carte d’Inès"
        page = render_template_string("{{ _('%(name)s’s card', name=who) }}", who="Ana de Eva")
        assert page == "Carte d’Ana de Eva"
        hidden = render_template_string("{{ _('%(name)s’s card', name=who) }}", who="<i>Ann")
        assert hidden == "Carte de &lt;i&gt;Ann"  # escaped as ever, nothing to elide
    with app.test_request_context("/?lang=en"):
        assert i18n.gettext("%(name)s’s card", name="Alice") == "Alice’s card"


def test_the_catalogues_own_words_are_left_alone(app: Flask) -> None:
    """A pronoun after a hyphen ("vérifiez-le et") is no "de": never touched."""
    with app.test_request_context("/?lang=fr"):
        words = i18n.gettext("That is not the password. Check it and try again.")
        assert words == "Ce n’est pas le mot de passe. Vérifiez-le et réessayez."


def test_french_agrees_with_the_count_and_spaces_its_colons(app: Flask) -> None:
    """ "1 won" of 2 games is not "1 gagnées"; a colon joined in a template is the message's."""
    with app.test_request_context("/?lang=fr"):
        label = i18n.ngettext(
            "Final totals of the last %(num)s game, %(wins)s won.",
            "Final totals of the last %(num)s games, %(wins)s won.",
            2,
            wins=1,
        )
        assert label == "Totaux finaux des 2 dernières parties, victoires\u00a0: 1."
        page = render_template_string(
            "{{ _('%(date)s: %(rounds)s.', date='1 déc. 2026', rounds='2 manches') }}"
        )
        assert page == "1 déc. 2026\u00a0: 2 manches."

"""Email invitations against a real SMTP server (aiosmtpd) started by the test: the
message that arrived, its link opened; a refused address is "failed" and its link works."""

from __future__ import annotations

import email
import email.header
import re
import socket
import time
from collections.abc import Callable, Iterator
from email.message import Message
from typing import Any

import pytest
from flask import Flask
from servers import smtp_server
from table_forms import table_form

from skyjo_pad import mailer
from skyjo_pad.services import online, online_seats, roster
from skyjo_pad.services.errors import ServiceError

REFUSED = "nobody@example.org"


class Inbox:
    """An SMTP server's handler: keeps what arrives, refuses one address."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if address == REFUSED:
            return "550 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 Message accepted"


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    with smtp_server(handler) as port:
        yield handler, port


@pytest.fixture
def mail_app(make_app: Callable[..., Flask], inbox: tuple[Inbox, int]) -> Flask:
    return make_app(
        MAIL_SERVER="127.0.0.1",
        MAIL_PORT=inbox[1],
        MAIL_DEFAULT_SENDER="Skyjo Pad <table@example.org>",
        MAIL_SUPPRESS_SEND=False,
    )


def parts(message: Message) -> dict[str, str]:
    found = {}
    for part in message.walk():
        if part.get_content_maintype() == "text":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            found[part.get_content_subtype()] = payload.decode(
                part.get_content_charset() or "utf-8"
            )
    return found


def test_an_invitation_arrives_with_its_link_and_the_rules(
    mail_app: Flask, inbox: tuple[Inbox, int]
) -> None:
    client = mail_app.test_client()
    body = {
        "seats": [
            {"name": "Ann", "email": "ann@example.org"},
            {"name": "Bob", "email": REFUSED},
            {"name": "Cy"},
            {"bot": "easy"},
        ],
        "rules": {"target": 50},
    }
    created = client.post("/api/tables", json=body)
    assert created.status_code == 201
    seats = created.get_json()["seats"]
    assert [s.get("invitation") for s in seats] == ["sent", "failed", "none", None]
    messages = inbox[0].messages
    assert len(messages) == 1 and messages[0]["To"] == "ann@example.org"
    assert "Ann invites you" in messages[0]["Subject"]
    text = parts(messages[0])
    assert set(text) == {"plain", "html"}
    assert "reaches 50 points" in text["plain"] and "Ann invites you" in text["plain"]
    link = re.search(r"http://\S+/t/[\w-]+", text["plain"])
    assert link is not None and link.group(0) == seats[0]["link"]
    assert f'href="{seats[0]["link"]}?lang=en"' in text["html"]  # the API's reader's language
    page = client.get(link.group(0).replace("http://localhost", ""))
    assert page.status_code == 200 and '"seat": 0' in page.text
    # the refused one's link works all the same
    bob = client.get(seats[1]["link"].replace("http://localhost", ""))
    assert bob.status_code == 200 and '"seat": 1' in bob.text
    # the host sees how each invitation went
    host = client.get(
        f"/api/tables/{created.get_json()['id']}/seats",
        headers={"Authorization": f"Bearer {created.get_json()['host_token']}"},
    )
    assert [s["invitation"] for s in host.get_json()["seats"]] == ["sent", "failed", "none", None]
    # ... and, on a browser that never saw the links, how to get Bob a link all the same
    page = client.get(f"/t/{created.get_json()['host_token']}").text
    assert "The email invitation failed. Make a new link and send it yourself." in page


def test_without_a_mail_server_nothing_is_sent_and_the_page_says_so(app: Flask) -> None:
    client = app.test_client()
    created = client.post(
        "/api/tables",
        json={"seats": [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}]},
    )
    assert [s["invitation"] for s in created.get_json()["seats"]] == ["none", "none"]
    page = client.post(
        "/tables/new",
        data=table_form(
            ("Ann", "person"),
            ("Bob", "person"),
            **{"seat-0-email": "ann@example.org", "seat-1-email": ""},
            confirm_online="1",
        ),
        follow_redirects=True,
    )
    assert page.status_code == 200
    assert "No mail server is set up" in page.text
    assert page.text.count("/t/") >= 4  # two seats, the spectators, the host
    assert "<svg" in page.text  # a QR code per seat


def test_emails_leave_the_server_only_when_asked_for(app: Flask) -> None:
    client = app.test_client()
    created = client.post(
        "/api/tables",
        json={"seats": [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}]},
    ).get_json()
    for token in (created["seats"][1]["token"], created["spectator_token"], created["host_token"]):
        seen = client.get(
            f"/api/tables/{created['id']}", headers={"Authorization": f"Bearer {token}"}
        )
        assert "ann@example.org" not in seen.text
    assert "ann@example.org" not in client.get("/t/" + created["spectator_token"]).text
    assert "ann@example.org" not in client.get("/history/export.json").text
    assert "ann@example.org" in client.get("/history/export.json?emails=1").text


def test_an_invitation_comes_in_the_language_the_host_chose_for_it(
    mail_app: Flask, inbox: tuple[Inbox, int]
) -> None:
    """An English host invites Bob in French: the mail is French, its link opens the table
    in French and keeps it for Bob's next pages; Cy's, left as it was, is in English."""
    client = mail_app.test_client()
    with mail_app.app_context():
        roster.add("Bob")  # the address book's spelling; the host types "bob"
    form = {"target": "100", "multiplier": "2", "reveal_count": "2", "online": "1"}
    form |= {"first_tiebreak": "highest_card", "next_starter": "closer"}
    seats = [("Ann", "", None), ("bob", "bob@example.org", "fr"), ("Cy", "cy@example.org", None)]
    for n, (name, address, language) in enumerate(seats):
        form |= {f"seat-{n}-name": name, f"seat-{n}-kind": "person", f"seat-{n}-email": address}
        if language:
            form[f"seat-{n}-language"] = language
    lineup = client.post("/tables/new", data=form, headers={"Accept-Language": "en"})
    assert lineup.status_code == 200 and "Check the line-up" in lineup.text
    assert "/t/" not in lineup.text and not inbox[0].messages  # nothing made or sent yet
    form = {**form, "confirm_online": "1"}
    del form["online"]
    made = client.post("/tables/new", data=form, headers={"Accept-Language": "en"})
    assert made.status_code == 303
    page = client.get(made.headers["Location"], headers={"Accept-Language": "en"})
    assert page.status_code == 200 and page.text.count("/t/") >= 4  # the links
    by_address = {message["To"]: message for message in inbox[0].messages}
    assert set(by_address) == {"bob@example.org", "cy@example.org"}

    bob = by_address["bob@example.org"]
    subject = email.header.make_header(email.header.decode_header(bob["Subject"]))
    assert "Ann vous invite" in str(subject)
    text = parts(bob)
    assert "Bonjour Bob," in text["plain"] and '<html lang="fr">' in text["html"]
    assert "invites you" not in text["plain"] and "Your seat" not in text["plain"]
    link = re.search(r"http://localhost(/t/[\w-]+\?lang=fr)\b", text["plain"])
    assert link is not None
    reader = mail_app.test_client()  # Bob's phone: no cookie, an English browser
    opened = reader.get(link.group(1), headers={"Accept-Language": "en"})
    assert opened.status_code == 200 and '<html lang="fr">' in opened.text
    assert any(c.startswith("lang=fr;") for c in opened.headers.getlist("Set-Cookie"))
    later = reader.get("/rules", headers={"Accept-Language": "en"})
    assert '<html lang="fr">' in later.text

    cy = parts(by_address["cy@example.org"])
    assert "Hello Cy," in cy["plain"] and re.search(r"/t/[\w-]+\?lang=en\b", cy["plain"])

    # a new link for Bob is offered in his invitation's language, not the host's
    host = made.headers["Location"].split("/")[2]
    english = {"Accept-Language": "en"}
    assert '<option value="fr" selected>' in client.post(f"/t/{host}/seats/1/link").text
    assert (
        '<option value="en" selected>'
        in client.post(f"/t/{host}/seats/2/link", headers=english).text
    )


def test_a_mail_server_that_never_answers_holds_the_table_a_moment_not_a_minute(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    """It takes the connection and says nothing: the table is made within the one wait
    for all its invitations, and each then shows as failed on the host's page."""
    monkeypatch.setattr(mailer, "SMTP_TIMEOUT", 0.5)
    silent = socket.create_server(("127.0.0.1", 0))
    silent.listen(8)
    try:
        port = silent.getsockname()[1]
        app = make_app(
            MAIL_SERVER="127.0.0.1", MAIL_PORT=port, MAIL_WAIT=0.3, MAIL_SUPPRESS_SEND=False
        )
        seats = [online.Invitee(n, f"{n.lower()}@example.org") for n in ("Ann", "Bob", "Cy", "Dee")]
        began = time.monotonic()
        with app.test_request_context("/tables/new"):
            invite = mailer.inviter(lambda token: f"http://localhost/t/{token}")
            table = online.create(seats, invite=invite)
        assert time.monotonic() - began < 1.5  # one wait of 0.3 s, not four
        # Each sender gives up after 0.5 s; on a busy machine its word may take seconds more.
        deadline = time.monotonic() + 15
        while True:
            with app.app_context():  # a fresh look each time
                shown = {s.invitation for s in online_seats.seats(table.id, table.host_token)}
            if shown == {online.FAILED} or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert shown == {online.FAILED}
    finally:
        silent.close()


def test_a_hosts_name_like_an_encoded_word_stays_as_typed_in_the_subject(
    mail_app: Flask, inbox: tuple[Inbox, int]
) -> None:
    host = "=?utf-8?q?Evil=0ABcc:_x@y.z?="
    with mail_app.test_request_context("/tables/new"):
        invite = mailer.inviter(lambda token: f"http://localhost/t/{token}")
        online.create(
            [online.Invitee(host), online.Invitee("Bob", "bob@example.org")], invite=invite
        )
    subject = str(
        email.header.make_header(email.header.decode_header(inbox[0].messages[0]["Subject"]))
    )
    assert subject.replace("\u200b", "").startswith(host) and "\n" not in subject


@pytest.mark.parametrize(
    "address",
    ["<bob@example.org>", "=?utf-8?q?bob?=@example.org", "bob@example..org", "bö@example.org"],
)
def test_an_invitation_goes_only_to_an_address_as_written(app: Flask, address: str) -> None:
    """What a mail program would read as another address (or none) is refused in words."""
    with app.app_context(), pytest.raises(ServiceError, match="does not look like an email"):
        online.create([online.Invitee("Ann", address), online.Invitee("Bob")])


def test_a_links_language_does_not_override_a_chosen_one(app: Flask) -> None:
    client = app.test_client()
    client.set_cookie("lang", "de")
    page = client.get("/rules?lang=fr")
    assert '<html lang="de">' in page.text and "Set-Cookie" not in page.headers
    assert '<html lang="en">' in app.test_client().get("/rules?lang=xx").text


def test_a_new_link_goes_by_email_where_the_invitation_went(
    mail_app: Flask, inbox: tuple[Inbox, int]
) -> None:
    """The host makes Bob a new link and ticks "email it": Bob gets it in the language
    chosen, the old link stops, and the host's page says it was emailed. A seat invited
    without an email is not offered the mail; nor is a refused one, asked all the same."""
    client = mail_app.test_client()
    body = {"seats": [{"name": "Ann"}, {"name": "Bob", "email": "bob@example.org"}]}
    table = client.post("/api/tables", json=body).get_json()
    host, old = table["host_token"], table["seats"][1]["link"].replace("http://localhost", "")
    assert len(inbox[0].messages) == 1

    asked = client.post(f"/t/{host}/seats/1/link").text
    assert "Email the new link to Bob, to the address the invitation went to" in asked
    assert "bob@example.org" not in asked  # the host's link does not show the address
    assert "Email the new link" not in client.post(f"/t/{host}/seats/0/link").text

    made = client.post(
        f"/t/{host}/seats/1/link", data={"confirm": "yes", "email": "yes", "language": "fr"}
    )
    assert made.status_code == 303
    assert len(inbox[0].messages) == 2
    again = inbox[0].messages[1]
    assert again["To"] == "bob@example.org"
    text = parts(again)["plain"]
    link = re.search(r"http://\S+/t/([\w-]+)", text)
    assert link is not None and link.group(0) not in (table["seats"][1]["link"],)
    assert f'href="{link.group(0)}?lang=fr"' in parts(again)["html"]
    assert client.get(link.group(0).replace("http://localhost", "")).status_code == 200
    assert client.get(old).status_code == 404
    assert "Invitation emailed." in client.get(f"/t/{host}").text
    asked_again = client.post(f"/t/{host}/seats/1/link", headers={"Accept-Language": "en"})
    assert '<option value="fr" selected>' in asked_again.text  # the language it went in

    refused = client.post(f"/t/{host}/seats/0/link", data={"confirm": "yes", "email": "yes"})
    assert refused.status_code == 303
    assert "This seat was not invited by email." in client.get(f"/t/{host}").text
    assert len(inbox[0].messages) == 2


def test_with_a_public_address_a_request_host_names_no_other_server_in_a_mail(
    make_app: Callable[..., Flask], inbox: tuple[Inbox, int]
) -> None:
    """Anyone may send Host: 203.0.113.66 (an address is always answered): with
    SKYJO_PUBLIC_URL set, the links in the answer and in the mail are the site's own."""
    app = make_app(
        MAIL_SERVER="127.0.0.1",
        MAIL_PORT=inbox[1],
        MAIL_SUPPRESS_SEND=False,
        PUBLIC_URL="https://skyjo.example.org",
    )
    body = {"seats": [{"name": "Ann"}, {"name": "Vic", "email": "vic@example.org"}]}
    created = app.test_client().post("/api/tables", json=body, headers={"Host": "203.0.113.66"})
    assert created.status_code == 201
    links = [seat["link"] for seat in created.get_json()["seats"]]
    assert all(link.startswith("https://skyjo.example.org/t/") for link in links), links
    mailed = parts(inbox[0].messages[0])["plain"]
    assert links[1] in mailed and "203.0.113.66" not in mailed

"""What each phone of an online table is told: a round over (to deal it, or that a player
deals it), a refusal of the host's (in words that fit what was asked)."""

from __future__ import annotations

from flask import Flask
from online_walk import bearer, create, move, seat_tokens, state, until_drawn


def test_only_a_phone_that_may_deal_is_told_to_deal(app: Flask) -> None:
    client = app.test_client()
    table = create(client, rules={"target": 500, "stall_turns": 6})
    tokens = seat_tokens(table)
    url = f"/api/tables/{table['id']}"
    for _ in range(200):
        seen = [state(client, table, token) for token in tokens]
        if seen[0]["view"]["phase"] == "round_over":
            break
        acting = next(((s, t) for s, t in zip(seen, tokens, strict=True) if s["moves"]), None)
        if acting is None:
            client.post(f"{url}/advance", json={"version": seen[0]["version"], "all": True})
            continue
        screen, token = acting
        body = {"version": screen["version"], "move": screen["moves"][0]}
        client.post(f"{url}/moves", json=body, headers=bearer(token))
    dealer = state(client, table, tokens[0])
    assert dealer["view"]["phase"] == "round_over" and dealer["can_deal"]
    assert dealer["info"]["now"] == "Round 1 is over: look at the scores, then deal round 2"
    for token in (table["spectator_token"], table["host_token"]):
        watcher = state(client, table, token)
        assert not watcher["can_deal"]
        assert watcher["info"]["now"] == "Round 1 is over: waiting for a player to deal round 2"


def test_a_seat_given_back_while_its_computer_holds_a_card_says_to_wait(app: Flask) -> None:
    """The seat's computer player (thinking) holds the card it drew: giving the seat back
    is refused, saying to wait for the card; not to give it to a computer first. A new
    link for it is refused as for any computer's seat; the other seat's deal meanwhile
    is not its turn."""
    client = app.test_client()
    table = create(client)
    seat, _drawn = until_drawn(client, table)
    host = bearer(table["host_token"])
    url = f"/api/tables/{table['id']}/seats/{seat}/player"
    other = seat_tokens(table)[1 - seat]
    before = state(client, table, other)
    dealt = move(client, table, other, {"version": before["version"], "move": {"action": "deal"}})
    assert dealt.status_code == 403  # API.md: not this seat's turn, whatever the move
    assert dealt.get_json()["error"] == f"It is {['Ann', 'Bob'][seat]}'s turn, not yours."
    decked = {"version": before["version"], "move": {"action": "deal", "deck": [0] * 150}}
    assert move(client, table, other, decked).status_code == 403  # the turn comes first
    held = client.post(f"/api/tables/{table['id']}/seats/{seat}/token", headers=host)
    assert held.status_code == 409  # the person's card: wait for it (no detour that fails)
    assert held.get_json()["error"] == (
        f"{['Ann', 'Bob'][seat]} holds a drawn card not placed yet: wait until it is placed, "
        "then give the seat a new link."
    )
    assert client.post(url, json={"bot": "expert"}, headers=host).status_code == 200
    relinked = client.post(f"/api/tables/{table['id']}/seats/{seat}/token", headers=host)
    assert relinked.status_code == 409  # a computer's seat: no link, whatever it holds
    assert relinked.get_json()["error"] == (  # their seat, named as theirs (not the computer's)
        f"A computer player plays {['Ann', 'Bob'][seat]}'s seat now: give it back to "
        f"{['Ann', 'Bob'][seat]} first, then make its new link."
    )
    back = client.post(url, json={"bot": None}, headers=host)
    assert back.status_code == 409
    name = ["Ann", "Bob"][seat]
    assert back.get_json()["error"] == (
        f"The computer player in {name}'s seat holds a drawn card not placed yet: wait until "
        "it is placed, then give the seat back."
    )

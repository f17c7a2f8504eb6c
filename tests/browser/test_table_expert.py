"""A person against the expert, on one phone and online: the expert is picked like any
level, its turns come by themselves (searched on the server outside the move's
transaction), and the person plays on."""

from __future__ import annotations

from browser_helpers import shoot
from playwright.sync_api import Page, expect
from table_helpers import new_table, online_as_ann, person_step, state, wait_for_change

SEED = 5
EXPERT_TURN = (
    "window.skyjoTable.state.view.phase === 'turn' && "
    "window.skyjoTable.state.bots[window.skyjoTable.state.actor] === 'expert'"
)
ANN_TURN = "window.skyjoTable.state.view.phase === 'turn' && window.skyjoTable.state.actor === 0"


def test_ann_against_the_expert_on_one_phone(page: Page, live_server: str) -> None:
    new_table(page, live_server, [("Ann", "person"), ("Max", "expert")], seed=SEED)
    for _ in range(20):  # the opening and Ann's turn, until the expert must take a turn
        if page.evaluate(EXPERT_TURN):
            break
        s = state(page)
        if s["actor"] == 0 and s["moves"]:
            person_step(page)
        else:  # the expert turns up its cards, a step at a time
            wait_for_change(page, s["version"])
    else:
        raise AssertionError("the expert never came to play")
    shoot(page, "table-expert-turn")
    before = state(page)
    page.wait_for_function(ANN_TURN, timeout=20000)  # its turn came by itself
    after = state(page)
    assert after["version"] > before["version"]
    assert after["log"][-1].startswith("Max"), after["log"]


def test_ann_against_the_expert_online(page: Page, live_server: str) -> None:
    online_as_ann(page, live_server, "expert", seed=SEED)
    for _ in range(3):  # Ann's turns; the expert's come over the event stream
        page.wait_for_function(ANN_TURN, timeout=20000)
        while True:  # draw, then place, or throw away and turn a card up
            person_step(page)
            seen = state(page)
            if seen["actor"] != 0 or seen["log"][-1].startswith("Expert"):
                break
        page.wait_for_function(
            f"{ANN_TURN} && window.skyjoTable.state.log.at(-1).startsWith('Expert')",
            timeout=20000,
        )
    expect(page.locator("[data-info]")).to_contain_text("Ann")
    shoot(page, "table-expert-online", docs=True)

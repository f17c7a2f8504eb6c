"""The words the page scripts (static/app.js, table.js, table_signals.js) show, in the
reader's language.

Each page hands them to its script as a JSON block (`<script type="application/json"
id="js-strings">`, data, not code: the CSP allows no inline script). A script looks a
message up by its key and fills its `%(name)s` placeholders.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

STRINGS = {
    # static/table.js
    "cell_down": _l("Row %(row)s, column %(column)s, face down"),
    "cell_up": _l("Row %(row)s, column %(column)s: %(value)s, face up"),
    "cell_gone": _l("Row %(row)s, column %(column)s, removed"),
    "other_cell_down": _l("%(name)s’s card, row %(row)s, column %(column)s, face down"),
    "other_cell_up": _l("%(name)s’s card, row %(row)s, column %(column)s: %(value)s, face up"),
    "other_cell_gone": _l("%(name)s’s card, row %(row)s, column %(column)s, removed"),
    "your_cards": _l("Your cards"),
    "their_cards": _l("%(name)s’s cards"),
    "your_cards_title": _l("%(name)s · your cards"),
    "not_yours": _l("Those are %(name)s’s cards: tap one of yours."),
    "wait_computer": _l("Wait: %(name)s is playing for the computer."),
    "no_answer": _l("The app did not answer: reload the page."),
    "did_not_work": _l("That did not work: reload the page."),
    "no_connection": _l("No connection to the app: try again."),
    "thinking": _l("Thinking…"),
    "hint": _l("Hint: %(text)s."),
    "empty": _l("empty"),
    "discard_pile": _l("Discard pile: %(value)s"),
    "discard_empty": _l("Discard pile: empty"),
    "draw_pile": _l("Draw pile: %(count)s cards"),
    "in_hand": _l("In hand"),
    "your_card": _l("Your card"),
    "their_card": _l("%(name)s’s card"),
    "computer_tag": _l(" · computer, %(level)s"),
    "computer": _l(" · computer"),
    "level_easy": _l("easy"),
    "level_medium": _l("medium"),
    "level_hard": _l("hard"),
    "you": _l(" · you"),
    "show_scores": _l("Show the scores again"),
    "game_over": _l("Game over"),
    "round_over": _l("Round %(round)s is over"),
    "doubled": _l(
        "%(name)s ended the round with %(raw)s but was not the lowest: ×%(multiplier)s = %(final)s."
    ),
    "not_doubled": _l("%(name)s ended the round with %(raw)s: not doubled."),
    "stalled": _l("Nobody ended this round: it reached the turn limit."),
    "wins": _l("%(name)s wins with %(total)s"),
    "share": _l("%(names)s share the win with %(total)s"),
    "and": _l("%(first)s and %(second)s"),
    "player": _l("Player"),
    "cards": _l("Cards"),
    "score": _l("Score"),
    "total": _l("Total"),
    "ended_round": _l("ended the round"),
    "fresh": _l("New game, same seats"),
    "again": _l("Play this deal again"),
    "replay": _l("Replay"),
    "download": _l("Download the game record"),
    "home": _l("Home"),
    "deal": _l("Deal round %(round)s"),
    "peek": _l("Look at the cards"),
    "hand_to": _l("Hand the phone to %(name)s"),
    "opening": _l("%(name)s turns up the opening cards."),
    "turn_of": _l("It is %(name)s’s turn."),
    "i_am": _l("I am %(name)s: show my cards"),
    "winner": _l("Winner:"),
    "move_of": _l("Move %(step)s of %(steps)s · round %(round)s"),
    "total_tag": _l(" · total %(total)s"),
    "discard": _l("Discard"),
    "draw_count": _l("Draw · %(count)s"),
    "replay_row": _l("%(name)s: %(raw)s, total %(total)s"),
    "replay_row_doubled": _l("%(name)s: %(raw)s → %(final)s, total %(total)s"),
    "watching_only": _l("You are watching: only the players move."),
    # static/table_signals.js
    "turn_title": _l("Your turn!"),
    "seat_to_computer": _l(
        "The host gave your seat to a computer player (%(level)s): it plays your cards now."
        " To play again yourself, ask the host to press “Give back to a person” on their page."
    ),
    # static/online.js
    "copied": _l("Copied."),
    "no_copy": _l("Copying is not allowed here: press on the link to copy it."),
    # static/app.js
    "filled": _l("%(n)s of 12 cards"),
    "count": _l("Count: %(value)s"),
    "count_gone_one": _l("Count: %(value)s, 1 column removed"),
    "count_gone_many": _l("Count: %(value)s, %(n)s columns removed"),
    "waiting_one": _l("%(labels)s is kept on this phone, waiting for the network."),
    "waiting_many": _l("%(labels)s are kept on this phone, waiting for the network."),
    "unsent": _l("%(label)s, saved while offline, was not added: %(error)s"),
    "erase": _l("Erase card"),
    "removed": _l("Removed card"),
    "clear": _l("Clear"),
    "clear_all": _l("Clear all cards"),
    "card_key": _l("Card %(value)s"),
    "fill_cards": _l("Fill in all 12 cards, or clear them and type the score."),
    "whole_numbers": _l("Enter every score as a whole number before saving."),
    "choose_closer": _l("Choose who closed the round, or Nobody."),
    "queued_round": _l("Round %(round)s"),
    "queued_correction": _l("The correction of round %(round)s"),
    "kept_round": _l("Kept on this phone: round %(round)s is sent as soon as the network is back."),
    "kept_correction": _l(
        "Kept on this phone: the correction is sent as soon as the network is back."
    ),
    "waiting": _l("Waiting for the network…"),
    "player_n": _l("Player %(n)s"),
    "closed": _l("closed"),
    "refused": _l("The server refused it."),
    "it_was": _l(
        "It was: %(round)s. Look at the sheet, and enter it again if it is still missing."
    ),
    "dismiss": _l("Dismiss"),
    "move_up": _l("Move player %(n)s up"),
    "remove_player": _l("Remove player %(n)s"),
}
"""Every message a script shows, by key."""


def catalogue() -> dict[str, str]:
    """The scripts' messages in the current request's language."""
    return {key: str(text) for key, text in STRINGS.items()}

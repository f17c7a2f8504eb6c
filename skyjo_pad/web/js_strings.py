"""The words the page scripts (static/app.js, table*.js) show, in the
reader's language.

Each page hands them to its script as a JSON block (`<script type="application/json"
id="js-strings">`, data, not code: the CSP allows no inline script). A script looks a
message up by its key and fills its `%(name)s` placeholders.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from flask_babel import get_translations
from flask_babel import lazy_gettext as _l

from ..engine.cards import COUNTS
from ..engine.limits import MAX_PLAYERS, MULTIPLIER_MAX, RAW_MAX, RAW_MIN, TARGET_MAX
from ..i18n import number_later
from ..models import NAME_MAX
from ..services.players import TWICE, UNPRINTABLE_NAME
from ..services.round_entry import SCORE_LIMIT

LEVEL_WORDS = {
    "easy": _l("easy"),
    "medium": _l("medium"),
    "hard": _l("hard"),
    "expert": _l("expert"),
}
"""Each table level's name in words (`bots.BUILTIN`), for the pages and their scripts."""


def level_word(name: str) -> str:
    """A computer player's level in the reader's language (an unknown name as it is)."""
    word = LEVEL_WORDS.get(name)
    return name if word is None else str(word)


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
    "wait_computer": _l("Wait: the computer plays %(name)s’s turn."),
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
    **{f"level_{name}": word for name, word in LEVEL_WORDS.items()},
    "you": _l(" · you"),
    "show_scores": _l("Show the scores again"),
    "game_over": _l("Game over"),
    "game_over_said": _l("Game over: %(result)s."),
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
    "score_sheet": _l("Score sheet"),
    "ended_round": _l("ended the round"),
    "fresh": _l("New game, same seats"),
    "again": _l("Play this deal again"),
    "replay": _l("Replay"),
    "download": _l("Download the game record"),
    "home": _l("Home"),
    "deal": _l("Deal round %(round)s"),
    "go_on": _l("Round %(round)s is dealt: go on"),
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
    # static/table_coach.js
    "coach_for": _l("Coach %(name)s"),
    "coach_said": _l("%(name)s: %(text)s"),
    # static/online.js
    "copied": _l("Copied."),
    "no_copy": _l("Copying is not allowed here: press on the link to copy it."),
    # static/app.js
    "filled": _l("%(n)s of 12 cards"),
    "not_a_card": _l(
        "Row %(row)s, column %(column)s: “%(text)s” is not a card: a number from −2 to 12, "
        "or ✕ for a removed card."
    ),
    "count": _l("Count: %(value)s"),
    "count_gone_one": _l("Count: %(value)s, 1 column removed"),
    "count_gone_many": _l("Count: %(value)s, %(n)s columns removed"),
    "erase": _l("Erase card"),
    "removed": _l("Removed card"),
    "clear": _l("Clear"),
    "clear_all": _l("Clear all cards"),
    "card_key": _l("Card %(value)s"),
    "fill_cards": _l("Fill in all 12 cards, or clear them and type the score."),
    "cards_cleared": _l("The score typed counts: the cards were cleared."),
    "whole_numbers": _l("Enter every score as a whole number before saving."),
    "not_whole": _l("“%(text)s” is not a whole number."),
    "named_problem": _l("%(name)s: %(problem)s"),
    "too_large": _l(
        "That number is far too large for a round: at most %(max)s either way.",
        max=number_later(SCORE_LIMIT),
    ),
    # the round's warnings (services/round_entry.py says the same when the form is online)
    "unusual_score": _l(
        "%(name)s's %(score)s is outside %(min)s to %(max)s, impossible under the official rules."
    ),
    "unusual_deck": _l(
        "%(count)s cards of %(value)s among the cards tapped in: the deck has only %(deck)s."
    ),
    "unusual_column": _l(
        "%(name)s's column %(column)s is removed in part: a column goes whole, "
        "its three cards at once."
    ),
    "unusual_check": _l("Check it, or tick “keep” to save it anyway."),
    "keep_unusual": _l("Keep these scores anyway (house rules)"),
    "choose_closer": _l("Choose who closed the round, or Nobody."),
    "queued_correction": _l("The correction of round %(round)s"),
    "player_n": _l("Player %(n)s"),
    "closed": _l("closed"),
    "refused": _l("The server refused it."),
    "it_was": _l(
        "It was: %(round)s. Look at the sheet, and enter it again if it is still missing."
    ),
    "it_waits": _l("It waits on this phone and goes once the phone is logged in: %(round)s."),
    "game_waits": _l("The game waits on this phone and goes once the phone is logged in."),
    "password_needed": _l("This Skyjo Pad is protected by a password: log in first."),
    "dismiss": _l("Dismiss"),
    "move_up": _l("Move player %(n)s up"),
    "remove_player": _l("Remove player %(n)s"),
    # static/pad-view.js, pad-sync.js, pad-shell.js: the pad kept on the phone
    "kept_here": _l("Kept on this phone: it is sent as soon as the network is back."),
    "not_kept": _l("This phone could not keep the round: try again, or save it online."),
    "saved_in_another_tab": _l(
        "Round %(round)s was saved on this phone meanwhile, in another tab: this is now "
        "round %(next)s, with what you typed. Check it, then save."
    ),
    "draft_saved_meanwhile": _l(
        "Another phone saved round %(round)s meanwhile (the sheet shows it). What you typed "
        "for it is here, now as round %(next)s: save it only if it is another round."
    ),
    "round": _l("Round"),
    "round_n": _l("Round %(round)s"),
    "correct_round": _l("Correct round %(round)s"),
    "mark_new": _l("waiting"),
    "mark_corrected": _l("corrected, waiting"),
    "score_changed": _l("%(name)s, round %(round)s: %(old)s → %(new)s"),
    "nothing_changed": _l("Round %(round)s corrected: no score changed."),
    "mark_waiting": _l("changes waiting to be sent"),
    "mark_settle": _l("waits for your choice on its sheet"),
    "conflict": _l(
        "Another phone changed this game while this one was offline. Nothing is lost: "
        "here are both versions. Send yours after theirs, or keep theirs and set yours aside."
    ),
    "conflict_keep_theirs": _l(
        "Another phone changed this game while this one was offline. Nothing is lost: here "
        "are both versions. Yours cannot be sent after theirs (below, why): keep theirs, and "
        "yours is set aside, in words."
    ),
    "conflict_theirs": _l("On the server (changed on another phone)"),
    "conflict_mine": _l("On this phone"),
    "both_changed_score": _l(
        "Round %(round)s, %(name)s: %(theirs)s on the server, %(mine)s on this phone. "
        "“Send mine after theirs” keeps %(mine)s."
    ),
    "both_changed_closer": _l(
        "Round %(round)s, who closed: %(theirs)s on the server, %(mine)s on this phone. "
        "“Send mine after theirs” keeps %(mine)s."
    ),
    "same_round": _l(
        "Round %(round)s on the other phone is the one waiting here: %(it)s. Keep it once, "
        "unless that round was really played twice."
    ),
    "takeback_stuck": _l(
        "Taking back round %(round)s cannot be sent: the sheet has %(rounds)s rounds now, "
        "and only the last round can be taken back."
    ),
    "takeback_changed": _l(
        "Taking back round %(round)s cannot be sent: another phone changed that round since."
    ),
    "correction_stuck": _l(
        "Correcting round %(round)s cannot be sent: the other phone took that round back."
    ),
    "game_over_stuck": _l("A new round cannot be sent: the game is over on the server."),
    "keep_once": _l("Keep that round once"),
    "keep_once_send_rest": _l("Keep that round once, send the rest"),
    "keep_once_many": _l("Keep those rounds once"),
    "keep_once_many_send_rest": _l("Keep those rounds once, send the rest"),
    "send_mine": _l("Send mine after theirs"),
    "keep_theirs": _l("Keep theirs, set mine aside"),
    "not_sent": _l("Not sent: the server refused it: %(error)s"),
    "set_aside_it": _l("Set it aside"),
    "log_in": _l("Log in"),
    "set_aside": _l("Set aside, not on the sheet: %(round)s"),
    "a_new_round": _l("A new round"),
    "queued_takeback": _l("Taking back round %(round)s"),
    "new_game": _l("New game"),
    "on_this_phone": _l("Games on this phone"),
    "seat_order": _l("Players, in seat order"),
    "another_player": _l("Another player"),
    "tap_to_add": _l("Tap to add someone who played before:"),
    "target_label": _l("Game ends at"),
    "totals": _l("Totals"),
    "rules_summary": _l("Rules: to %(target)s, closer ×%(multiplier)s"),
    "change": _l("change"),
    "multiplier_label": _l("Closer’s penalty: score ×"),
    "tie_doubles_label": _l("A tie with the closer doubles the closer"),
    "only_positive_label": _l("Only a score above 0 is doubled"),
    "official_target": _l("Official: 100"),
    "official_multiplier": _l("Official: 2 (1 turns the penalty off)"),
    "official_yes": _l("Official: yes"),
    "bad_multiplier": _l("The multiplier is a whole number from 1 to %(max)s."),
    "start_game": _l("Start the game"),
    "two_players": _l("A game needs 2 to 12 players: give at least two names."),
    "too_many_players": _l("A game needs 2 to 12 players: remove one."),
    "twice": _l(TWICE),
    "no_name": _l("Every player needs a name."),
    "unprintable_name": _l(UNPRINTABLE_NAME),
    "bad_target": _l("The game must end at a whole number from 1 to %(max)s."),
    "to_target": _l("to %(target)s"),
    "waiting_changes_one": _l(
        "1 change is kept on this phone and sent when the network is back. "
        "The totals already count it."
    ),
    "waiting_changes_many": _l(
        "%(n)s changes are kept on this phone and sent, in order, when the network is "
        "back. The totals already count them."
    ),
    "all_sent": _l("Everything on this sheet is on the server."),
    "not_up_to_date": _l(
        "Not up to date: another phone changed this sheet on the server. It catches up "
        "when the network is back."
    ),
    "tap_to_correct": _l("Tap a round number to correct it."),
    "take_back": _l("Take back round %(round)s"),
    "take_back_q": _l("Take back round %(round)s?"),
    "take_back_says": _l("The round is removed from the sheet and the totals go back."),
    "keep_it": _l("Keep it"),
    "no_rounds": _l("No rounds yet. Play a round, then tap “Enter round 1”."),
    "enter_round": _l("Enter round %(round)s"),
    "not_here_title": _l("Not on this phone"),
    "not_here": _l(
        "This game was never opened on this phone, so it cannot be shown without the "
        "network. Open it again when the network is back."
    ),
    "logged_out": _l(
        "This phone was logged out: its games are not shown, nor a new one started, without "
        "the network. Log in again once the network is back."
    ),
    "page_not_here": _l(
        "This page was never opened on this phone, so it cannot be shown without the "
        "network. The games kept on this phone are on the home page."
    ),
    "nobody": _l("Nobody"),
    "count_my_cards": _l("Count my cards"),
    "twelve_cards": _l("%(name)s’s 12 cards"),
    "row_column": _l("Row %(row)s, column %(column)s"),
    "count_hint": _l(
        "Each card −2 to 12; ✕ (or x) for a card already removed. Three equal cards in a "
        "column are removed and do not count."
    ),
    "negative": _l("Negative score"),
    "minus_for": _l("minus (negative score for %(name)s)"),
    "sheet": _l("Sheet"),
    "who_closed": _l("Who closed the round?"),
    "new_totals": _l("New totals"),
    "enter_every": _l("Enter every score and who closed to see the doubling and the new totals."),
    "save_round": _l("Save round %(round)s"),
    "save_round_ends": _l("Save round %(round)s — ends the game"),
    "save_correction": _l("Save the correction"),
    "save_correction_ends": _l("Save the correction — ends the game"),
    "nobody_closed": _l("Nobody closed: nobody is doubled."),
    "doubled_short": _l(
        "%(change)s: closed but not the lowest alone, so the score is ×%(multiplier)s."
    ),
    "not_positive": _l("%(name)s closed with %(score)s: a score of 0 or less is never doubled."),
    "multiplier_off": _l("%(name)s closed: with a multiplier of 1 nobody is doubled."),
    "lowest_closer": _l("%(name)s closed with the lowest score: not doubled."),
    "zero_closer": _l("%(name)s closed with 0: nothing to double."),
    "tie_not_doubled": _l("%(name)s closed tied for the lowest score: ties do not double here."),
    "ends_early": _l(
        "With this change the game would have ended after round %(number)s, "
        "but later rounds follow: take them back first."
    ),
    "ends_game_one": _l("This round ends the game: %(name)s wins."),
    "ends_game_many": _l("This round ends the game: %(names)s win."),
    "reopens": _l("The game is no longer over: no total reaches %(target)s now."),
    "stays_over_one": _l("The game stays over: %(name)s wins."),
    "stays_over_many": _l("The game stays over: %(names)s win."),
}
"""Every message a script shows, by key."""


_BY_CATALOGUE: WeakKeyDictionary[object, dict[str, str]] = WeakKeyDictionary()
"""The messages worked out once per language's catalogue (every page carries them all)."""


def catalogue() -> dict[str, str]:
    """The scripts' messages in the current request's language."""
    translations = get_translations()
    messages = _BY_CATALOGUE.get(translations)
    if messages is None:
        messages = {key: str(text) for key, text in STRINGS.items()}
        _BY_CATALOGUE[translations] = messages
    return dict(messages)


def limits() -> dict[str, object]:
    """The limits the pages drawn on the phone check, from where they are declared."""
    return {
        "max_players": MAX_PLAYERS,
        "name_max": NAME_MAX,
        "target_max": TARGET_MAX,
        "multiplier_max": MULTIPLIER_MAX,
        "score_limit": SCORE_LIMIT,
        "raw_min": RAW_MIN,
        "raw_max": RAW_MAX,
        "deck_counts": {str(value): count for value, count in COUNTS.items()},
    }

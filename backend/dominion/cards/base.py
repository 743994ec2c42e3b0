"""Base set kingdom cards, 1st and 2nd edition (2nd-edition texts where they differ).

Every effect is written against the primitives of :class:`dominion.engine.Game`.
Attack cards ask for their victims first: reactions such as Moat are revealed
when the Attack is played, before it does anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import CARDS as PICK_CARDS
from ..decisions import OPTION, ORDER, SUPPLY
from ..prompts import HAND, MAX_COST, ON_TOP, UP_TO, YES_NO, prompt
from .card import (
    ACTION,
    BOTH,
    FIRST,
    SECOND,
    ATTACK,
    DRAW,
    PLUS_BUY,
    REACTION,
    TRASHING,
    VICTORY,
    VILLAGE,
    card,
    define,
    CARDS,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game, PlayedCard


# Each card registers the prompts it asks just above its effect (see
# dominion.prompts). ``public`` is True only where whether the prompt is asked
# follows from public information alone: Game.choose_cards skips a choice with
# no real alternative (e.g. a hand of identical cards), which makes the
# existence of such a prompt depend on the hidden hand.


def _is_action(name: str) -> bool:
    return CARDS[name].is_action


prompt("cellar.discard", PICK_CARDS,
       f"Any number of cards to discard, then draw as many; {ON_TOP}.",
       card="Cellar", options=HAND, public=True)  # asked whenever the hand is not empty


@card("Cellar", 2, [ACTION], "base", BOTH,
      "+1 Action. Discard any number of cards, then draw as many as you discarded.")
def cellar(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, actions=1)
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "cellar.discard", 0, None, played.name)
    game.discard_from_hand(seat, chosen)
    game.draw(seat, len(chosen))


prompt("chapel.trash", PICK_CARDS, "Up to 4 cards from the hand to trash, in any order.",
       card="Chapel", options=HAND, public=True)  # asked whenever the hand is not empty


@card("Chapel", 2, [ACTION], "base", BOTH, "Trash up to 4 cards from your hand.",
      tags=[TRASHING])
def chapel(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    game.trash_from_hand(seat, game.choose_cards(seat, hand, "chapel.trash", 0, 4, played.name))


def _moat_blocks(game: "Game", seat: int, attack: str) -> bool:
    return True


@card("Moat", 2, [ACTION, REACTION], "base", BOTH,
      "+2 Cards. When another player plays an Attack, you may first reveal this "
      "from your hand to be unaffected by it.",
      on_attack=_moat_blocks, tags=[DRAW])
def moat(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=2)


prompt("chancellor.discard_deck", OPTION,
       "Whether to put the whole deck into the discard pile at once.",
       card="Chancellor", options=YES_NO, public=True)  # asked whenever the deck is not empty


@card("Chancellor", 3, [ACTION], "base", FIRST,
      "+$2. You may at once put your whole deck into your discard pile.")
def chancellor(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, coins=2)
    p = game.state.players[seat]
    if p.deck and game.may(seat, "chancellor.discard_deck", played.name):
        count = len(p.deck)
        p.discard += p.deck
        p.deck = []
        game.emit("deck_to_discard", seat, count=count)


prompt("harbinger.topdeck", PICK_CARDS,
       "A card from the discard pile to put onto the deck, or none.",
       card="Harbinger", options="the cards in the discard pile",
       public=True)  # asked whenever the discard pile is not empty


@card("Harbinger", 3, [ACTION], "base", SECOND,
      "+1 Card, +1 Action. Look through your discard pile. You may put a card "
      "from it onto your deck.")
def harbinger(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1)
    p = game.state.players[seat]
    chosen = game.choose_cards(seat, p.discard, "harbinger.topdeck", 0, 1, played.name)
    if chosen:
        p.discard.remove(chosen[0])
        game.topdeck_cards(seat, chosen)  # looked through, not revealed


@card("Merchant", 3, [ACTION], "base", SECOND,
      "+1 Card, +1 Action. The first time you play a Silver this turn, +$1.")
def merchant(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1)
    turn = game.state.turn
    if not turn.silver_played:  # a Merchant after the first Silver adds nothing
        turn.add_effect("merchant")


prompt("vassal.play", OPTION,
       "Whether to play the Action card just discarded from the top of the deck.",
       card="Vassal", args={"drawn": "the Action card discarded"}, options=YES_NO,
       public=True)  # the discarded card was revealed


@card("Vassal", 3, [ACTION], "base", SECOND,
      "+$2. Discard the top card of your deck. If it is an Action card, you may play it.")
def vassal(game: "Game", seat: int, played: "PlayedCard") -> None:
    from ..engine import PlayedCard

    game.plus(seat, coins=2)
    top = game.reveal_top(seat, 1)
    if not top:
        return
    name = top[0]
    game.discard_cards(seat, top)
    if _is_action(name) and game.may(seat, "vassal.play", played.name, drawn=name):
        p = game.state.players[seat]
        p.discard.pop()  # it is the top card of the discard pile
        p.in_play.append(name)
        game.resolve(seat, PlayedCard(name))


@card("Village", 3, [ACTION], "base", BOTH, "+1 Card, +2 Actions.", tags=[VILLAGE])
def village(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=2)


@card("Woodcutter", 3, [ACTION], "base", FIRST, "+1 Buy, +$2.", tags=[PLUS_BUY])
def woodcutter(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, buys=1, coins=2)


prompt("workshop.gain", SUPPLY, "The pile to gain a card from.",
       card="Workshop", args=MAX_COST, options=UP_TO, public=True)


@card("Workshop", 3, [ACTION], "base", BOTH, "Gain a card costing up to $4.")
def workshop(game: "Game", seat: int, played: "PlayedCard") -> None:
    pile = game.choose_supply(seat, "workshop.gain", max_cost=4, card=played.name)
    if pile:
        game.gain(seat, pile)


prompt("bureaucrat.topdeck", PICK_CARDS,
       "The Victory card to reveal from the hand and put onto the deck.",
       card="Bureaucrat", options="the Victory cards in hand")  # not asked if all alike


@card("Bureaucrat", 4, [ACTION, ATTACK], "base", BOTH,
      "Gain a Silver onto your deck. Each other player reveals a Victory card "
      "from their hand and puts it onto their deck (or reveals a hand with no "
      "Victory cards).")
def bureaucrat(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.gain(seat, "Silver", to="deck")
    for v in victims:
        hand = game.state.players[v].hand
        victory = [c for c in hand if CARDS[c].is_victory]
        if not victory:
            game.reveal_hand(v)
            continue
        chosen = game.choose_cards(v, victory, "bureaucrat.topdeck", 1, 1, played.name)
        game.emit("reveal", v, cards=list(chosen))
        game.topdeck_from_hand(v, chosen, private=False)


prompt("feast.gain", SUPPLY, "The pile to gain a card from.",
       card="Feast", args=MAX_COST, options=UP_TO, public=True)


@card("Feast", 4, [ACTION], "base", FIRST, "Trash this card. Gain a card costing up to $5.")
def feast(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.trash_played(seat, played)
    pile = game.choose_supply(seat, "feast.gain", max_cost=5, card=played.name)
    if pile:
        game.gain(seat, pile)


def _gardens_score(cards: list[str]) -> int:
    return len(cards) // 10


define("Gardens", 4, [VICTORY], "base", BOTH,
       "Worth 1 VP for every 10 cards you have (round down).", score=_gardens_score)


prompt("militia.discard", PICK_CARDS,
       f"The cards to discard down to 3 in hand; {ON_TOP}.",
       card="Militia", options=HAND)  # not asked if the hand holds copies of one card


@card("Militia", 4, [ACTION, ATTACK], "base", BOTH,
      "+$2. Each other player discards down to 3 cards in hand.")
def militia(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.plus(seat, coins=2)
    for v in victims:
        hand = game.state.players[v].hand
        extra = len(hand) - 3
        if extra > 0:
            chosen = game.choose_cards(v, hand, "militia.discard", extra, extra, played.name)
            game.discard_from_hand(v, chosen)


prompt("moneylender.trash", OPTION, "Whether to trash a Copper from the hand for +$3.",
       card="Moneylender", options=YES_NO)  # asked only with a Copper in hand (2nd edition)


@card("Moneylender", 4, [ACTION], "base", BOTH,
      "You may trash a Copper from your hand for +$3.", tags=[TRASHING],
      text_1e="Trash a Copper from your hand. If you do, +$3.")
def moneylender(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    if "Copper" in hand and (
        game.first_edition or game.may(seat, "moneylender.trash", played.name)
    ):
        game.trash_from_hand(seat, ["Copper"])
        game.plus(seat, coins=3)


prompt("poacher.discard", PICK_CARDS,
       f"The cards to discard, one per empty supply pile; {ON_TOP}.",
       card="Poacher", options=HAND)  # not asked if the hand holds copies of one card


@card("Poacher", 4, [ACTION], "base", SECOND,
      "+1 Card, +1 Action, +$1. Discard a card per empty Supply pile.")
def poacher(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1, coins=1)
    empty = game.empty_piles()
    if empty:
        hand = game.state.players[seat].hand
        chosen = game.choose_cards(seat, hand, "poacher.discard", empty, empty, played.name)
        game.discard_from_hand(seat, chosen)


prompt("remodel.trash", PICK_CARDS, "The card to trash from the hand.",
       card="Remodel", options=HAND)  # not asked if the hand holds copies of one card
prompt("remodel.gain", SUPPLY,
       "The pile to gain a card from, costing up to $2 more than the trashed card.",
       card="Remodel", args=MAX_COST, options=UP_TO, public=True)  # the trashed card is public


@card("Remodel", 4, [ACTION], "base", BOTH,
      "Trash a card from your hand. Gain a card costing up to $2 more than it.",
      tags=[TRASHING])
def remodel(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "remodel.trash", 1, 1, played.name)
    if not chosen:
        return
    game.trash_from_hand(seat, chosen)
    limit = game.cost(chosen[0]) + 2
    pile = game.choose_supply(seat, "remodel.gain", max_cost=limit, card=played.name)
    if pile:
        game.gain(seat, pile)


@card("Smithy", 4, [ACTION], "base", BOTH, "+3 Cards.", tags=[DRAW])
def smithy(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=3)


prompt("spy.choose", OPTION,
       "Whether the revealed top card of args.target's deck is discarded or put back.",
       card="Spy", args={"target": "the seat whose card was revealed",
                         "revealed": "the revealed card"},
       options="\"discard\" or \"keep\"", public=True)


@card("Spy", 4, [ACTION, ATTACK], "base", FIRST,
      "+1 Card, +1 Action. Each player (you too) reveals the top card of their "
      "deck; you choose for each whether it is discarded or put back.")
def spy(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.plus(seat, cards=1, actions=1)
    for target in [seat] + victims:
        top = game.reveal_top(target, 1)
        if not top:
            continue
        choice = game.choose_option(
            seat, ["discard", "keep"], "spy.choose", played.name, target=target, revealed=top[0]
        )
        if choice == "discard":
            game.discard_cards(target, top)
        else:
            game.state.players[target].deck += top


prompt("thief.trash", PICK_CARDS, "The revealed Treasure of args.target to trash.",
       card="Thief", args={"target": "the seat whose cards were revealed"},
       options="the Treasures args.target revealed", public=True)
prompt("thief.gain", PICK_CARDS,
       f"The Treasures trashed by this Thief to gain, any number; {ON_TOP}.",
       card="Thief", options="the Treasures this play trashed", public=True)


@card("Thief", 4, [ACTION, ATTACK], "base", FIRST,
      "Each other player reveals the top 2 cards of their deck. Of the revealed "
      "Treasures you pick one per player to trash; you may gain any of those. "
      "The other revealed cards are discarded.")
def thief(game: "Game", seat: int, played: "PlayedCard") -> None:
    trashed: list[str] = []
    for v in game.attack_targets(seat, played.name):
        revealed = game.reveal_top(v, 2)
        treasures = [c for c in revealed if game.is_treasure(c)]
        if treasures:
            chosen = game.choose_cards(seat, treasures, "thief.trash", 1, 1, played.name, target=v)
            revealed.remove(chosen[0])
            game.trash_cards(v, chosen)
            trashed += chosen
        game.discard_cards(v, revealed)
    # Gains come after every victim's trashing, from this play's Treasures only.
    if trashed:
        for name in game.choose_cards(seat, trashed, "thief.gain", 0, None, played.name):
            game.gain(seat, name, from_trash=True)


prompt("throne_room.play", PICK_CARDS,
       "An Action card from the hand to play twice, or none (min 1 in the 1st edition).",
       card="Throne Room", options="the Action cards in hand")  # asked only with one in hand


@card("Throne Room", 4, [ACTION], "base", BOTH,
      "You may play an Action card from your hand twice.",
      text_1e="Choose an Action card in your hand. Play it twice.")
def throne_room(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    actions = [c for c in hand if _is_action(c)]
    least = 1 if game.first_edition else 0
    chosen = game.choose_cards(seat, actions, "throne_room.play", least, 1, played.name)
    if chosen:
        target = game.play_from_hand(seat, chosen[0])
        game.resolve(seat, target)


prompt("bandit.trash", PICK_CARDS,
       "Which of the revealed Treasures other than Copper to trash.",
       card="Bandit", options="the revealed Treasures other than Copper", public=True)


@card("Bandit", 5, [ACTION, ATTACK], "base", SECOND,
      "Gain a Gold. Each other player reveals the top 2 cards of their deck, "
      "trashes a revealed Treasure other than Copper, and discards the rest.")
def bandit(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.gain(seat, "Gold")
    for v in victims:
        revealed = game.reveal_top(v, 2)
        good = [c for c in revealed if game.is_treasure(c) and c != "Copper"]
        if good:
            chosen = game.choose_cards(v, good, "bandit.trash", 1, 1, played.name)
            revealed.remove(chosen[0])
            game.trash_cards(v, chosen)
        game.discard_cards(v, revealed)


@card("Council Room", 5, [ACTION], "base", BOTH,
      "+4 Cards, +1 Buy. Each other player draws a card.", tags=[DRAW, PLUS_BUY])
def council_room(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=4, buys=1)
    for other in game.others(seat):
        game.draw(other, 1)


@card("Festival", 5, [ACTION], "base", BOTH, "+2 Actions, +1 Buy, +$2.",
      tags=[VILLAGE, PLUS_BUY])
def festival(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, actions=2, buys=1, coins=2)


@card("Laboratory", 5, [ACTION], "base", BOTH, "+2 Cards, +1 Action.", tags=[DRAW])
def laboratory(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=2, actions=1)


prompt("library.set_aside", OPTION,
       "Whether to set aside the Action card just drawn instead of keeping it in hand.",
       card="Library", args={"drawn": "the Action card drawn"},
       options=YES_NO)  # the drawn card is secret


@card("Library", 5, [ACTION], "base", BOTH,
      "Draw until you have 7 cards in hand. You may set aside any Action cards "
      "drawn this way, as you draw them; discard the set-aside cards afterwards.",
      tags=[DRAW])
def library(game: "Game", seat: int, played: "PlayedCard") -> None:
    p = game.state.players[seat]
    aside: list[str] = []
    while len(p.hand) < 7:
        got = game._pull(seat, 1)  # set-aside cards are not in the discard: never shuffled in
        if not got:
            break
        name = got[0]
        if _is_action(name) and game.may(seat, "library.set_aside", played.name, drawn=name):
            p.set_aside.append(name)
            aside.append(name)
            game.emit("set_aside", seat, cards=[name])
        else:
            p.hand.append(name)
            game.emit("draw", seat, cards=[name], private=True)
    for name in aside:
        p.set_aside.remove(name)
    game.discard_cards(seat, aside)


@card("Market", 5, [ACTION], "base", BOTH, "+1 Card, +1 Action, +1 Buy, +$1.",
      tags=[PLUS_BUY])
def market(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1, buys=1, coins=1)


prompt("mine.trash", PICK_CARDS,
       "A Treasure from the hand to trash, or none (min 1 in the 1st edition).",
       card="Mine", options="the Treasures in hand")  # asked only with one in hand
prompt("mine.gain", SUPPLY,
       "The Treasure pile to gain a card from, to the hand.",
       card="Mine", args=MAX_COST,
       options="the non-empty Treasure piles costing up to args.max_cost", public=True)


@card("Mine", 5, [ACTION], "base", BOTH,
      "You may trash a Treasure from your hand. Gain a Treasure to your hand "
      "costing up to $3 more than it.",
      text_1e="Trash a Treasure card from your hand. Gain a Treasure card costing "
      "up to $3 more; put it into your hand.")
def mine(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    treasures = [c for c in hand if game.is_treasure(c)]
    least = 1 if game.first_edition else 0
    chosen = game.choose_cards(seat, treasures, "mine.trash", least, 1, played.name)
    if not chosen:
        return
    game.trash_from_hand(seat, chosen)
    pile = game.choose_supply(
        seat, "mine.gain", max_cost=game.cost(chosen[0]) + 3,
        where=lambda c: game.is_treasure(c.name), card=played.name,
    )
    if pile:
        game.gain(seat, pile, to="hand")


prompt("sentry.trash", PICK_CARDS, "Which of the looked-at cards to trash, in any order.",
       card="Sentry", options="the cards looked at", public=True)  # asked if any were there
prompt("sentry.discard", PICK_CARDS,
       f"Which of the looked-at cards left to discard; {ON_TOP}.",
       card="Sentry", options="the looked-at cards not trashed", public=True)
prompt("sentry.order", ORDER, "The order to put the rest back on the deck.",
       card="Sentry", options="the looked-at cards kept")  # not asked for two alike


@card("Sentry", 5, [ACTION], "base", SECOND,
      "+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or "
      "discard any number of them. Put the rest back on top in any order.",
      tags=[TRASHING])
def sentry(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1)
    looked = game.reveal_top(seat, 2, look=True)
    trashed = game.choose_cards(seat, looked, "sentry.trash", 0, None, played.name)
    for c in trashed:
        looked.remove(c)
    game.trash_cards(seat, trashed)
    discarded = game.choose_cards(seat, looked, "sentry.discard", 0, None, played.name)
    for c in discarded:
        looked.remove(c)
    game.discard_cards(seat, discarded, private=True)  # looked at, never revealed
    order = game.choose_order(seat, looked, "sentry.order", played.name)
    game.topdeck_cards(seat, order[::-1])


@card("Witch", 5, [ACTION, ATTACK], "base", BOTH,
      "+2 Cards. Each other player gains a Curse.", tags=[DRAW])
def witch(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.plus(seat, cards=2)
    for v in victims:
        game.gain(v, "Curse")


@card("Adventurer", 6, [ACTION], "base", FIRST,
      "Reveal cards from your deck until you reveal 2 Treasures. Put those "
      "Treasures into your hand and discard the other revealed cards.")
def adventurer(game: "Game", seat: int, played: "PlayedCard") -> None:
    found: list[str] = []
    others: list[str] = []
    while len(found) < 2:
        got = game.reveal_top(seat, 1)  # revealed cards are held out of any shuffle
        if not got:
            break
        (found if game.is_treasure(got[0]) else others).append(got[0])
    game.state.players[seat].hand += found
    game.discard_cards(seat, others)


prompt("artisan.gain", SUPPLY, "The pile to gain a card from, to the hand.",
       card="Artisan", args=MAX_COST, options=UP_TO, public=True)
prompt("artisan.topdeck", PICK_CARDS, "The card from the hand to put onto the deck.",
       card="Artisan", options=HAND)  # not asked if the hand holds copies of one card


@card("Artisan", 6, [ACTION], "base", SECOND,
      "Gain a card to your hand costing up to $5. Put a card from your hand onto your deck.")
def artisan(game: "Game", seat: int, played: "PlayedCard") -> None:
    pile = game.choose_supply(seat, "artisan.gain", max_cost=5, card=played.name)
    if pile:
        game.gain(seat, pile, to="hand")
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "artisan.topdeck", 1, 1, played.name)
    game.topdeck_from_hand(seat, chosen)

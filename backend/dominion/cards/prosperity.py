"""Prosperity kingdom Action cards, 1st and 2nd edition.

Cards removed in the 2nd edition (Counting House, Goons, Mountebank, Trade
Route) and cards added in it (Charlatan, Clerk, Magnate) play in any game;
no Action card here changed what it does between editions (rules.md 9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import CARDS as PICK_CARDS
from ..decisions import OPTION, ORDER, SUPPLY
from ..gains import move_gained
from ..prompts import HAND, MAX_COST, ON_TOP, UP_TO, YES_NO, prompt
from ..state import BUY_PHASE
from .card import (
    ACTION,
    ATTACK,
    BOTH,
    CARDS,
    DRAW,
    FIRST,
    PLUS_BUY,
    REACTION,
    SECOND,
    TRASHING,
    TREASURE,
    VILLAGE,
    card,
    hook,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game, PlayedCard
    from ..gains import Gain


prompt("bishop.trash", PICK_CARDS,
       "The card to trash from the hand for VP tokens (half its cost, rounded down).",
       card="Bishop", options=HAND)  # not asked if the hand holds copies of one card
prompt("bishop.other_trash", PICK_CARDS,
       "A card from the hand to trash (for no VP), or none.",
       card="Bishop", options="the cards in that seat's hand",
       public=True)  # asked whenever the seat's hand is not empty


@card("Bishop", 4, [ACTION], "prosperity", BOTH,
      "+$1 and take a VP token. Trash a card from your hand and take a VP token for each "
      "whole $2 it costs. Every other player may trash a card from their hand.",
      tags=[TRASHING])
def bishop(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, coins=1)
    game.add_vp(seat, 1)
    players = game.state.players
    chosen = game.choose_cards(seat, players[seat].hand, "bishop.trash", 1, 1, played.name)
    if chosen:
        vp = game.cost(chosen[0]) // 2  # its cost now (Bridge lowers it)
        game.trash_from_hand(seat, chosen)
        if vp:
            game.add_vp(seat, vp)
    for other in game.others(seat):  # not an Attack: Moat does nothing
        hand = players[other].hand
        game.trash_from_hand(other, game.choose_cards(other, hand, "bishop.other_trash", 0, 1,
                                                      played.name))


@card("Charlatan", 5, [ACTION, ATTACK], "prosperity", SECOND,
      "+$3. Every other player gains a Curse. In games with this card, Curse is also a "
      "Treasure that makes $1.")
def charlatan(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.plus(seat, coins=3)
    for v in victims:  # in turn order: the last Curses go to the nearest players
        game.gain(v, "Curse")


@card("City", 5, [ACTION], "prosperity", BOTH,
      "+1 Card, +2 Actions. With at least one empty Supply pile, +1 more Card; with at "
      "least two, +$1 and +1 Buy as well.", tags=[VILLAGE])
def city(game: "Game", seat: int, played: "PlayedCard") -> None:
    empty = game.empty_piles()  # counted once, now; the trash is no Supply pile
    game.plus(seat, cards=1 + (empty >= 1), actions=2,
              coins=int(empty >= 2), buys=int(empty >= 2))


prompt("clerk.topdeck", PICK_CARDS,
       "The card from the hand to put onto the deck.",
       card="Clerk", options="the cards in the attacked seat's hand (5 or more)")
# Not public: asked only when the hand holds different cards.


@card("Clerk", 4, [ACTION, REACTION, ATTACK], "prosperity", SECOND,
      "+$2. Every other player holding 5 or more cards puts one of them onto their deck. "
      "At the start of your turn you may play this from your hand, using no Action.",
      start_of_turn=True)
def clerk(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.plus(seat, coins=2)
    players = game.state.players
    for v in victims:
        hand = players[v].hand
        if len(hand) >= 5:
            game.topdeck_from_hand(v, game.choose_cards(v, hand, "clerk.topdeck", 1, 1,
                                                        played.name))


prompt("counting_house.take", PICK_CARDS,
       "The Coppers from the discard pile to reveal and put into the hand.",
       card="Counting House", options="the Coppers in the discard pile")
# Not public: asked only when the discard pile holds a Copper.


@card("Counting House", 5, [ACTION], "prosperity", FIRST,
      "Search your discard pile and put as many Coppers from it as you like into your "
      "hand, revealing them.")
def counting_house(game: "Game", seat: int, played: "PlayedCard") -> None:
    p = game.state.players[seat]
    coppers = [c for c in p.discard if c == "Copper"]
    taken = game.choose_cards(seat, coppers, "counting_house.take", 0, None, played.name)
    if taken:
        for c in taken:
            p.discard.remove(c)
        p.hand += taken
        game.emit("reveal", seat, cards=list(taken))  # only the Coppers taken are shown


prompt("expand.trash", PICK_CARDS, "The card to trash from the hand.",
       card="Expand", options=HAND)  # not asked if the hand holds copies of one card
prompt("expand.gain", SUPPLY,
       "The pile to gain a card from, costing up to $3 more than the trashed card.",
       card="Expand", args=MAX_COST, options=UP_TO, public=True)  # the trash is public


@card("Expand", 7, [ACTION], "prosperity", BOTH,
      "Trash a card from your hand. Gain a card costing up to $3 more than it.",
      tags=[TRASHING])
def expand(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "expand.trash", 1, 1, played.name)
    if not chosen:
        return  # nothing to trash: nothing gained
    game.trash_from_hand(seat, chosen)
    pile = game.choose_supply(seat, "expand.gain", max_cost=game.cost(chosen[0]) + 3,
                              card=played.name)
    if pile:
        game.gain(seat, pile)


prompt("forge.trash", PICK_CARDS,
       "Any number of cards from the hand to trash; their total cost is the cost of the "
       "card gained.",
       card="Forge", options=HAND, public=True)  # asked whenever the hand is not empty
prompt("forge.gain", SUPPLY,
       "The pile to gain a card from, costing exactly the total cost of the trashed cards.",
       card="Forge", args={"cost": "the cost the gained card must have now, in coins"},
       options="the non-empty supply piles costing exactly args.cost", public=True)


@card("Forge", 7, [ACTION], "prosperity", BOTH,
      "Trash as many cards from your hand as you like (none is fine). Gain a card whose "
      "cost is exactly their total cost.", tags=[TRASHING])
def forge(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "forge.trash", 0, None, played.name)
    total = sum(game.cost(c) for c in chosen)  # none trashed: a $0 card
    game.trash_from_hand(seat, chosen)
    pile = game.choose_supply(seat, "forge.gain", exact_cost=total, card=played.name)
    if pile:
        game.gain(seat, pile)


prompt("goons.discard", PICK_CARDS,
       f"The cards to discard down to 3 in hand; {ON_TOP}.",
       card="Goons", options="the cards in the attacked seat's hand")
# Not public: a hand of one repeated card is not asked.


@card("Goons", 6, [ACTION, ATTACK], "prosperity", FIRST,
      "+1 Buy, +$2. Every other player discards down to 3 cards in hand. While this is in "
      "play, take a VP token whenever you buy a card.", tags=[PLUS_BUY])
def goons(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.plus(seat, buys=1, coins=2)
    for v in victims:
        hand = game.state.players[v].hand
        if len(hand) > 3:
            n = len(hand) - 3
            game.discard_from_hand(v, game.choose_cards(v, hand, "goons.discard", n, n,
                                                        played.name))


@hook("Goons", "on_buy_in_play")
def _goons_bought(game: "Game", seat: int, bought: str) -> None:
    game.add_vp(seat, 1)  # called once per Goons card in play, however often it was played


@card("Grand Market", 6, [ACTION], "prosperity", BOTH,
      "+1 Card, +1 Action, +1 Buy, +$2. You can't buy this while you have a Copper in play.",
      tags=[PLUS_BUY])
def grand_market(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1, buys=1, coins=2)


@hook("Grand Market", "may_buy")
def _grand_market_may_buy(game: "Game", seat: int) -> bool:
    return "Copper" not in game.state.players[seat].in_play  # Coppers in hand don't matter


prompt("kings_court.play", PICK_CARDS, "An Action card from the hand to play three times, or none.",
       card="King's Court", options="the Action cards in hand")  # asked only with one in hand


@card("King's Court", 7, [ACTION], "prosperity", BOTH,
      "You may play an Action card from your hand three times.")
def kings_court(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    actions = [c for c in hand if CARDS[c].is_action]
    chosen = game.choose_cards(seat, actions, "kings_court.play", 0, 1, played.name)
    if chosen:
        # One card, three plays: ``target.moved`` keeps a self-trashing card trashed once.
        target = game.play_from_hand(seat, chosen[0])
        game.resolve(seat, target)
        game.resolve(seat, target)


@card("Magnate", 5, [ACTION], "prosperity", SECOND,
      "Reveal your hand. +1 Card for each Treasure in it.", tags=[DRAW])
def magnate(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.reveal_hand(seat)
    hand = game.state.players[seat].hand
    game.plus(seat, cards=sum(1 for c in hand if game.is_treasure(c)))  # Curse with Charlatan


@card("Monument", 4, [ACTION], "prosperity", BOTH, "+$2. Take a VP token.")
def monument(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, coins=2)
    game.add_vp(seat, 1)


prompt("mountebank.discard_curse", OPTION,
       "Whether to discard a Curse from the hand rather than gain a Curse and a Copper.",
       card="Mountebank", options=YES_NO)  # asked only with a Curse in hand


@card("Mountebank", 5, [ACTION, ATTACK], "prosperity", FIRST,
      "+$2. Every other player may discard a Curse from their hand; any who doesn't gains "
      "a Curse and a Copper.")
def mountebank(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)  # Moat blocks both the choice and gains
    game.plus(seat, coins=2)
    players = game.state.players
    for v in victims:
        if "Curse" in players[v].hand and game.may(v, "mountebank.discard_curse", played.name):
            players[v].hand.remove("Curse")
            game.discard_cards(v, ["Curse"])  # shown: it is what saves them
            continue
        game.gain(v, "Curse")  # two gains: Watchtower may answer each
        game.gain(v, "Copper")


@card("Peddler", 8, [ACTION], "prosperity", BOTH,
      "+1 Card, +1 Action, +$1. In a player's Buy phase this costs $2 less for each Action "
      "card they have in play.")
def peddler(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1, coins=1)


@hook("Peddler", "own_cost")
def _peddler_cost(game: "Game", cost: int) -> int:
    turn = game.state.turn
    if turn.phase != BUY_PHASE:
        return cost  # gains in the Action phase see the full cost
    in_play = game.state.players[turn.seat].in_play
    return cost - 2 * sum(1 for c in in_play if CARDS[c].is_action)  # cards, not plays


prompt("rabble.order", ORDER, "The order to put the revealed cards back on the deck.",
       card="Rabble", options="the revealed cards that are neither Actions nor Treasures",
       public=True)  # the cards were revealed


@card("Rabble", 5, [ACTION, ATTACK], "prosperity", BOTH,
      "+3 Cards. Every other player reveals the top 3 cards of their deck, discards the "
      "Actions and Treasures among them, and puts the others back in the order they choose.",
      tags=[DRAW])
def rabble(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.plus(seat, cards=3)
    for v in victims:
        shown = game.reveal_top(v, 3)
        gone = [c for c in shown if {ACTION, TREASURE} & game.types(c)]  # Harem, Nobles too
        rest = [c for c in shown if c not in gone]
        game.discard_cards(v, gone)
        aside = game.state.players[v].set_aside
        aside += rest  # revealed: they wait set aside while the order is chosen
        order = game.choose_order(v, rest, "rabble.order", played.name)
        for c in rest:
            aside.remove(c)
        game.topdeck_cards(v, order[::-1])


prompt("trade_route.trash", PICK_CARDS, "The card to trash from the hand.",
       card="Trade Route", options=HAND)  # not asked if the hand holds copies of one card


@card("Trade Route", 3, [ACTION], "prosperity", FIRST,
      "+1 Buy, +$1 for each token on the Trade Route mat. Trash a card from your hand. "
      "Setup: each Victory Supply pile gets a token; the first time a card is gained from "
      "such a pile, its token moves to the mat.", tags=[PLUS_BUY, TRASHING])
def trade_route(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, buys=1, coins=game.state.trade_route_mat)
    hand = game.state.players[seat].hand
    game.trash_from_hand(seat, game.choose_cards(seat, hand, "trade_route.trash", 1, 1,
                                                 played.name))


prompt("vault.discard", PICK_CARDS,
       f"Any number of cards to discard for +$1 each; {ON_TOP}.",
       card="Vault", options=HAND, public=True)  # asked whenever the hand is not empty
prompt("vault.offer", OPTION,
       "Whether to discard 2 cards to draw 1 (with a single card in hand: discard it, "
       "draw nothing).",
       card="Vault", options=YES_NO,
       public=True)  # asked of every other seat with a card in hand
prompt("vault.other_discard", PICK_CARDS,
       f"The 2 cards to discard before drawing 1; {ON_TOP}.",
       card="Vault", options="the cards in that seat's hand")
# Not public: a hand of exactly 2 cards, or copies of one card, is not asked.


@card("Vault", 5, [ACTION], "prosperity", BOTH,
      "+2 Cards. Discard as many cards as you like for +$1 each. Every other player may "
      "discard 2 cards; whoever does draws a card.", tags=[DRAW])
def vault(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=2)
    players = game.state.players
    hand = players[seat].hand
    chosen = game.discard_from_hand(seat, game.choose_cards(seat, hand, "vault.discard", 0,
                                                            None, played.name))
    game.plus(seat, coins=len(chosen))
    for other in game.others(seat):  # not an Attack
        hand = players[other].hand
        if not hand or not game.may(other, "vault.offer", played.name):
            continue
        n = 2 if len(hand) >= 2 else 1
        gone = game.discard_from_hand(other, game.choose_cards(other, hand,
                                                               "vault.other_discard", n, n,
                                                               played.name))
        if len(gone) == 2:  # a lone card is discarded for nothing
            game.draw(other, 1)


prompt("watchtower.reveal", OPTION,
       "Whether to reveal Watchtower to trash the card just gained (\"trash\"), put it onto "
       "the deck (\"deck\"), or do nothing (\"no\").",
       card="Watchtower",
       args={"gained": "the card just gained", "to": "where it was gained: \"discard\", "
                                                     "\"hand\" or \"deck\""},
       options="\"trash\", \"deck\" (left out when gained onto the deck) and \"no\"")
# Not public: asked only when the hand holds a Watchtower.


@card("Watchtower", 3, [ACTION, REACTION], "prosperity", BOTH,
      "Draw until you hold 6 cards. When you gain a card, you may reveal this from your "
      "hand to trash that card or to put it onto your deck.", tags=[DRAW])
def watchtower(game: "Game", seat: int, played: "PlayedCard") -> None:
    missing = 6 - len(game.state.players[seat].hand)
    if missing > 0:
        game.draw(seat, missing)


@hook("Watchtower", "on_gain_in_hand")
def _watchtower_reacts(game: "Game", seat: int, g: "Gain") -> None:
    if g.moved:
        return  # another reaction already took the card away (Royal Seal)
    options = ["trash", "no"] if g.to == "deck" else ["trash", "deck", "no"]
    choice = game.choose_option(seat, options, "watchtower.reveal", "Watchtower",
                                gained=g.card, to=g.to)
    if choice == "no":
        return
    game.emit("react", seat, card="Watchtower")
    move_gained(game, g, choice)  # still a gain: its token and Hoard's Gold stand


@card("Worker's Village", 4, [ACTION], "prosperity", BOTH,
      "+1 Card, +2 Actions, +1 Buy.", tags=[VILLAGE, PLUS_BUY])
def workers_village(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=2, buys=1)

"""Intrigue kingdom cards, 1st and 2nd edition.

Masquerade is the one card whose 2nd-edition text changed what it does; it
reads ``game.first_edition``. Cards removed in the 2nd edition (Coppersmith,
Great Hall, Saboteur, Scout, Secret Chamber, Tribute) and cards added in it
(Courtier, Diplomat, Lurker, Mill, Patrol, Replace, Secret Passage) play in
any game; the edition only picks between two texts of one card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import scores
from ..decisions import CARDS as PICK_CARDS
from ..decisions import OPTION, OPTIONS, ORDER, SUPPLY
from ..prompts import HAND, MAX_COST, ON_TOP, UP_TO, YES_NO, prompt
from .card import (
    ACTION,
    BOTH,
    FIRST,
    SECOND,
    ATTACK,
    CURSE,
    DRAW,
    PLUS_BUY,
    REACTION,
    TRASHING,
    TREASURE,
    VICTORY,
    VILLAGE,
    CARDS,
    card,
    define,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game, PlayedCard


def _action_card(name: str) -> bool:
    return CARDS[name].is_action


def _victory_card(name: str) -> bool:
    return CARDS[name].is_victory


prompt("baron.discard", OPTION,
       "Whether to discard an Estate from the hand for +$4; if not, an Estate is gained.",
       card="Baron", options=YES_NO)  # asked only with an Estate in hand


@card("Baron", 4, [ACTION], "intrigue", BOTH,
      "+1 Buy. You may discard an Estate from your hand for +$4. If you don't, gain an Estate.",
      tags=[PLUS_BUY])
def baron(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, buys=1)
    if "Estate" in game.state.players[seat].hand and game.may(
        seat, "baron.discard", played.name
    ):
        game.discard_from_hand(seat, ["Estate"])
        game.plus(seat, coins=4)
    else:
        game.gain(seat, "Estate")  # nothing if the pile is empty


@card("Bridge", 4, [ACTION], "intrigue", BOTH,
      "+1 Buy, +$1. This turn, all cards cost $1 less, but not less than $0.",
      tags=[PLUS_BUY])
def bridge(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, buys=1, coins=1)
    game.turn.add_effect("cost_reduction")  # Game.cost applies it everywhere


@card("Conspirator", 4, [ACTION], "intrigue", BOTH,
      "+$2. If you have played 3 or more Actions this turn (counting this one), "
      "+1 Card and +1 Action.")
def conspirator(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, coins=2)
    if game.state.turn.actions_played >= 3:  # every play counts, Throne Room's too
        game.plus(seat, cards=1, actions=1)


@card("Coppersmith", 4, [ACTION], "intrigue", FIRST,
      "Each Copper you play this turn makes $1 more.")
def coppersmith(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.turn.add_effect("coppersmith")  # Game.coins_of adds it to Coppers played from now on


COURTIER_BONUSES = ["action", "buy", "coins", "gold"]

prompt("courtier.reveal", PICK_CARDS, "The card to reveal from the hand.",
       card="Courtier", options=HAND)  # not asked if the hand holds copies of one card
prompt("courtier.choose", OPTIONS,
       "One different bonus per type of the revealed card: +1 Action, +1 Buy, +$3 "
       "or gaining a Gold.",
       card="Courtier",
       args={"revealed": "the card revealed", "count": "how many bonuses to choose"},
       options="\"action\", \"buy\", \"coins\", \"gold\"", public=True)


@card("Courtier", 5, [ACTION], "intrigue", SECOND,
      "Reveal a card from your hand. For each type it has (Action, Attack, ...), "
      "choose a different one: +1 Action; or +1 Buy; or +$3; or gain a Gold.",
      tags=[PLUS_BUY])
def courtier(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "courtier.reveal", 1, 1, played.name)
    if not chosen:
        return
    name = chosen[0]
    game.emit("reveal", seat, cards=[name])
    count = len(game.types(name))  # Curse is Curse and Treasure with Charlatan
    picked = game.choose_options(
        seat, COURTIER_BONUSES, "courtier.choose", count, played.name,
        revealed=name, count=count,
    )
    game.plus(seat, actions=int("action" in picked), buys=int("buy" in picked),
              coins=3 if "coins" in picked else 0)
    if "gold" in picked:
        game.gain(seat, "Gold")


prompt("courtyard.topdeck", PICK_CARDS, "The card from the hand to put onto the deck.",
       card="Courtyard", options=HAND)  # not asked if the hand holds copies of one card


@card("Courtyard", 2, [ACTION], "intrigue", BOTH,
      "+3 Cards. Put a card from your hand onto your deck.", tags=[DRAW])
def courtyard(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=3)
    hand = game.state.players[seat].hand
    game.topdeck_from_hand(seat, game.choose_cards(seat, hand, "courtyard.topdeck", 1, 1,
                                                   played.name))


def _diplomat_may_react(game: "Game", seat: int) -> bool:
    return len(game.state.players[seat].hand) >= 5


prompt("diplomat.discard", PICK_CARDS,
       f"The 3 cards to discard after revealing Diplomat and drawing 2; {ON_TOP}.",
       card="Diplomat", options=HAND)  # not asked if the hand holds copies of one card


def _diplomat_reacts(game: "Game", seat: int, attack: str) -> bool:
    game.draw(seat, 2)
    hand = game.state.players[seat].hand
    game.discard_from_hand(seat, game.choose_cards(seat, hand, "diplomat.discard", 3, 3,
                                                   "Diplomat"))
    return False  # the Attack still hits


@card("Diplomat", 4, [ACTION, REACTION], "intrigue", SECOND,
      "+2 Cards. If you then have 5 or fewer cards in hand, +2 Actions. When another "
      "player plays an Attack, you may first reveal this from a hand of 5 or more "
      "cards, to draw 2 cards and then discard 3.",
      on_attack=_diplomat_reacts, react_if=_diplomat_may_react, react_again=True,
      tags=[DRAW, VILLAGE])
def diplomat(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=2)
    if len(game.state.players[seat].hand) <= 5:
        game.plus(seat, actions=2)


def _duke_score(cards: list[str]) -> int:
    return cards.count("Duchy")


define("Duke", 5, [VICTORY], "intrigue", BOTH, "Worth 1 VP per Duchy you have.",
       score=_duke_score)


@card("Great Hall", 3, [ACTION, VICTORY], "intrigue", FIRST,
      "+1 Card, +1 Action. Worth 1 VP.", vp=1)
def great_hall(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1)


define("Harem", 6, [TREASURE, VICTORY], "intrigue", BOTH, "Worth $2. Worth 2 VP.",
       coins=2, vp=2)


prompt("ironworks.gain", SUPPLY, "The pile to gain a card from.",
       card="Ironworks", args=MAX_COST, options=UP_TO, public=True)


@card("Ironworks", 4, [ACTION], "intrigue", BOTH,
      "Gain a card costing up to $4. If it is an Action card, +1 Action; a Treasure "
      "card, +$1; a Victory card, +1 Card.")
def ironworks(game: "Game", seat: int, played: "PlayedCard") -> None:
    pile = game.choose_supply(seat, "ironworks.gain", max_cost=4, card=played.name)
    if pile and game.gain(seat, pile):
        gained = CARDS[pile]  # every type gives its bonus (Great Hall: two)
        game.plus(seat, cards=int(gained.is_victory), actions=int(gained.is_action),
                  coins=int(game.is_treasure(pile)))


prompt("lurker.choose", OPTION,
       "Whether to trash an Action card from the Supply or gain one from the trash.",
       card="Lurker", options="\"trash\" or \"gain\"",
       public=True)  # asked unless the Supply and the trash both lack Actions
prompt("lurker.trash", SUPPLY, "The Action pile of the Supply to trash a card from.",
       card="Lurker", options="the non-empty Action piles of the Supply", public=True)
prompt("lurker.gain", PICK_CARDS, "The Action card to gain from the trash.",
       card="Lurker", options="the Action cards in the trash", public=True)


@card("Lurker", 2, [ACTION], "intrigue", SECOND,
      "+1 Action. Choose one: trash an Action card from the Supply; or gain an "
      "Action card from the trash.")
def lurker(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, actions=1)
    st = game.state
    in_trash = [c for c in st.trash if _action_card(c)]
    in_supply = any(left > 0 and _action_card(n) for n, left in st.supply.items())
    if not in_trash and not in_supply:
        return
    # Both are offered even if one cannot be done: choosing it does nothing.
    if game.choose_option(seat, ["trash", "gain"], "lurker.choose", played.name) == "trash":
        pile = game.choose_supply(seat, "lurker.trash", where=lambda c: c.is_action,
                                  card=played.name)
        if pile:
            st.supply[pile] -= 1
            if not st.supply[pile]:
                game._piles_full = False  # the pile is empty now (Game._piles_full)
            st.trash.append(pile)
            game.emit("trash", seat, cards=[pile], source="supply")
    else:
        chosen = game.choose_cards(seat, in_trash, "lurker.gain", 1, 1, played.name)
        if chosen:
            game.gain(seat, chosen[0], from_trash=True)


prompt("masquerade.pass", PICK_CARDS,
       "The card to pass from the hand to the seat args.receiver.",
       card="Masquerade", args={"receiver": "the seat that receives the card"},
       options=HAND)  # not asked if the hand holds copies of one card
prompt("masquerade.trash", PICK_CARDS, "A card from the hand to trash, or none.",
       card="Masquerade", options=HAND, public=True)  # asked whenever the hand is not empty


def _masquerade_receivers(game: "Game", seat: int) -> dict[int, int]:
    """Who passes to whom, in turn order from ``seat``.

    1st edition: every seat with cards passes to its left neighbour, who
    receives even with an empty hand. 2nd edition: seats with empty hands are
    skipped; a lone seat with cards passes to itself.
    """
    players = game.state.players
    holding = [s for s in [seat] + game.others(seat) if players[s].hand]
    if game.first_edition:
        return {s: (s + 1) % len(players) for s in holding}
    return {s: holding[(i + 1) % len(holding)] for i, s in enumerate(holding)}


@card("Masquerade", 3, [ACTION], "intrigue", BOTH,
      "+2 Cards. Each player with any cards in hand passes one to the next such "
      "player to their left, at once. Then you may trash a card from your hand.",
      text_1e="+2 Cards. Each player passes a card from their hand to the player on "
      "their left, at once. Then you may trash a card from your hand.",
      tags=[DRAW, TRASHING])
def masquerade(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=2)
    players = game.state.players
    receivers = _masquerade_receivers(game, seat)
    # Everyone chooses before any card moves: nobody sees what they receive first.
    passed = {
        giver: game.choose_cards(giver, players[giver].hand, "masquerade.pass", 1, 1,
                                 played.name, receiver=to)[0]
        for giver, to in receivers.items()
    }
    for giver, name in passed.items():
        players[giver].hand.remove(name)
        players[giver].cards_version += 1
        players[receivers[giver]].cards_version += 1
    for giver, name in passed.items():
        to = receivers[giver]
        players[to].hand.append(name)
        scores.record_pass(game.state, giver, to, name)
        game.emit("pass", giver, receiver=to, cards=[name], private=True)
    hand = players[seat].hand
    game.trash_from_hand(seat, game.choose_cards(seat, hand, "masquerade.trash", 0, 1,
                                                 played.name))


prompt("mill.discard", PICK_CARDS,
       f"Up to 2 cards to discard, +$2 if 2; {ON_TOP}.",
       card="Mill", options=HAND, public=True)  # asked whenever the hand is not empty


@card("Mill", 4, [ACTION, VICTORY], "intrigue", SECOND,
      "+1 Card, +1 Action. You may discard 2 cards, for +$2. Worth 1 VP.", vp=1)
def mill(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1)
    hand = game.state.players[seat].hand
    chosen = game.discard_from_hand(seat, game.choose_cards(seat, hand, "mill.discard", 0, 2,
                                                            played.name))
    if len(chosen) == 2:  # discarding a single card is allowed but gives nothing
        game.plus(seat, coins=2)


prompt("mining_village.trash", OPTION, "Whether to trash this Mining Village from play for +$2.",
       card="Mining Village", options=YES_NO,
       public=True)  # asked whenever the played card is still in play


@card("Mining Village", 4, [ACTION], "intrigue", BOTH,
      "+1 Card, +2 Actions. You may trash this for +$2.", tags=[VILLAGE])
def mining_village(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=2)
    # Under Throne Room a card trashed by the first play cannot be trashed again.
    if played.moved or played.name not in game.state.players[seat].in_play:
        return
    if game.may(seat, "mining_village.trash", played.name) and game.trash_played(seat, played):
        game.plus(seat, coins=2)


prompt("minion.choose", OPTION,
       "Whether to take +$2, or to discard the hand and draw 4 (other seats with 5 or "
       "more cards in hand do the same).",
       card="Minion", options="\"coins\" or \"attack\"", public=True)


@card("Minion", 5, [ACTION, ATTACK], "intrigue", BOTH,
      "+1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other "
      "player with at least 5 cards in hand discards their hand and draws 4 cards.")
def minion(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)  # reactions come before the choice
    game.plus(seat, actions=1)
    if game.choose_option(seat, ["coins", "attack"], "minion.choose", played.name) == "coins":
        game.plus(seat, coins=2)
        return
    players = game.state.players
    game.discard_from_hand(seat, list(players[seat].hand))
    game.draw(seat, 4)
    for v in victims:
        if len(players[v].hand) >= 5:
            game.discard_from_hand(v, list(players[v].hand))
            game.draw(v, 4)


def _put_back(game: "Game", seat: int, cards: list[str], key: str, card_name: str) -> None:
    """Put revealed cards back on the deck in an order the player chooses.

    The order is the player's secret (the cards themselves were revealed)."""
    order = game.choose_order(seat, cards, key, card_name)
    game.topdeck_cards(seat, order[::-1])


prompt("nobles.choose", OPTION, "Whether to take +3 Cards or +2 Actions.",
       card="Nobles", options="\"cards\" or \"actions\"", public=True)


@card("Nobles", 6, [ACTION, VICTORY], "intrigue", BOTH,
      "Choose one: +3 Cards; or +2 Actions. Worth 2 VP.", vp=2, tags=[VILLAGE, DRAW])
def nobles(game: "Game", seat: int, played: "PlayedCard") -> None:
    if game.choose_option(seat, ["cards", "actions"], "nobles.choose", played.name) == "cards":
        game.plus(seat, cards=3)
    else:
        game.plus(seat, actions=2)


prompt("patrol.order", ORDER, "The order to put the revealed cards back on the deck.",
       card="Patrol", options="the revealed cards that are neither Victory cards nor Curses",
       public=True)  # the cards were revealed


@card("Patrol", 5, [ACTION], "intrigue", SECOND,
      "+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and "
      "Curses among them into your hand; put the others back in any order.", tags=[DRAW])
def patrol(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=3)
    shown = game.reveal_top(seat, 4)
    kept = [c for c in shown if _victory_card(c) or CURSE in CARDS[c].types]
    rest = [c for c in shown if c not in kept]
    game.state.players[seat].hand += kept
    _put_back(game, seat, rest, "patrol.order", played.name)


PAWN = ["card", "action", "buy", "coin"]

prompt("pawn.choose", OPTIONS, "Two different bonuses, chosen together before either happens.",
       card="Pawn", options="two of \"card\", \"action\", \"buy\", \"coin\"", public=True)


@card("Pawn", 2, [ACTION], "intrigue", BOTH,
      "Choose two different ones: +1 Card; +1 Action; +1 Buy; +$1.", tags=[PLUS_BUY])
def pawn(game: "Game", seat: int, played: "PlayedCard") -> None:
    chosen = game.choose_options(seat, PAWN, "pawn.choose", 2, played.name)
    game.plus(seat, cards=int("card" in chosen), actions=int("action" in chosen),
              buys=int("buy" in chosen), coins=int("coin" in chosen))


prompt("replace.trash", PICK_CARDS, "The card to trash from the hand.",
       card="Replace", options=HAND)  # not asked if the hand holds copies of one card
prompt("replace.gain", SUPPLY,
       "The pile to gain a card from, costing up to $2 more than the trashed card.",
       card="Replace", args=MAX_COST, options=UP_TO,
       public=True)  # the trashed card is public


@card("Replace", 5, [ACTION, ATTACK], "intrigue", SECOND,
      "Trash a card from your hand. Gain a card costing up to $2 more than it. "
      "If it is an Action or Treasure, put it onto your deck; if it is a Victory "
      "card, each other player gains a Curse.", tags=[TRASHING])
def replace(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "replace.trash", 1, 1, played.name)
    if not chosen:
        return
    game.trash_from_hand(seat, chosen)
    pile = game.choose_supply(seat, "replace.gain", max_cost=game.cost(chosen[0]) + 2,
                              card=played.name)
    if not pile:
        return
    got = CARDS[pile]
    game.gain(seat, pile, to="deck" if got.is_action or game.is_treasure(pile) else "discard")
    if got.is_victory:  # both can apply (Nobles, Mill, Harem)
        for v in victims:
            game.gain(v, "Curse")


prompt("saboteur.gain", SUPPLY,
       "The pile to gain a card from instead of the trashed one, or none.",
       card="Saboteur",
       args={"max_cost": "the most the gained card may cost now, in coins ($2 less than "
                         "the trashed card)",
             "trashed": "the card the Saboteur trashed"},
       options="the non-empty supply piles costing up to args.max_cost",
       public=True)  # the trashed card was revealed


@card("Saboteur", 5, [ACTION, ATTACK], "intrigue", FIRST,
      "Each other player reveals cards from the top of their deck until one costs "
      "$3 or more, trashes it and may gain a card costing at most $2 less than it. "
      "They discard the other revealed cards.")
def saboteur(game: "Game", seat: int, played: "PlayedCard") -> None:
    for v in game.attack_targets(seat, played.name):
        shown: list[str] = []  # held out of any reshuffle until discarded
        while True:
            got = game.reveal_top(v, 1)
            if not got:
                break
            name = got[0]
            cost = game.cost(name)
            if cost < 3:
                shown.append(name)
                continue
            game.trash_cards(v, got)
            pile = game.choose_supply(v, "saboteur.gain", max_cost=cost - 2, optional=True,
                                      card=played.name, trashed=name)
            if pile:
                game.gain(v, pile)
            break
        game.discard_cards(v, shown)


prompt("scout.order", ORDER, "The order to put the revealed cards back on the deck.",
       card="Scout", options="the revealed cards that are not Victory cards",
       public=True)  # the cards were revealed


@card("Scout", 4, [ACTION], "intrigue", FIRST,
      "+1 Action. Reveal the top 4 cards of your deck. Put the Victory cards among "
      "them into your hand; put the others back in any order.")
def scout(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, actions=1)
    shown = game.reveal_top(seat, 4)
    game.state.players[seat].hand += [c for c in shown if _victory_card(c)]
    rest = [c for c in shown if not _victory_card(c)]  # a Curse is not a Victory card
    _put_back(game, seat, rest, "scout.order", played.name)


prompt("secret_chamber.discard", PICK_CARDS,
       f"Any number of cards to discard for +$1 each; {ON_TOP}.",
       card="Secret Chamber", options=HAND, public=True)  # asked whenever the hand is not empty
prompt("secret_chamber.topdeck", PICK_CARDS,
       "The 2 cards from the hand to put onto the deck; the last one named ends on top.",
       card="Secret Chamber", options=HAND)  # not asked if the hand holds copies of one card


def _secret_chamber_reacts(game: "Game", seat: int, attack: str) -> bool:
    game.draw(seat, 2)
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "secret_chamber.topdeck", 2, 2, "Secret Chamber")
    game.topdeck_from_hand(seat, chosen)
    return False  # it never blocks the Attack


@card("Secret Chamber", 2, [ACTION, REACTION], "intrigue", FIRST,
      "Discard any number of cards; +$1 per card discarded. When another player "
      "plays an Attack, you may reveal this from your hand; if you do, +2 Cards, "
      "then put 2 cards from your hand onto your deck.",
      on_attack=_secret_chamber_reacts, react_again=True)
def secret_chamber(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "secret_chamber.discard", 0, None, played.name)
    game.discard_from_hand(seat, chosen)
    game.plus(seat, coins=len(chosen))


prompt("secret_passage.card", PICK_CARDS, "The card from the hand to put into the deck.",
       card="Secret Passage", options=HAND)  # not asked if the hand holds copies of one card
prompt("secret_passage.position", OPTION,
       "Where in the deck to put args.placing: how many cards lie above it (\"0\": on top).",
       card="Secret Passage", args={"placing": "the card from the hand being put into the deck"},
       options="\"0\" to the deck size, as strings",
       public=True)  # asked whenever the deck is not empty


@card("Secret Passage", 4, [ACTION], "intrigue", SECOND,
      "+2 Cards, +1 Action. Take a card from your hand and put it anywhere in your deck.",
      tags=[DRAW])
def secret_passage(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=2, actions=1)
    p = game.state.players[seat]
    chosen = game.choose_cards(seat, p.hand, "secret_passage.card", 1, 1, played.name)
    if not chosen:
        return
    above = 0
    if p.deck:
        places = [str(i) for i in range(len(p.deck) + 1)]
        above = int(game.choose_option(seat, places, "secret_passage.position", played.name,
                                       placing=chosen[0]))
    p.hand.remove(chosen[0])
    p.deck.insert(len(p.deck) - above, chosen[0])  # the deck's end is its top
    game.emit("insert", seat, cards=list(chosen), position=above, private=True)


@card("Shanty Town", 3, [ACTION], "intrigue", BOTH,
      "+2 Actions. Reveal your hand. If you have no Action cards in hand, +2 Cards.",
      tags=[VILLAGE])
def shanty_town(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, actions=2)
    game.reveal_hand(seat)
    if not any(_action_card(c) for c in game.state.players[seat].hand):
        game.draw(seat, 2)


prompt("steward.choose", OPTION, "Which one: +2 Cards, +$2, or trash 2 cards from the hand.",
       card="Steward", options="\"cards\", \"coins\" or \"trash\"", public=True)
prompt("steward.trash", PICK_CARDS, "The 2 cards from the hand to trash.",
       card="Steward", options=HAND)  # not asked if the hand holds copies of one card


@card("Steward", 3, [ACTION], "intrigue", BOTH,
      "Choose one: +2 Cards; or +$2; or trash 2 cards from your hand.",
      tags=[TRASHING, DRAW])
def steward(game: "Game", seat: int, played: "PlayedCard") -> None:
    choice = game.choose_option(seat, ["cards", "coins", "trash"], "steward.choose", played.name)
    if choice == "cards":
        game.plus(seat, cards=2)
    elif choice == "coins":
        game.plus(seat, coins=2)
    else:
        hand = game.state.players[seat].hand
        game.trash_from_hand(seat, game.choose_cards(seat, hand, "steward.trash", 2, 2,
                                                     played.name))


prompt("swindler.gain", SUPPLY,
       "The pile args.target gains a card from, costing exactly what their trashed card costs.",
       card="Swindler",
       args={"target": "the seat that trashed a card and gains the chosen one",
             "trashed": "the card args.target trashed",
             "cost": "the cost the gained card must have now, in coins"},
       options="the non-empty supply piles costing exactly args.cost",
       public=True)  # the trashed card was revealed


@card("Swindler", 3, [ACTION, ATTACK], "intrigue", BOTH,
      "+$2. Each other player trashes the top card of their deck and gains a card "
      "with the same cost that you choose.")
def swindler(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.plus(seat, coins=2)
    for v in victims:
        top = game.reveal_top(v, 1)
        if not top:
            continue
        game.trash_cards(v, top)
        pile = game.choose_supply(seat, "swindler.gain", exact_cost=game.cost(top[0]),
                                  card=played.name, target=v, trashed=top[0])
        if pile:
            game.gain(v, pile)


prompt("torturer.choose", OPTION,
       "Whether to discard 2 cards or to gain a Curse into the hand.",
       card="Torturer", options="\"discard\" or \"curse\"", public=True)
prompt("torturer.discard", PICK_CARDS,
       f"The 2 cards to discard; {ON_TOP}.",
       card="Torturer", options=HAND)  # not asked if the hand holds copies of one card


@card("Torturer", 5, [ACTION, ATTACK], "intrigue", BOTH,
      "+3 Cards. Each other player either discards 2 cards or gains a Curse to "
      "their hand, their choice.", tags=[DRAW])
def torturer(game: "Game", seat: int, played: "PlayedCard") -> None:
    victims = game.attack_targets(seat, played.name)
    game.plus(seat, cards=3)
    for v in victims:
        # Either may be chosen, even one the victim cannot carry out.
        if game.choose_option(v, ["discard", "curse"], "torturer.choose", played.name) == "curse":
            game.gain(v, "Curse", to="hand")
        else:
            hand = game.state.players[v].hand
            game.discard_from_hand(v, game.choose_cards(v, hand, "torturer.discard", 2, 2,
                                                        played.name))


prompt("trading_post.trash", PICK_CARDS, "The 2 cards from the hand to trash.",
       card="Trading Post", options=HAND)  # not asked if the hand holds copies of one card


@card("Trading Post", 5, [ACTION], "intrigue", BOTH,
      "Trash 2 cards from your hand. If you did, gain a Silver to your hand.",
      tags=[TRASHING])
def trading_post(game: "Game", seat: int, played: "PlayedCard") -> None:
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "trading_post.trash", 2, 2, played.name)
    game.trash_from_hand(seat, chosen)
    if len(chosen) == 2:
        game.gain(seat, "Silver", to="hand")


@card("Tribute", 5, [ACTION], "intrigue", FIRST,
      "The player to your left reveals and discards the top 2 cards of their deck. "
      "For each differently named card among them: Action, +2 Actions; Treasure, "
      "+$2; Victory card, +2 Cards.")
def tribute(game: "Game", seat: int, played: "PlayedCard") -> None:
    left = (seat + 1) % len(game.state.players)
    shown = game.reveal_top(left, 2)
    game.discard_cards(left, shown)
    for name in dict.fromkeys(shown):  # two copies of one card count once
        c = CARDS[name]
        game.plus(seat, actions=2 if c.is_action else 0, coins=2 if game.is_treasure(name) else 0,
                  cards=2 if c.is_victory else 0)


prompt("upgrade.trash", PICK_CARDS, "The card to trash from the hand.",
       card="Upgrade", options=HAND)  # not asked if the hand holds copies of one card
prompt("upgrade.gain", SUPPLY,
       "The pile to gain a card from, costing exactly $1 more than the trashed card.",
       card="Upgrade", args={"cost": "the cost the gained card must have now, in coins"},
       options="the non-empty supply piles costing exactly args.cost",
       public=True)  # the trashed card is public


@card("Upgrade", 5, [ACTION], "intrigue", BOTH,
      "+1 Card, +1 Action. Trash a card from your hand. Gain a card costing exactly $1 more "
      "than it.", tags=[TRASHING])
def upgrade(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1)
    hand = game.state.players[seat].hand
    chosen = game.choose_cards(seat, hand, "upgrade.trash", 1, 1, played.name)
    if not chosen:
        return
    game.trash_from_hand(seat, chosen)
    pile = game.choose_supply(seat, "upgrade.gain", exact_cost=game.cost(chosen[0]) + 1,
                              card=played.name)
    if pile:
        game.gain(seat, pile)


prompt("wishing_well.name", OPTION, "The card to name before revealing the top card of the deck.",
       card="Wishing Well", options="every card name of the catalog, sorted", public=True)


@card("Wishing Well", 3, [ACTION], "intrigue", BOTH,
      "+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If it "
      "is the named card, put it into your hand.")
def wishing_well(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, cards=1, actions=1)
    named = game.name_card(seat, "wishing_well.name", played.name)
    top = game.reveal_top(seat, 1)
    if not top:
        return
    p = game.state.players[seat]
    if top[0] == named:
        p.hand += top
    else:
        p.deck += top  # back on top, where it was

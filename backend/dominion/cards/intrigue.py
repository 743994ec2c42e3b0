"""Intrigue kingdom cards, 1st and 2nd edition.

Masquerade is the one card whose 2nd-edition text changed what it does; it
reads ``game.first_edition``. Cards removed in the 2nd edition (Coppersmith,
Great Hall, Saboteur, Scout, Secret Chamber, Tribute) and cards added in it
(Courtier, Diplomat, Lurker, Mill, Patrol, Replace, Secret Passage) play in
any game; the edition only picks between two texts of one card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import CARDS as PICK_CARDS
from ..decisions import OPTION, OPTIONS, ORDER, SUPPLY
from ..prompts import prompt
from .card import (
    ACTION,
    ATTACK,
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

BOTH = ("1", "2")
FIRST = ("1",)
SECOND = ("2",)

HAND = "the cards in hand"
YES_NO = "\"yes\" or \"no\""


# ---------------------------------------------------------------------------
# Baron .. Minion


def _action_card(name: str) -> bool:
    return CARDS[name].is_action


def _this_turn(game: "Game", effect: str) -> None:
    """Raise a "this turn" counter that the engine reads (cost reduction, Coppers)."""
    effects = game.state.turn.effects
    effects[effect] = effects.get(effect, 0) + 1


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
    _this_turn(game, "cost_reduction")  # Game.cost applies it everywhere


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
    _this_turn(game, "coppersmith")  # Game.coins_of adds it to Coppers played from now on


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
    count = len(CARDS[name].types)
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
       "The 3 cards to discard after revealing Diplomat and drawing 2; the last one "
       "named ends on top of the discard pile.",
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
       card="Ironworks", args={"max_cost": "the most the gained card may cost now, in coins"},
       options="the non-empty supply piles costing up to args.max_cost", public=True)


@card("Ironworks", 4, [ACTION], "intrigue", BOTH,
      "Gain a card costing up to $4. If it is an Action card, +1 Action; a Treasure "
      "card, +$1; a Victory card, +1 Card.")
def ironworks(game: "Game", seat: int, played: "PlayedCard") -> None:
    pile = game.choose_supply(seat, "ironworks.gain", max_cost=4, card=played.name)
    if pile and game.gain(seat, pile):
        gained = CARDS[pile]  # every type gives its bonus (Great Hall: two)
        game.plus(seat, cards=int(gained.is_victory), actions=int(gained.is_action),
                  coins=int(gained.is_treasure))


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
            st.trash.append(pile)
            game.emit("trash", seat, cards=[pile], source="supply")
    else:
        chosen = game.choose_cards(seat, in_trash, "lurker.gain", 1, 1, played.name)
        if chosen:
            game.gain_from_trash(seat, chosen[0])


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
    for giver, name in passed.items():
        to = receivers[giver]
        players[to].hand.append(name)
        game.emit("pass", giver, receiver=to, cards=[name], private=True)
    hand = players[seat].hand
    game.trash_from_hand(seat, game.choose_cards(seat, hand, "masquerade.trash", 0, 1,
                                                 played.name))


prompt("mill.discard", PICK_CARDS,
       "Up to 2 cards to discard, +$2 if 2; the last one named ends on top of the "
       "discard pile.",
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


# ---------------------------------------------------------------------------
# Nobles .. Wishing Well

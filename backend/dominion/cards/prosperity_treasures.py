"""Prosperity kingdom Treasure cards (and Mint, whose hooks trash Treasures),
1st and 2nd edition.

Mint, Hoard and Quarry changed what they do in the 2nd edition and read
``game.first_edition``. Cards removed in the 2nd edition (Contraband, Loan,
Royal Seal, Talisman, Venture) and cards added in it (Anvil, Collection,
Crystal Ball, Investment, Tiara, War Chest) play in any game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .. import gains
from ..decisions import CARDS as PICK_CARDS
from ..decisions import OPTION, SUPPLY
from ..prompts import HAND, MAX_COST, UP_TO, YES_NO, prompt
from .card import (
    ACTION,
    BOTH,
    EARLY,
    FIRST,
    LATE,
    PLUS_BUY,
    SECOND,
    SETUP,
    TRASHING,
    TREASURE,
    VICTORY,
    CARDS,
    card,
    define,
    hook,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game, PlayedCard
    from ..gains import Gain

TREASURES_IN_HAND = "the Treasure cards in hand"
EVERY_NAME = "every card name of the catalog, sorted"


def _treasures_in_hand(game: "Game", seat: int) -> list[str]:
    return [c for c in game.state.players[seat].hand if game.is_treasure(c)]


def _left_of(game: "Game", seat: int) -> int:
    return (seat + 1) % len(game.state.players)


def _reveal_until_treasure(game: "Game", seat: int) -> tuple[Optional[str], list[str]]:
    """Reveal cards one at a time until a Treasure (Venture, Loan).

    The revealed cards are held outside every zone, so a shuffle on the way
    leaves them out of the new deck. Returns the Treasure (``None`` if deck and
    discard pile ran out first) and the other revealed cards.
    """
    others: list[str] = []
    while True:
        top = game.reveal_top(seat, 1)
        if not top:
            return None, others
        if game.is_treasure(top[0]):
            return top[0], others
        others.append(top[0])


prompt("anvil.discard", PICK_CARDS,
       "A Treasure to discard from the hand to gain a card costing up to $4, or none.",
       card="Anvil", options=TREASURES_IN_HAND)  # asked only with a Treasure in hand
prompt("anvil.gain", SUPPLY, "The pile to gain a card from.",
       card="Anvil", args=MAX_COST, options=UP_TO, public=True)


@card("Anvil", 3, [TREASURE], "prosperity", SECOND,
      "Worth $1. You may discard a Treasure from your hand; if you do, gain a card "
      "costing up to $4.",
      coins=1, play_order=EARLY)
def anvil(game: "Game", seat: int, played: "PlayedCard") -> None:
    chosen = game.choose_cards(seat, _treasures_in_hand(game, seat), "anvil.discard", 0, 1,
                               played.name)
    if chosen:
        game.discard_from_hand(seat, chosen)
        pile = game.choose_supply(seat, "anvil.gain", max_cost=4, card=played.name)
        if pile:
            game.gain(seat, pile)


@card("Bank", 7, [TREASURE], "prosperity", BOTH,
      "Worth $1 for every Treasure you have in play when you play it, this one included.",
      play_order=LATE)
def bank(game: "Game", seat: int, played: "PlayedCard") -> None:
    # Bank is already in play here; its value is fixed now (cards.json).
    in_play = game.state.players[seat].in_play
    game.plus(seat, coins=sum(1 for c in in_play if game.is_treasure(c)))


@card("Collection", 5, [TREASURE], "prosperity", SECOND,
      "Worth $2. +1 Buy. For the rest of this turn, each time you gain an Action card, "
      "take 1 VP token.",
      coins=2, play_order=SETUP, tags=[PLUS_BUY])
def collection(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, buys=1)
    game.turn.add_effect("collection")  # one VP per Collection played, even after it left play


@gains.this_turn("collection")
def collection_gained(game: "Game", seat: int, g: "Gain", n: int) -> None:
    if ACTION in game.types(g.card):
        game.add_vp(seat, n)


prompt("contraband.name", OPTION,
       "The card to name for the Contraband just played: its player may not buy it "
       "this turn.",
       card="Contraband", options=EVERY_NAME, public=True)  # asked of the player to the left


@card("Contraband", 5, [TREASURE], "prosperity", FIRST,
      "Worth $3. +1 Buy. The player on your left names a card; you may not buy a card "
      "of that name this turn.",
      coins=3, play_order=EARLY, tags=[PLUS_BUY])
def contraband(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, buys=1)
    named = game.name_card(_left_of(game, seat), "contraband.name", played.name)
    # Names add up; Game.buy_forbidden refuses to buy them (gaining stays allowed).
    game.state.turn.names.setdefault("contraband", []).append(named)


prompt("crystal_ball.choose", OPTION,
       "What to do with the card looked at on top of the deck: trash it, discard it, "
       "play it (an Action or Treasure), or keep it on top.",
       card="Crystal Ball", args={"looked": "the card looked at"},
       options="\"trash\", \"discard\", \"play\" (only for an Action or Treasure), \"keep\"",
       public=True)  # asked whenever the deck or discard pile has a card


@card("Crystal Ball", 5, [TREASURE], "prosperity", SECOND,
      "Worth $1. Look at the top card of your deck. You may trash it or discard it; "
      "if it is an Action or a Treasure, you may play it instead.",
      coins=1)
def crystal_ball(game: "Game", seat: int, played: "PlayedCard") -> None:
    looked = game.reveal_top(seat, 1, look=True)
    if not looked:
        return
    top = looked[0]
    options = ["trash", "discard"]
    if game.types(top) & {ACTION, TREASURE}:
        options.append("play")
    options.append("keep")
    # Only looked at: the card stays on the deck while the player chooses.
    deck = game.state.players[seat].deck
    deck.append(top)
    choice = game.choose_option(seat, options, "crystal_ball.choose", played.name, looked=top)
    deck.pop()
    if choice == "trash":
        game.trash_cards(seat, [top])
    elif choice == "discard":
        game.discard_cards(seat, [top], private=True)  # only looked at, not revealed
    elif choice == "play":
        # In the Buy phase an Action still resolves; its +Actions are useless then.
        game.play_card(seat, top)
    else:
        game.topdeck_cards(seat, [top], private=True)


@card("Hoard", 6, [TREASURE], "prosperity", BOTH,
      "Worth $2. For the rest of this turn, each time you gain a Victory card that you "
      "bought, gain a Gold.",
      text_1e="Worth $2. While this is in play, each time you buy a Victory card, "
              "gain a Gold.",
      coins=2)
def hoard(game: "Game", seat: int, played: "PlayedCard") -> None:
    if not game.first_edition:
        game.turn.add_effect("hoard")  # 2E: lasts the turn even if Hoard leaves play


@hook("Hoard", "on_buy_in_play")
def hoard_bought(game: "Game", seat: int, bought: str) -> None:
    # 1E: called once per Hoard still in play, after the bought card is gained.
    if game.first_edition and VICTORY in game.types(bought):
        game.gain(seat, "Gold")


@gains.this_turn("hoard")
def hoard_gained(game: "Game", seat: int, g: "Gain", n: int) -> None:
    # Watchtower trashing the bought card later changes nothing: it was gained.
    if g.bought and VICTORY in game.types(g.card):
        for _ in range(n):
            game.gain(seat, "Gold")


prompt("investment.trash", PICK_CARDS, "The card to trash from the hand.",
       card="Investment", options=HAND)  # not asked if the hand holds copies of one card
prompt("investment.choose", OPTION,
       "+$1, or trash this Investment to reveal the hand for +1 VP token per "
       "differently named Treasure in it.",
       card="Investment",
       options="\"coin\", \"vp\" (\"vp\" only while this Investment is in play)", public=True)


@card("Investment", 4, [TREASURE], "prosperity", SECOND,
      "Trash a card from your hand. Then either +$1, or trash this card to reveal your "
      "hand and take 1 VP token for each differently named Treasure in it.",
      play_order=EARLY, tags=[TRASHING])
def investment(game: "Game", seat: int, played: "PlayedCard") -> None:
    p = game.state.players[seat]
    game.trash_from_hand(seat, game.choose_cards(seat, p.hand, "investment.trash", 1, 1,
                                                 played.name))
    options = ["coin"]
    if not played.moved and played.name in p.in_play:  # Tiara's second play: gone
        options.append("vp")
    if game.choose_option(seat, options, "investment.choose", played.name) == "coin":
        game.plus(seat, coins=1)
        return
    game.trash_played(seat, played)
    game.reveal_hand(seat)
    kinds = len({c for c in p.hand if game.is_treasure(c)})
    if kinds:
        game.add_vp(seat, kinds)


prompt("loan.choose", OPTION, "Whether to discard or trash the Treasure Loan revealed.",
       card="Loan", args={"revealed": "the Treasure revealed"},
       options="\"discard\", \"trash\"", public=True)


@card("Loan", 3, [TREASURE], "prosperity", FIRST,
      "Worth $1. Reveal cards from your deck until you reveal a Treasure; discard it or "
      "trash it, and discard the other revealed cards.",
      coins=1, tags=[TRASHING])
def loan(game: "Game", seat: int, played: "PlayedCard") -> None:
    found, others = _reveal_until_treasure(game, seat)
    if found is not None:
        # The revealed cards wait set aside (public) while the player chooses.
        aside = game.state.players[seat].set_aside
        aside += others + [found]
        choice = game.choose_option(seat, ["discard", "trash"], "loan.choose", played.name,
                                    revealed=found)
        for c in others + [found]:
            aside.remove(c)
        if choice == "trash":
            game.trash_cards(seat, [found])
        else:
            others.append(found)
    game.discard_cards(seat, others)  # revealed: public


prompt("mint.reveal", PICK_CARDS, "A Treasure to reveal from the hand and gain a copy of, "
       "or none.",
       card="Mint", options=TREASURES_IN_HAND)  # asked only with a Treasure in hand


@card("Mint", 5, [ACTION], "prosperity", BOTH,
      "You may reveal a Treasure from your hand to gain a copy of it. When you gain this "
      "card, trash every Treasure you have in play that is not a Duration card.",
      text_1e="You may reveal a Treasure from your hand to gain a copy of it. When you "
              "buy this card, trash every Treasure you have in play.")
def mint(game: "Game", seat: int, played: "PlayedCard") -> None:
    chosen = game.choose_cards(seat, _treasures_in_hand(game, seat), "mint.reveal", 0, 1,
                               played.name)
    if chosen:
        game.emit("reveal", seat, cards=list(chosen))  # it stays in hand
        game.gain(seat, chosen[0])


def _trash_treasures_in_play(game: "Game", seat: int) -> None:
    # The coins they already made stay (cards.json); there are no Durations here.
    p = game.state.players[seat]
    gone = [c for c in p.in_play if game.is_treasure(c)]
    if gone:
        p.in_play = [c for c in p.in_play if not game.is_treasure(c)]
        game.trash_cards(seat, gone)


prompt("mint.order", OPTION,
       "Which \"when you buy\" effect goes first: Mint's trashing of the Treasures in "
       "play, or Talisman's copies (each Talisman gains a Mint before it is trashed).",
       card="Mint", options="\"mint\" or \"talisman\"",
       public=True)  # asked only when Talisman would gain a copy of the bought Mint


@hook("Mint", "on_buy")
def mint_bought(game: "Game", seat: int) -> None:
    # 1E: before Mint is gained, so a Royal Seal is gone before it could move it.
    if not game.first_edition:
        return
    # Talisman reacts to the same buy; its player orders the two (rules.md 3,
    # seed 004). Mint first trashes the Talismans before they react.
    talismans = game.state.players[seat].in_play.count("Talisman")
    supply = game.state.supply
    if (talismans and _talisman_copies(game, "Mint") and supply["Mint"] > 1
            and game.choose_option(seat, ["mint", "talisman"], "mint.order", "Mint")
            == "talisman"):
        for _ in range(talismans):
            if supply["Mint"] > 1:  # the bought Mint keeps the last one
                game.gain(seat, "Mint")
    _trash_treasures_in_play(game, seat)


@hook("Mint", "on_gain")
def mint_gained(game: "Game", seat: int, g: "Gain") -> None:
    if not game.first_edition:  # 2E: however it is gained (War Chest, Anvil, Expand...)
        _trash_treasures_in_play(game, seat)


@card("Quarry", 4, [TREASURE], "prosperity", BOTH,
      "Worth $1. For the rest of this turn, Action cards cost $2 less (not less than $0).",
      text_1e="Worth $1. While this is in play, Action cards cost $2 less (not less "
              "than $0).",
      coins=1, play_order=SETUP)
def quarry(game: "Game", seat: int, played: "PlayedCard") -> None:
    if not game.first_edition:
        game.turn.add_effect("action_cost_reduction", 2)  # 2E: outlives Quarry leaving play


@hook("Quarry", "discount")
def quarry_discount(game: "Game", name: str) -> int:
    # 1E: Game.cost counts it per Quarry in the current player's play, only while there.
    return 2 if game.first_edition and CARDS[name].is_action else 0


prompt("royal_seal.topdeck", OPTION,
       "Whether to put the card just gained onto the deck (Royal Seal in play).",
       card="Royal Seal", args={"gained": "the card gained"}, options=YES_NO, public=True)


define("Royal Seal", 5, [TREASURE], "prosperity", FIRST,
       "Worth $2. While this is in play, each time you gain a card you may put it onto "
       "your deck.",
       coins=2)  # playing it only makes coins


@hook("Royal Seal", "on_gain_in_play")
def royal_seal_gained(game: "Game", seat: int, g: "Gain") -> None:
    # Asked once per gain, whatever the number of Seals in play.
    if g.moved or g.to == "deck":
        return
    if game.may(seat, "royal_seal.topdeck", "Royal Seal", gained=g.card):
        gains.move_gained(game, g, "deck")


define("Talisman", 4, [TREASURE], "prosperity", FIRST,
       "Worth $1. While this is in play, each time you buy a card costing $4 or less "
       "that is not a Victory card, gain another copy of it.",
       coins=1)  # playing it only makes coins


def _talisman_copies(game: "Game", bought: str) -> bool:
    # The cost is the current one (Bridge, Quarry, Peddler).
    return VICTORY not in game.types(bought) and game.cost(bought) <= 4


@hook("Talisman", "on_buy_in_play")
def talisman_bought(game: "Game", seat: int, bought: str) -> None:
    # Once per Talisman in play.
    if _talisman_copies(game, bought):
        game.gain(seat, bought)  # nothing once the pile is empty


prompt("tiara.topdeck", OPTION,
       "Whether to put the card just gained onto the deck (Tiara played this turn).",
       card="Tiara", args={"gained": "the card gained"}, options=YES_NO, public=True)
prompt("tiara.play", PICK_CARDS, "A Treasure from the hand to play twice, or none.",
       card="Tiara", options=TREASURES_IN_HAND)  # asked only with a Treasure in hand


@card("Tiara", 4, [TREASURE], "prosperity", SECOND,
      "+1 Buy. For the rest of this turn, each time you gain a card you may put it onto "
      "your deck. You may play a Treasure from your hand twice.",
      play_order=EARLY, tags=[PLUS_BUY])
def tiara(game: "Game", seat: int, played: "PlayedCard") -> None:
    game.plus(seat, buys=1)
    game.turn.add_effect("tiara")
    chosen = game.choose_cards(seat, _treasures_in_hand(game, seat), "tiara.play", 0, 1,
                               played.name)
    if chosen:
        # Tiara on Tiara: each resolution of the second one picks its own Treasure.
        target = game.play_from_hand(seat, chosen[0])
        game.resolve(seat, target)


@gains.this_turn("tiara")
def tiara_gained(game: "Game", seat: int, g: "Gain", n: int) -> None:
    # One question per gain however many Tiaras were played.
    if g.moved or g.to == "deck":
        return
    if game.may(seat, "tiara.topdeck", "Tiara", gained=g.card):
        gains.move_gained(game, g, "deck")


@card("Venture", 5, [TREASURE], "prosperity", FIRST,
      "Worth $1. Reveal cards from your deck until you reveal a Treasure. Discard the "
      "other revealed cards, then play that Treasure.",
      coins=1)
def venture(game: "Game", seat: int, played: "PlayedCard") -> None:
    found, others = _reveal_until_treasure(game, seat)
    game.discard_cards(seat, others)  # revealed: public
    if found is not None:
        game.play_card(seat, found)  # its own ability resolves (Venture chains)


prompt("war_chest.name", OPTION,
       "The card to name for the War Chest just played: no War Chest may gain a card "
       "of that name this turn.",
       card="War Chest", options=EVERY_NAME, public=True)  # asked of the player to the left
prompt("war_chest.gain", SUPPLY,
       "The pile to gain a card from.",
       card="War Chest",
       args={**MAX_COST, "named": "the cards named for War Chests this turn, in order"},
       options=UP_TO + ", except the cards named for War Chests this turn", public=True)


@card("War Chest", 5, [TREASURE], "prosperity", SECOND,
      "The player on your left names a card. Gain a card costing up to $5 that has not "
      "been named for a War Chest this turn.")
def war_chest(game: "Game", seat: int, played: "PlayedCard") -> None:
    named = game.name_card(_left_of(game, seat), "war_chest.name", played.name)
    names = game.state.turn.names.setdefault("war_chest", [])
    names.append(named)  # they add up over the turn
    pile = game.choose_supply(seat, "war_chest.gain", max_cost=5,
                              where=lambda c: c.name not in names, card=played.name,
                              named=list(names))
    if pile:
        game.gain(seat, pile)

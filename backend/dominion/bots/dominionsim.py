"""Bots from DominionSim's XML bot files.

DominionSim (Geronimoo's Java simulator) describes a bot as a ``<player>``
with a list of ``<buy name="Card">`` rules in priority order, each with
``<condition>`` elements that compare two operands::

    <player name="Smithy">
        <board contents="Smithy, ..."/>
        <buy name="Province"/>
        <buy name="Smithy">
            <condition>
                <left type="countCardsInDeck" attribute="Smithy"/>
                <operator type="smallerThan"/>
                <right type="constant" attribute="1.0"/>
            </condition>
        </buy>
        <buy name="Silver"/>
    </player>

A buy picks the first rule, in file order, whose card is affordable and on
a non-empty pile, may be bought now, whose conditions all hold, and which
would not end the game with this player behind; a rule that fails any of
these passes the turn on to the next rule, and with no rule left the player
buys nothing. ``<extra_operation>`` applies ``plus``, ``minus``,
``multiplyWith`` or ``divideBy`` to the right-hand value before comparing.
Gains that let the player pick any card from the Supply by cost (Workshop,
Ironworks, Remodel...) use the same rules, as DominionSim does. Everything
else (which Action to play, every other prompt) is answered by
:class:`~dominion.bots.generic.GenericBot`.

What each operand counts is DominionSim's definition, from our engine's
state: "in deck" is every card the player owns wherever it is, "total
money" adds each owned card's fixed ``$`` value (:data:`MONEY`), card
types include DominionSim's own categories (:data:`CATEGORIES`).

:func:`load_strategies` parses a file, :func:`load_bot` makes a bot of one
``<player>``; ``dominion-sim --bots file.xml:"Name"`` uses them.
"""

from __future__ import annotations

import operator
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, Union
from xml.parsers import expat

from ..cards.card import CARDS
from ..commands import Command
from ..decisions import SUPPLY
from ..errors import DominionError
from ..scores import total
from ..state import ACTION_PHASE
from .base import turn_command
from .generic import GenericBot

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..engine import Game
    from ..fastplay import TurnChoices


class BotFileError(DominionError):
    """A DominionSim bot file that cannot be read or used here."""

    code = "bot_file"


# ---------------------------------------------------------------------------
# DominionSim's view of our cards

#: Renamed cards: DominionSim's name -> ours.
ALIASES = {"farm": "Harem"}  # Intrigue's Harem was reprinted as Farm

#: The fixed ``$`` DominionSim counts for a card in "total money"
#: (``getTotalMoney``): a Treasure's printed coins, an Action's printed +$.
#: Variable ones count 0 (Bank, Tiara) or as DominionSim rates them (Quarry 3,
#: Baron 4, Venture 2); cards not listed count 0.
MONEY: dict[str, int] = {
    "Copper": 1, "Silver": 2, "Gold": 3, "Platinum": 5,
    "Chancellor": 2, "Festival": 2, "Market": 1, "Militia": 2, "Moneylender": 1,
    "Poacher": 1, "Vassal": 2, "Woodcutter": 2,
    "Baron": 4, "Bridge": 2, "Conspirator": 2, "Courtier": 3, "Harem": 2, "Minion": 2,
    "Pawn": 1, "Steward": 2, "Swindler": 2,
    "Anvil": 1, "Charlatan": 3, "Clerk": 2, "Collection": 2, "Contraband": 3, "Goons": 2,
    "Grand Market": 2, "Hoard": 2, "Investment": 1, "Loan": 1, "Monument": 2,
    "Mountebank": 2, "Peddler": 1, "Quarry": 3, "Royal Seal": 2, "Talisman": 1,
    "Venture": 2,
}

#: DominionSim's own card categories that ``countCardTypeInDeck`` may name,
#: beside the printed types: the cards of our sets in each.
CATEGORIES: dict[str, frozenset[str]] = {
    "Terminal": frozenset({
        "Adventurer", "Artisan", "Bandit", "Bureaucrat", "Chancellor", "Chapel",
        "Council Room", "Feast", "Library", "Militia", "Mine", "Moat", "Moneylender",
        "Remodel", "Smithy", "Thief", "Vassal", "Witch", "Woodcutter", "Workshop",
        "Baron", "Bridge", "Conspirator", "Coppersmith", "Courtyard", "Masquerade",
        "Patrol", "Replace", "Saboteur", "Secret Chamber", "Steward", "Swindler",
        "Torturer", "Trading Post", "Tribute",
        "Bishop", "Charlatan", "Clerk", "Counting House", "Expand", "Forge", "Goons",
        "Magnate", "Mint", "Monument", "Mountebank", "Rabble", "Trade Route", "Vault",
        "Watchtower",
    }),
    "Village": frozenset({
        "Festival", "Village", "Mining Village", "Nobles", "Shanty Town", "City",
        "Worker's Village",
    }),
    "Cycler": frozenset({
        "Cellar", "Harbinger", "Laboratory", "Market", "Merchant", "Poacher", "Sentry",
        "Spy", "Village", "Great Hall", "Mill", "Mining Village", "Pawn", "Scout",
        "Secret Passage", "Upgrade", "Wishing Well", "City", "Grand Market", "Peddler",
        "Worker's Village",
    }),
    "Card_Advantage": frozenset({
        "Council Room", "Laboratory", "Library", "Moat", "Smithy", "Witch", "Courtyard",
        "Diplomat", "Masquerade", "Nobles", "Patrol", "Shanty Town", "Torturer",
        "Magnate", "Rabble", "Vault", "Watchtower",
    }),
    "Trasher": frozenset({
        "Chapel", "Remodel", "Masquerade", "Replace", "Steward", "Trading Post", "Upgrade",
        "Bishop", "Expand", "Forge", "Trade Route",
    }),
    "TrashForBenefit": frozenset({
        "Remodel", "Replace", "Upgrade", "Bishop", "Expand", "Forge",
    }),
    "Multiplier": frozenset({"Throne Room", "King's Court"}),
    "Junk": frozenset({"Copper", "Curse", "Estate"}),
}

#: Printed types ``countCardTypeInDeck`` may name.
PRINTED_TYPES = ("Action", "Treasure", "Victory", "Curse", "Attack", "Reaction")

_BASE = frozenset(n for n, c in CARDS.items() if c.basic)


def _key(name: str) -> str:
    # DominionSim spells "King's Court" King$s_Court; people write Kings_Court,
    # KingsCourt or "King's Court": compare letters and digits only.
    return re.sub(r"[^0-9a-z]", "", name.lower())


_BY_KEY = {_key(n): n for n in CARDS}


def card_name(name: str) -> str:
    """Our name of a card as DominionSim or a person spells it.

    :raises KeyError: if no card of ours has this name.
    """
    k = _key(name)
    found = _BY_KEY.get(k) or ALIASES.get(k)
    if found is None:
        raise KeyError(name)
    return found


def count_type(owned: Counter[str], kind: str) -> int:
    """Copies in ``owned`` of a DominionSim card type (:data:`PRINTED_TYPES`,
    :data:`CATEGORIES`, ``Kingdom`` or ``Base``)."""
    if kind in CATEGORIES:
        names = CATEGORIES[kind]
        return sum(n for c, n in owned.items() if c in names)
    if kind == "Base":
        return sum(n for c, n in owned.items() if c in _BASE)
    if kind == "Kingdom":
        return sum(n for c, n in owned.items() if c not in _BASE)
    return sum(n for c, n in owned.items() if kind in CARDS[c].types)


CARD_TYPES = frozenset(PRINTED_TYPES) | frozenset(CATEGORIES) | {"Kingdom", "Base"}


# ---------------------------------------------------------------------------
# Operands


class _State:
    """What the operands of one decision read, figured once (the owned cards)."""

    __slots__ = ("game", "seat", "_owned")

    def __init__(self, game: "Game", seat: int) -> None:
        self.game = game
        self.seat = seat
        self._owned: Optional[Counter[str]] = None

    @property
    def owned(self) -> Counter[str]:
        if self._owned is None:
            self._owned = Counter(self.game.state.players[self.seat].all_cards())
        return self._owned

    def opponents(self) -> list[int]:
        """The other seats in turn order after this one (DominionSim's order)."""
        n = len(self.game.state.players)
        return [(self.seat + i) % n for i in range(1, n)]


Getter = Callable[[_State, Any], float]


def _gains_to_end(s: _State) -> float:
    # DominionSim: the three smallest piles other than Province and Colony
    # (whatever the player count), or the Province / Colony pile if smaller.
    supply = s.game.state.supply
    piles = sorted(n for c, n in supply.items() if c not in ("Province", "Colony"))
    need = sum(piles[:3])
    for big in ("Colony", "Province"):
        if big in supply:
            need = min(need, supply[big])
    return need


def _smallest_pile(s: _State) -> float:
    # DominionSim: the smallest non-empty pile, counted from 10 down.
    return min([n for n in s.game.state.supply.values() if 0 < n < 10] or [10])


def _max_opponent_vp(s: _State) -> float:
    return max([0] + [s.game.score(o) for o in s.opponents()])  # DominionSim starts at 0


def _first_opponent_cards(s: _State) -> float:
    others = s.opponents()
    return len(s.game.state.players[others[0]].all_cards()) if others else 0


def _deck_and_discard(s: _State) -> float:
    p = s.game.state.players[s.seat]
    return len(p.deck) + len(p.discard)


def _total_money(s: _State) -> float:
    return sum(MONEY.get(c, 0) * n for c, n in s.owned.items())


#: Operands that name a card (``attribute`` is a card name).
CARD_OPERANDS: dict[str, Getter] = {
    "countCardsInDeck": lambda s, c: s.owned[c],
    "countCardsInDeckNoMats": lambda s, c: s.owned[c],  # no mats in our sets
    "countCardsInSupply": lambda s, c: s.game.state.supply.get(c, 0),
    "countCardsInHand": lambda s, c: s.game.state.players[s.seat].hand.count(c),
    "countCardsInPlay": lambda s, c: s.game.state.players[s.seat].in_play.count(c),
    "countCardsInOpponentsDecks": lambda s, c: sum(
        s.game.state.players[o].all_cards().count(c) for o in s.opponents()),
}

#: Operands without an attribute.
PLAIN_OPERANDS: dict[str, Callable[[_State], float]] = {
    "countAllCardsInDeck": lambda s: sum(s.owned.values()),
    "countAvailableMoney": lambda s: s.game.state.turn.coins,
    "countTurns": lambda s: s.game.state.players[s.seat].turns,
    "gainsNeededToEndGame": _gains_to_end,
    "isActionPhase": lambda s: 1 if s.game.state.turn.phase == ACTION_PHASE else 0,
    "countEmptyPiles": lambda s: s.game.empty_piles(),
    "countBuysLeft": lambda s: s.game.state.turn.buys,
    "getTotalMoney": _total_money,
    "getTotalMoneyExcludingMats": _total_money,
    "actionsLeft": lambda s: s.game.state.turn.actions,
    "countVP": lambda s: s.game.score(s.seat),
    "countMAXOpponentVP": _max_opponent_vp,
    "countCardsLeftInDrawDeck": _deck_and_discard,
    "countCardsLeftInSmallestPile": _smallest_pile,
    "countAllCardsInOpponentsDeck": _first_opponent_cards,
}

#: Operands of DominionSim that need cards, tokens or mats of other sets.
UNSUPPORTED_OPERANDS = frozenset({
    "isPlusOneBuyTokenSet", "isPlusOneCardTokenSet", "isPlusOneActionTokenSet",
    "isPlusOneCoinTokenSet", "isMinus$2TokenSet", "isEstateTokenPlaced",
    "isTrashingTokenPlaced", "countOnTavernMat", "isSwampHagActive", "countGainedCards",
    "tokensOnDefiledShrine", "tokensOnBaths", "tokensOnTemple", "isTravellingFairActive",
    "countVPon", "countVillagers", "hasFlag", "hasBuiltProject", "doesNotSpendCoffers",
    "hasGained$5", "hasInvestedAlready", "hasBoughtRush", "countCardsInExile",
})

#: ``<operator type=...>`` -> comparison.
COMPARATORS: dict[str, Callable[[float, float], bool]] = {
    "equalTo": operator.eq,
    "smallerThan": operator.lt,
    "smallerOrEqualThan": operator.le,
    "greaterThan": operator.gt,
    "greaterOrEqualThan": operator.ge,
}

#: ``<extra_operation type=...>`` -> what it does to the right-hand value.
EXTRA_OPERATIONS: dict[str, Callable[[float, float], float]] = {
    "plus": operator.add,
    "minus": operator.sub,
    "multiplyWith": operator.mul,
    "divideBy": operator.truediv,
}


@dataclass(frozen=True)
class Operand:
    """One side of a condition: a DominionSim function and its attribute
    (a number for ``constant``, a card name, a card type, or ``None``)."""

    function: str
    attribute: Union[float, str, None] = None

    def value(self, s: _State) -> float:
        """The operand's value now."""
        f = self.function
        if f == "constant":
            assert isinstance(self.attribute, float)
            return self.attribute
        if f == "countCardTypeInDeck":
            assert isinstance(self.attribute, str)
            return count_type(s.owned, self.attribute)
        getter = CARD_OPERANDS.get(f)
        if getter is not None:
            return getter(s, self.attribute)
        return PLAIN_OPERANDS[f](s)

    def of(self, game: "Game", seat: int) -> float:
        """The operand's value for ``seat`` in ``game`` now."""
        return self.value(_State(game, seat))


@dataclass(frozen=True)
class Condition:
    """``left <comparator> right (extra) value``; the extra operation applies to
    the right-hand side only, as in DominionSim."""

    left: Operand
    comparator: str
    right: Operand
    extra: str = "plus"
    extra_value: float = 0.0

    def holds(self, s: _State) -> bool:
        right = EXTRA_OPERATIONS[self.extra](self.right.value(s), self.extra_value)
        return COMPARATORS[self.comparator](self.left.value(s), right)

    def holds_for(self, game: "Game", seat: int) -> bool:
        """Whether the condition holds for ``seat`` in ``game`` now."""
        return self.holds(_State(game, seat))


@dataclass(frozen=True)
class BuyRule:
    """Buy (or gain) ``card`` when every condition holds."""

    card: str
    conditions: tuple[Condition, ...] = ()

    def wanted(self, s: _State) -> bool:
        return all(c.holds(s) for c in self.conditions)


@dataclass(frozen=True)
class Strategy:
    """A ``<player>`` of a bot file: its name, buy rules in priority order,
    DominionSim bot types (``<type name=...>``) and suggested kingdom
    (``<board contents=...>``, only the cards we have)."""

    name: str
    rules: tuple[BuyRule, ...]
    types: frozenset[str] = frozenset()
    board: tuple[str, ...] = ()
    author: str = ""
    description: str = ""
    unknown_board: tuple[str, ...] = field(default=(), compare=False)

    @property
    def applies_ppr(self) -> bool:
        """Whether the bot follows the penultimate Province rule (type ``AppliesPPR``)."""
        return "AppliesPPR" in self.types

    def required_cards(self) -> list[str]:
        """Kingdom cards the rules buy or count, in first-use order (DominionSim's
        cards needed in the supply)."""
        seen: dict[str, None] = {}
        for rule in self.rules:
            names = [rule.card] + [
                o.attribute for c in rule.conditions for o in (c.left, c.right)
                if o.function in CARD_OPERANDS and isinstance(o.attribute, str)]
            for n in names:
                if n not in _BASE:
                    seen[n] = None
        return list(seen)

    def uses_colony(self) -> bool:
        """Whether a rule buys Colony or Platinum (the game then needs them)."""
        return any(r.card in ("Colony", "Platinum") for r in self.rules)

    def home_kingdom(self) -> list[str]:
        """The kingdom this bot is meant for: :func:`kingdom_for` it alone."""
        return kingdom_for([self])


def kingdom_for(strategies: Sequence[Strategy], size: int = 10) -> list[str]:
    """The cards every strategy needs (all of them, even more than ``size``),
    then their boards' other cards while fewer than ``size``; the simulator
    fills the rest at random."""
    k: list[str] = []
    for s in strategies:
        k += [c for c in s.required_cards() if c not in k]
    for s in strategies:
        for c in s.board:
            if len(k) >= size:
                return k
            if c not in k:
                k.append(c)
    return k


# ---------------------------------------------------------------------------
# Parsing


def _refuse(*_: Any) -> None:
    raise BotFileError("bot file refused: it declares a DTD or entities")


def _parse_xml(data: bytes, source: str) -> ET.Element:
    # DTDs and entities are refused outright (no entity expansion bombs, no
    # external entities): bot files come from anywhere.
    check = expat.ParserCreate()
    check.StartDoctypeDeclHandler = _refuse
    check.EntityDeclHandler = _refuse
    try:
        check.Parse(data, True)
        return ET.fromstring(data)
    except (expat.ExpatError, ET.ParseError) as e:
        raise BotFileError(f"{source}: not well-formed XML ({e})") from None


def _number(value: Optional[str], what: str) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise BotFileError(f"{what}: {value!r} is not a number") from None


class _Reader:
    def __init__(self, bot: str) -> None:
        self.bot = bot

    def error(self, message: str) -> BotFileError:
        return BotFileError(f"bot {self.bot!r}: {message}")

    def card(self, name: Optional[str]) -> str:
        if not name:
            raise self.error("a card name is missing")
        try:
            return card_name(name)
        except KeyError:
            raise self.error(
                f"names {name!r}, a card this engine does not have "
                "(it plays Base, Intrigue and Prosperity)") from None

    def operand(self, el: Optional[ET.Element], side: str) -> Operand:
        if el is None:
            raise self.error(f"a condition has no <{side}>")
        f = el.get("type")
        attr = el.get("attribute")
        if f == "constant":
            return Operand(f, _number(attr, f"bot {self.bot!r}: <{side}> constant"))
        if f == "countCardTypeInDeck":
            if attr not in CARD_TYPES:
                raise self.error(f"unknown card type {attr!r} in countCardTypeInDeck "
                                 f"(known: {', '.join(sorted(CARD_TYPES))})")
            return Operand(f, attr)
        if f in CARD_OPERANDS:
            return Operand(f, self.card(attr))
        if f in PLAIN_OPERANDS:
            return Operand(f)
        if f in UNSUPPORTED_OPERANDS:
            raise self.error(f"operand {f!r} needs cards, tokens or mats of other sets")
        raise self.error(f"unknown operand {f!r} in <{side}>")

    def condition(self, el: ET.Element) -> Condition:
        op = el.find("operator")
        comparator = None if op is None else op.get("type")
        if comparator not in COMPARATORS:
            raise self.error(f"unknown or missing operator {comparator!r} "
                             f"(known: {', '.join(COMPARATORS)})")
        extra, extra_value = "plus", 0.0
        ex = el.find("extra_operation")
        if ex is not None:
            extra = ex.get("type") or ""
            if extra not in EXTRA_OPERATIONS:
                raise self.error(f"unknown extra_operation {extra!r} "
                                 f"(known: {', '.join(EXTRA_OPERATIONS)})")
            extra_value = _number(ex.get("attribute"), f"bot {self.bot!r}: extra_operation")
        return Condition(self.operand(el.find("left"), "left"), comparator,
                         self.operand(el.find("right"), "right"), extra, extra_value)

    def strategy(self, el: ET.Element) -> Strategy:
        if el.find("start_state") is not None:
            raise self.error("<start_state> (a set starting deck) is not supported")
        rules = []
        for buy in el.findall("buy"):
            card = self.card(buy.get("name"))
            rules.append(BuyRule(card, tuple(self.condition(c) for c in buy.findall("condition"))))
        board: list[str] = []
        unknown: list[str] = []
        for b in el.findall("board"):
            for name in (b.get("contents") or "").split(","):
                name = name.strip()
                if not name:
                    continue
                try:
                    ours = card_name(name)
                except KeyError:
                    unknown.append(name)
                    continue
                if ours not in _BASE and ours not in board:
                    board.append(ours)
        types = frozenset(t.get("name") or "" for t in el.findall("type")) - {""}
        return Strategy(self.bot, tuple(rules), types, tuple(board),
                        el.get("author") or "", el.get("description") or "", tuple(unknown))


def _players(data: Union[str, bytes], source: str) -> dict[str, ET.Element]:
    """The ``<player>`` elements of a bot file's text, by name."""
    raw = data.encode() if isinstance(data, str) else data
    root = _parse_xml(raw, source)
    out: dict[str, ET.Element] = {}
    for el in [root] if root.tag == "player" else root.iter("player"):
        name = el.get("name")
        if not name:
            raise BotFileError(f"{source}: a <player> has no name")
        if name in out:
            raise BotFileError(f"{source}: two players are named {name!r}")
        out[name] = el
    return out


def parse_strategies(data: Union[str, bytes], source: str = "<bot file>") -> dict[str, Strategy]:
    """Every ``<player>`` of a DominionSim bot file's text, by name, in file order.

    :raises BotFileError: on malformed XML, a DTD or entity declaration, a
        player without a name or twice the same name, a card we do not
        have, an unknown or unsupported operand, operator or card type, or
        a ``<start_state>``.
    """
    return {name: _Reader(name).strategy(el) for name, el in _players(data, source).items()}


def _read(path: Union[str, Path]) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise BotFileError(f"cannot read bot file {str(path)!r}: {e.strerror}") from None


def load_strategies(path: Union[str, Path]) -> dict[str, Strategy]:
    """:func:`parse_strategies` of a file.

    :raises BotFileError: if the file cannot be read, or as :func:`parse_strategies`.
    """
    return parse_strategies(_read(path), str(path))


def load_strategy(spec: str) -> Strategy:
    """The strategy a ``"path.xml:Bot name"`` entry names (``"path.xml"``: the
    file's only player). Only that player is read: the other bots of a
    library file may use cards or operands we do not have.

    :raises BotFileError: if the file cannot be read or is not well-formed,
        has no such player (or several and no name), or as
        :func:`parse_strategies` for that player.
    """
    path, name = split_spec(spec)
    players = _players(_read(path), path)
    if name is None:
        if len(players) != 1:
            raise BotFileError(f"{path} holds {len(players)} players; name one of: "
                               + ", ".join(repr(n) for n in players))
        name = next(iter(players))
    if name not in players:
        raise BotFileError(f"{path} has no player {name!r}; it has: "
                           + (", ".join(repr(n) for n in players) or "none"))
    return _Reader(name).strategy(players[name])


# ---------------------------------------------------------------------------
# The bot

#: Prompts where the player gains a card of its choice from the Supply:
#: DominionSim answers them from the buy rules (its ``getDesiredCard``).
GAIN_PROMPTS = frozenset({
    "workshop.gain", "feast.gain", "remodel.gain", "mine.gain", "artisan.gain",
    "ironworks.gain", "replace.gain", "upgrade.gain", "saboteur.gain",
    "expand.gain", "forge.gain", "anvil.gain",
})


class DominionSimBot:
    """Buys by a :class:`Strategy`'s rules; plays and answers everything else
    as :class:`GenericBot` does."""

    def __init__(self, strategy: Strategy, name: Optional[str] = None) -> None:
        self.strategy = strategy
        self.name = name or strategy.name
        self.generic = GenericBot()

    # -- buying --------------------------------------------------------------

    def choose_buy(self, game: "Game", seat: int, coins: int) -> Optional[str]:
        """The card DominionSim's buy rules buy with ``coins`` now, or ``None``."""
        s = _State(game, seat)
        supply = game.state.supply
        for rule in self.strategy.rules:
            card = rule.card
            if supply.get(card, 0) <= 0 or not game.may_buy(seat, card, coins):
                continue
            if rule.wanted(s) and not self._suicide(s, card):
                return card
        return None

    def choose_gain(self, game: "Game", seat: int, options: Sequence[str]) -> Optional[str]:
        """The first rule's card among ``options`` (the piles a gain may take)
        whose conditions hold and that does not lose by ending the game."""
        s = _State(game, seat)
        for rule in self.strategy.rules:
            if rule.card in options and rule.wanted(s) and not self._suicide(s, rule.card):
                return rule.card
        return None

    def _suicide(self, s: _State, card: str) -> bool:
        """DominionSim's "suicide" check: taking the last card of a pile that
        ends the game (Province, Colony, or a third pile with two already
        empty) while behind, or level having taken more turns; with
        ``AppliesPPR`` also the penultimate Province rule."""
        game = s.game
        left = game.state.supply[card]
        big = card in ("Province", "Colony")
        if self.strategy.applies_ppr and big and left == 2 and self._ppr(s, card):
            return True
        if left != 1 or (not big and game.empty_piles() < 2):
            return False
        me = game.state.players[s.seat]
        mine = total(s.owned + Counter({card: 1}), me.vp_tokens)
        for o in s.opponents():
            theirs = game.score(o)
            if mine < theirs or (mine == theirs and me.turns > game.state.players[o].turns):
                return True
        return False

    def _ppr(self, s: _State, card: str) -> bool:
        # DominionSim: refuse the penultimate Province when behind an opponent
        # while another card of the rules would put this player ahead.
        # A card's worth is its VP in the deck as it is (Gardens, Duke), as
        # DominionSim's getVictoryValue counts it.
        game = s.game
        mine = game.score(s.seat)
        cards: Optional[list[str]] = None
        for o in s.opponents():
            theirs = game.score(o)
            if mine >= theirs:
                continue
            for rule in self.strategy.rules:
                other = rule.card
                if other == card or game.state.supply.get(other, 0) <= 0:
                    continue
                c = CARDS[other]
                worth = c.vp
                if c.score is not None:
                    if cards is None:
                        cards = list(s.owned.elements())
                    worth += c.score(cards)
                if mine + worth > theirs:
                    return True
        return False

    # -- the Bot protocol ----------------------------------------------------

    def command(self, game: "Game", seat: int) -> Command:
        return turn_command(game, seat, self.generic.action_to_play, self.choose_buy)

    def turn_choices(self, game: "Game") -> Optional["TurnChoices"]:
        """What :meth:`command` chooses with, for a one-call turn (:mod:`dominion.fastplay`)."""
        return self.generic.action_to_play, self.choose_buy

    def decide(self, game: "Game", decision: "Decision") -> Any:
        """Gains by cost follow the buy rules (falling back to the generic
        bot when none fits); everything else is the generic bot's answer."""
        if decision.kind == SUPPLY and decision.prompt in GAIN_PROMPTS:
            pick = self.choose_gain(game, decision.seat, decision.options)
            if pick is not None:
                return pick
        return self.generic.decide(game, decision)


def split_spec(spec: str) -> tuple[str, Optional[str]]:
    """``"path.xml:Bot name"`` -> (path, name); ``"path.xml"`` -> (path, ``None``)."""
    path, sep, name = spec.partition(".xml:")
    if sep:
        return path + ".xml", name or None
    return spec, None


def is_spec(name: str) -> bool:
    """Whether a ``--bots`` entry names a bot file (``….xml`` or ``….xml:Name``)."""
    return ".xml:" in name or name.endswith(".xml")


def load_bot(spec: str) -> DominionSimBot:
    """A new bot for a ``"path.xml:Bot name"`` entry, named by the entry.

    :raises BotFileError: as :func:`load_strategy`.
    """
    return DominionSimBot(load_strategy(spec), name=spec)


#: Our own strategy files (issue 25's sparring set), shipped with the package.
STRATEGIES_DIR = Path(__file__).resolve().parent / "strategies"

"""A bot that can play any kingdom: money plus a few good Actions.

Strategy in one paragraph: buy like Big Money (Province at $8 once the deck
has some Gold or the game is late, Gold at $6-7, Silver otherwise), but take a
strong kingdom Action at $4-$5 while the deck has room for another terminal,
a village when it holds several terminals, Duchies and Estates as the game
nears its end, and never a Curse. It does not buy the last Province (or end
the game on piles) when that would lose.

With Platinum and Colony in the supply it buys Colony at $11 and Platinum
at $9-10 while the game is young, takes Provinces only once its deck can
also reach Colonies (or the game nears its end), and greens later: the game
is longer and a Province is worth less beside a Colony. VP tokens count in
its scores; what a buy brings from the cards in play counts in its choice
(Talisman's copy, Hoard's Gold, Goons' and Collection's tokens; Mint
trashing the Treasures in play); it keeps its Coppers in hand to buy a
Grand Market, and plays Charlatan's Curses for $1.

Every decision kind has a legal answer, every prompt of the Base, Intrigue
and Prosperity sets gets a sensible one (trash junk, discard Victory cards,
gain the best card it can, reveal each reaction once, give a Swindler victim
the worst card, pass the worst card to Masquerade, name for Contraband the
card the player is about to buy...; the Prosperity answers are in
:mod:`dominion.bots.prosperity`), and an unknown prompt (a card added later)
falls back to a safe answer chosen from the prompt's suffix. Everything is a handful of table look-ups and comparisons: no
search, so simulations stay fast.

The bot is deterministic: its answers depend only on the game state, never on
hash order, so a saved game replays to the same answers. (The Secret
Passage position prompt does not name the card being placed: the bot
remembers the card it chose just before, and a new instance chooses it again
from the hand.)
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from ..cards.card import CARDS, VILLAGE, Card
from ..commands import Buy, Command, Play
from ..state import ACTION_PHASE
from ..decisions import CARDS as CHOOSE_CARDS
from ..decisions import OPTION, OPTIONS, ORDER, SUPPLY
from .base import turn_command

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..engine import Game
    from ..fastplay import TurnChoices

# ---------------------------------------------------------------------------
# Card knowledge

VILLAGE_KIND = "village"  # +2 Actions or more
CANTRIP = "cantrip"  # exactly +1 Action: never uses up an Action
TERMINAL = "terminal"  # no +Action

#: How each known Action card uses Actions.
KIND: dict[str, str] = {
    "Village": VILLAGE_KIND, "Festival": VILLAGE_KIND,
    "Cellar": CANTRIP, "Harbinger": CANTRIP, "Merchant": CANTRIP, "Poacher": CANTRIP,
    "Spy": CANTRIP, "Laboratory": CANTRIP, "Market": CANTRIP, "Sentry": CANTRIP,
    # Intrigue. Nobles counts as a village in the deck (it chooses +2 Actions
    # when the hand needs them); Diplomat and Conspirator only sometimes give
    # Actions, so they count as terminals and :meth:`GenericBot._play_score`
    # looks at the hand.
    "Mining Village": VILLAGE_KIND, "Shanty Town": VILLAGE_KIND, "Nobles": VILLAGE_KIND,
    "Great Hall": CANTRIP, "Pawn": CANTRIP, "Wishing Well": CANTRIP, "Upgrade": CANTRIP,
    "Mill": CANTRIP, "Secret Passage": CANTRIP, "Lurker": CANTRIP, "Scout": CANTRIP,
    "Minion": CANTRIP,
    "Diplomat": TERMINAL, "Conspirator": TERMINAL,
    # Prosperity (City and Worker's Village carry the village tag)
    "Grand Market": CANTRIP, "Peddler": CANTRIP,
}

#: Wish to buy a first copy, on the scale Silver = 20, Gold = 50, Province = 90.
BUY_SCORE: dict[str, float] = {
    "Witch": 58, "Artisan": 46, "Smithy": 40, "Militia": 38, "Laboratory": 36,
    "Library": 35, "Council Room": 34, "Bandit": 33, "Market": 30, "Sentry": 29,
    "Moneylender": 28, "Festival": 26, "Bureaucrat": 24, "Poacher": 23,
    "Adventurer": 22, "Mine": 21, "Vassal": 20, "Merchant": 19, "Woodcutter": 19,
    "Feast": 18, "Chancellor": 18, "Harbinger": 17, "Remodel": 17, "Throne Room": 14,
    "Spy": 14, "Workshop": 12, "Village": 8, "Cellar": 8, "Moat": 8, "Chapel": 0,
    "Thief": 3,
    # Intrigue ($2-$6)
    "Courtyard": 38, "Pawn": 12, "Lurker": 9, "Secret Chamber": 7,
    "Masquerade": 36, "Swindler": 30, "Steward": 28, "Wishing Well": 17,
    "Great Hall": 16, "Shanty Town": 18,
    "Diplomat": 31, "Secret Passage": 28, "Bridge": 26, "Conspirator": 25, "Baron": 24,
    "Ironworks": 24, "Mill": 22, "Mining Village": 22, "Coppersmith": 15, "Scout": 6,
    "Torturer": 50, "Minion": 40, "Patrol": 36, "Courtier": 34, "Upgrade": 29,
    "Tribute": 25, "Trading Post": 22, "Replace": 22, "Saboteur": 14,
    "Nobles": 45,
    # Prosperity Actions ($3-$8). King's Court is scored like Throne Room.
    "Watchtower": 27, "Trade Route": 12,
    "Bishop": 26, "Monument": 33, "Worker's Village": 18, "Clerk": 32,
    "Mountebank": 54, "Charlatan": 50, "Rabble": 38, "Vault": 40, "Magnate": 33,
    "City": 24, "Mint": 8, "Counting House": 6,
    "Goons": 52, "Grand Market": 53,
    "King's Court": 30, "Expand": 30, "Forge": 16, "Peddler": 30,
}

#: Wish for a Prosperity Treasure (its coins do not tell its worth): on the
#: scale of Silver = 20 and Gold = 50.
TREASURE_SCORE: dict[str, float] = {
    "Platinum": 85, "Bank": 46, "Venture": 40, "Contraband": 38, "Hoard": 42,
    "Royal Seal": 30, "Collection": 31, "War Chest": 30, "Crystal Ball": 26,
    "Talisman": 23, "Quarry": 21, "Loan": 22, "Investment": 22, "Tiara": 22,
    "Anvil": 16,
}

#: Coins a Treasure makes on average when its printed coins do not say it
#: (Bank counts the Treasures in play, Venture plays the next one...).
TREASURE_COINS: dict[str, float] = {
    "Bank": 2.5, "Venture": 2.2, "Contraband": 3, "Crystal Ball": 1.3, "Tiara": 0.8,
    "War Chest": 1.5, "Investment": 1, "Loan": 1, "Anvil": 1, "Quarry": 1,
    "Talisman": 1, "Hoard": 2, "Royal Seal": 2, "Collection": 2,
}

#: Most copies worth having (beyond it a card is only bought over nothing).
MAX_COPIES: dict[str, int] = {
    "Witch": 2, "Artisan": 1, "Smithy": 2, "Library": 2, "Council Room": 2,
    "Moneylender": 1, "Mine": 1, "Remodel": 1, "Chapel": 1, "Cellar": 1, "Moat": 2,
    "Throne Room": 2, "Bureaucrat": 1, "Adventurer": 1, "Feast": 1, "Spy": 1,
    "Harbinger": 2, "Sentry": 2, "Workshop": 2, "Vassal": 2, "Chancellor": 1,
    "Courtyard": 2, "Masquerade": 2, "Steward": 2, "Swindler": 2, "Torturer": 2,
    "Courtier": 2, "Patrol": 2, "Diplomat": 2, "Baron": 1, "Bridge": 2, "Ironworks": 2,
    "Coppersmith": 1, "Trading Post": 1, "Replace": 1, "Saboteur": 1, "Tribute": 1,
    "Pawn": 2, "Lurker": 1, "Secret Chamber": 1, "Scout": 1, "Wishing Well": 2,
    "Upgrade": 3, "Conspirator": 3, "Secret Passage": 3, "Minion": 5,
    "Mountebank": 2, "Charlatan": 2, "Rabble": 2, "Vault": 2, "Monument": 2,
    "Bishop": 1, "Watchtower": 2, "Magnate": 2, "Clerk": 2, "Trade Route": 1,
    "Expand": 1, "Forge": 1, "Mint": 1, "Counting House": 1, "King's Court": 2,
    "Goons": 2, "Worker's Village": 4, "City": 4,
    "Venture": 4, "Loan": 1, "Talisman": 2, "Hoard": 3, "Royal Seal": 2,
    "Crystal Ball": 2, "War Chest": 2, "Anvil": 1, "Investment": 1, "Quarry": 2,
    "Contraband": 2, "Bank": 3, "Collection": 2, "Tiara": 1,
}

#: Strength of a terminal when choosing which one to play (higher first).
TERMINAL_PLAY: dict[str, float] = {
    "Witch": 60, "Smithy": 50, "Council Room": 48, "Artisan": 47, "Bandit": 45,
    "Militia": 44, "Adventurer": 42, "Moneylender": 41, "Mine": 40, "Library": 39,
    "Feast": 38, "Moat": 36, "Bureaucrat": 35, "Chapel": 34, "Vassal": 33,
    "Woodcutter": 32, "Chancellor": 32, "Workshop": 30, "Remodel": 29, "Thief": 20,
    "Torturer": 58, "Nobles": 52, "Patrol": 51, "Courtyard": 49, "Masquerade": 47,
    "Diplomat": 46, "Courtier": 43, "Steward": 42, "Swindler": 40, "Baron": 39,
    "Tribute": 38, "Bridge": 37, "Saboteur": 36, "Trading Post": 35, "Replace": 33,
    "Ironworks": 31, "Conspirator": 30, "Coppersmith": 20, "Secret Chamber": 22,
    "Mountebank": 59, "Charlatan": 57, "Goons": 55, "Rabble": 50, "Vault": 49,
    "Clerk": 44, "Monument": 42, "Expand": 38, "Bishop": 34, "Forge": 30,
    "Mint": 30, "Trade Route": 28, "Counting House": 24,
}

#: +$ an Action makes when played, counted into the deck's money.
VIRTUAL_COINS: dict[str, int] = {
    "Market": 1, "Poacher": 1, "Festival": 2, "Woodcutter": 2, "Chancellor": 2,
    "Vassal": 2, "Militia": 2, "Moneylender": 2, "Bandit": 1,
    "Bridge": 1, "Baron": 2, "Conspirator": 2, "Minion": 2, "Pawn": 1, "Steward": 2,
    "Swindler": 2, "Tribute": 1, "Courtier": 2, "Mill": 1, "Coppersmith": 1,
    "Secret Chamber": 1,
    "Monument": 2, "Bishop": 1, "Clerk": 2, "Charlatan": 3, "Mountebank": 2, "Goons": 2,
    "Grand Market": 2, "Peddler": 1,
}

#: Attacks a Moat is worth buying against.
MOAT_WORTHY = ("Witch", "Militia", "Bandit", "Bureaucrat", "Thief",
               "Torturer", "Minion", "Swindler", "Replace", "Saboteur",
               "Mountebank", "Charlatan", "Goons", "Rabble", "Clerk")

_MOAT_WORTHY = frozenset(MOAT_WORTHY)

#: Attacks that cut the victim's hand: against them a reaction keeps the
#: best cards safe on the deck (Secret Chamber) or filters the hand (Diplomat).
HAND_ATTACKS = frozenset({"Militia", "Torturer", "Minion", "Goons", "Rabble"})

#: Least :func:`gain_score` worth spending a Buy on (a Cellar is not).
BUY_AT_LEAST = 10

#: Starting size of the Province pile by player count (to compare game stages).
PROVINCES_AT_START = {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}


# kind() and coins_of() depend only on the card: remembered per Card object
# (not per name, so a card a test stands in is looked at afresh).
_KINDS: dict[Card, Optional[str]] = {}
_COINS: dict[Card, float] = {}


def kind(name: str) -> Optional[str]:
    """How an Action uses Actions (``None`` for a non-Action)."""
    card = CARDS[name]
    try:
        return _KINDS[card]
    except KeyError:
        pass
    k: Optional[str]
    if not card.is_action:
        k = None
    else:
        known = KIND.get(name)
        k = known if known is not None else VILLAGE_KIND if VILLAGE in card.tags else TERMINAL
    _KINDS[card] = k
    return k


def is_terminal(name: str) -> bool:
    return kind(name) == TERMINAL


def is_junk(name: str) -> bool:
    """A card that does nothing in hand: Curses and pure Victory cards."""
    card = CARDS[name]
    return (card.is_victory or name == "Curse") and not (card.is_action or card.is_treasure)


def has_ability(card: Card) -> bool:
    """A Treasure that does more than make coins, when played or while in play."""
    return card.on_play is not None or card.on_buy_in_play is not None \
        or card.on_gain_in_play is not None


def coins_of(name: str) -> float:
    """Money a card makes when played (Treasures and +$ Actions), on average."""
    card = CARDS[name]
    try:
        return _COINS[card]
    except KeyError:
        pass
    if card.is_treasure:
        coins: float = TREASURE_COINS.get(name, card.coins)
    else:
        coins = VIRTUAL_COINS.get(name, 0)
    _COINS[card] = coins
    return coins


def value(name: str) -> float:
    """Context-free worth of a card in hand (higher is better).

    Curse < Victory < Copper < Silver < ... ; good Actions rank with Silver
    to Gold. Used to order cards when the game state does not matter.
    """
    card = CARDS[name]
    if name == "Curse":
        return -10
    if is_junk(name):
        return -1 + card.vp * 0.01
    if card.is_treasure:
        coins = TREASURE_COINS.get(name, card.coins)
        return coins + (0.5 if has_ability(card) and name != "Silver" else 0)
    if card.is_action:  # Witch ~3.3, Smithy ~2.6, Cellar ~1.3: mostly Silver to Gold
        return 1 + BUY_SCORE.get(name, card.cost * 4) / 25
    return card.cost / 2


def worst_first(cards: Iterable[str]) -> list[str]:
    """Cards ordered from least to most valuable (stable: ties keep their order)."""
    return sorted(cards, key=value)


def best_first(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=value, reverse=True)


# ---------------------------------------------------------------------------
# What the bot knows about its deck and the game stage


class _Ctx:
    """Figures about one seat's cards and the game stage (see :func:`_ctx`).

    Never changed once made: questions share it while nothing it counts changes.
    """

    __slots__ = (
        "game", "seat", "owned", "size", "money", "golds", "terminals", "villages",
        "stage", "players", "kingdom", "my_turns", "colony", "terminal_room", "gardens",
        "player", "version", "supply", "reusable",
    )
    owned: Counter[str]
    size: int
    money: float
    golds: int
    terminals: int
    villages: int
    gardens: int
    reusable: bool

    def __init__(self, game: "Game", seat: int, same_cards: Optional["_Ctx"] = None,
                 gained: Optional[str] = None) -> None:
        st = game.state
        p = st.players[seat]
        self.game = game
        self.seat = seat
        #: What the figures were made from: the player object and its cards
        #: version, the supply's pile sizes (see :func:`_ctx`).
        self.player = p
        self.version = p.cards_version
        self.supply = tuple(st.supply.values())
        if same_cards is not None and gained is not None:  # the cards since: one gain
            self._add(same_cards, gained)
        elif same_cards is not None:  # the seat's cards have not changed since
            c = same_cards
            self.owned, self.size, self.money, self.golds = c.owned, c.size, c.money, c.golds
            self.terminals, self.villages, self.gardens = c.terminals, c.villages, c.gardens
            self.reusable = True
        else:
            self._count(p.all_cards())
        self.players = len(st.players)
        self.kingdom = st.kingdom
        self.my_turns = p.turns
        self.stage = _stage_of(game, self.supply)
        self.colony = "Colony" in st.supply
        #: How many terminals the deck can hold without many collisions.
        self.terminal_room = 1 + self.villages + max(0, self.size - 10) // 8

    def _count(self, cards: list[str]) -> None:
        self.owned = owned = Counter(cards)
        self.size = len(cards)
        money: float = 0
        terminals = villages = gardens = 0
        exact = True
        facts = _CARD_FACTS
        for c, n in owned.items():
            card = CARDS[c]
            f = facts.get(card)
            if f is None:
                f = _card_facts(card, c)
            if f[0]:
                gardens += n
            if f[1] == TERMINAL:
                terminals += n
            elif f[1] == VILLAGE_KIND:
                villages += n
            money += f[2] * n  # in the order of the cards, as always
            exact = exact and f[3]
        self.money = money
        #: Whether the money adds up the same in any order of the cards (no
        #: coins like Tiara's 0.8): only then may a later question, with the
        #: cards in other zones, reuse these figures (:func:`_ctx`).
        self.reusable = exact
        self.golds = owned.get("Gold", 0) + owned.get("Platinum", 0)
        self.terminals = terminals
        self.villages = villages
        #: Cards whose VP depend on the deck (Gardens) the seat owns.
        self.gardens = gardens

    def _add(self, c: "_Ctx", name: str) -> None:
        """The figures of ``c``'s cards plus one ``name``, as :meth:`_count`
        makes them, or counted afresh if its coins are not exact."""
        card = CARDS[name]
        f = _CARD_FACTS.get(card)
        if f is None:
            f = _card_facts(card, name)
        if not f[3]:  # its coins would add up differently in another order
            self._count(self.player.all_cards())
            return
        self.owned = owned = c.owned.copy()
        owned[name] += 1
        self.size = c.size + 1
        self.money = c.money + f[2]
        self.reusable = True
        self.golds = c.golds + (name == "Gold" or name == "Platinum")
        self.terminals = c.terminals + (f[1] == TERMINAL)
        self.villages = c.villages + (f[1] == VILLAGE_KIND)
        self.gardens = c.gardens + f[0]


#: Per card: (VP depend on the deck, :func:`kind`, :func:`coins_of`, whether
#: those coins are a multiple of $0.25, which floats add exactly in any order).
_CARD_FACTS: dict[Card, tuple[bool, Optional[str], float, bool]] = {}


def _card_facts(card: Card, name: str) -> tuple[bool, Optional[str], float, bool]:
    coins = coins_of(name)
    facts = _CARD_FACTS[card] = (card.score is not None, kind(name), coins, float(coins * 4).is_integer())
    return facts


#: The last :func:`_stage` computed: the game, its pile sizes, the stage
#: (one tuple, replaced whole: bots of several server threads may share it).
_LAST_STAGE: tuple[Any, tuple[int, ...], float] = (None, (), 0.0)


def _stage_of(game: "Game", supply: tuple[int, ...]) -> float:
    """:func:`_stage`, the last one computed if the game and its piles are the same."""
    global _LAST_STAGE
    last = _LAST_STAGE
    if last[0] is game and last[1] == supply:
        return last[2]
    stage = _stage(game)
    _LAST_STAGE = (game, supply, stage)
    return stage


#: The last :class:`_Ctx` made for each seat number (of any game).
_LAST_CTX: dict[int, _Ctx] = {}


def _ctx(game: "Game", seat: int) -> _Ctx:
    """The seat's :class:`_Ctx`: the last one made while nothing it counts
    has changed, or one that reuses its figures about the seat's cards
    (adding the card of a single gain since, ``Player.last_gain``).

    A bot asks several questions per turn (which Action, which buy, each
    decision), mostly with the same cards. The player's ``cards_version``
    changes with every gain, trash, pass or look at the deck; the card count
    also falls while cards taken off the deck are out of every zone.
    """
    st = game.state
    p = st.players[seat]
    last = _LAST_CTX.get(seat)
    if last is None or not last.reusable or last.game is not game or last.player is not p:
        ctx = _LAST_CTX[seat] = _Ctx(game, seat)
        return ctx
    size = len(p.hand) + len(p.deck) + len(p.discard) + len(p.in_play) + len(p.set_aside)
    if last.version != p.cards_version or last.size != size:
        version, name = p.last_gain
        if version == p.cards_version == last.version + 1 and size == last.size + 1:
            ctx = _Ctx(game, seat, same_cards=last, gained=name)  # one gain since
        else:
            ctx = _Ctx(game, seat)
        _LAST_CTX[seat] = ctx
    elif last.my_turns != p.turns or last.supply != tuple(st.supply.values()):
        ctx = _LAST_CTX[seat] = _Ctx(game, seat, same_cards=last)
    else:
        ctx = last
    return ctx


def _stage(game: "Game") -> float:
    """Roughly how many big gains are left before the game ends.

    The Province (or Colony) pile scaled to a 2-player game's 8, or the cards
    left in the smallest piles that would end the game, whichever is less.
    """
    st = game.state
    supply = st.supply
    n = len(st.players)
    left = supply.get("Province", 0) * 8 / PROVINCES_AT_START.get(n, 12)
    if "Colony" in supply:  # 8 Colonies with 2 players, 12 with more
        left = min(left, supply["Colony"] * 8 / (8 if n == 2 else 12))
    limit = 3 if n <= 4 else 4
    piles = sorted(supply.values())  # empty piles (0) first
    empty = piles.count(0)
    need = limit - empty
    if need <= 0:
        return 0
    smallest = piles[empty:empty + need]
    return min(left, float(sum(smallest)))


#: The cards :func:`gain_score` has a rule for by name.
_BASIC_SCORES = frozenset({
    "Curse", "Colony", "Province", "Duchy", "Estate", "Platinum", "Gold", "Silver", "Copper",
})


def pick_gain(options: list[str], scores: dict[str, float], buying: bool,
              loses: Callable[[str], bool]) -> Optional[str]:
    """The best-scored option that does not end the game in a loss (``loses``),
    the first of equals; ``None`` when buying and nothing scores
    :data:`BUY_AT_LEAST` (a gain that must be taken takes the best one)."""
    ranked = sorted(options, key=scores.__getitem__, reverse=True)  # stable: ties keep their order
    for name in ranked:
        if loses(name):
            continue
        if buying and scores[name] < BUY_AT_LEAST:
            return None
        return name
    return None if buying else ranked[0]


def gain_score(ctx: _Ctx, name: str, buying: bool = True) -> float:
    """How much the bot wants one more ``name`` now (Silver = 20, Gold = 50).

    Negative means it would rather have nothing.
    """
    card = CARDS[name]
    if name not in _BASIC_SCORES and not card.is_victory:
        # A kingdom Action or Treasure: what the checks below come to for it.
        if card.is_treasure:
            return _treasure_score(ctx, name)
        if card.is_action:
            return _action_score(ctx, name)
    stage = ctx.stage
    if name == "Curse":
        return -100
    if name == "Colony":
        return 100
    if name == "Province":
        if ctx.colony:
            # Worth 6 of a Colony's 10 VP: early on Gold and Platinum come
            # first, then Provinces when the deck can also reach Colonies.
            if stage <= 5 or ctx.my_turns >= 22:
                return 90
            return 70 if ctx.golds >= 2 or ctx.money >= 22 else 48
        if ctx.golds or ctx.money >= 16 or stage <= 6 or ctx.my_turns >= 14:
            return 90
        return 45  # too early: Gold first
    if name == "Duchy":
        if ctx.owned.get("Duke", 0):  # each Duke makes every Duchy worth 1 VP more
            return 55 if stage <= 5 else 42 if stage <= 8 else -5
        if ctx.colony:  # a longer game, and Duchies are worth less against Colonies
            return 55 if stage <= 3 else 40 if stage <= 5 else -5
        return 55 if stage <= 4 else 40 if stage <= 6 else -5
    if name == "Estate":
        return 30 if stage <= 2 else 8 if stage <= 3 else -20
    if card.is_victory and not (card.is_action or card.is_treasure):
        vp = card.vp
        if name == "Duke":  # as many VP as Duchies: worth it late, with Duchies
            vp = ctx.owned.get("Duchy", 0)
        elif card.score is not None:  # Gardens: worth what the deck will be
            vp += card.score([name] * (ctx.size + 1 + (5 if stage > 4 else 0)))
        return _victory_score(stage, vp)
    if card.is_victory:
        # Harem, Great Hall, Mill, Nobles: money or an Action early, points
        # late; the better of the two, a little more for having both.
        use: float
        if card.is_treasure:  # Harem: a Gold's rival from mid-game on
            use = card.coins * 15 + card.cost + (7 * card.vp if stage <= 8 else 0)
        else:
            use = _action_score(ctx, name)
        return max(use, _victory_score(stage, card.vp)) + 4
    if name == "Platinum":
        return 88 if stage > 4 else 60 if stage > 2 else 30
    if name == "Gold":
        return 50
    if name == "Silver":
        return 20
    if name == "Copper":
        if not buying:
            return 1
        if ctx.gardens >= 2:
            return 12  # Coppers fill Gardens decks
        return 15 if ctx.money < 4 else -30  # a deck trashed too thin needs money
    if card.is_treasure:
        return _treasure_score(ctx, name)
    if card.is_action:
        return _action_score(ctx, name)
    return card.cost * 3


def _treasure_score(ctx: _Ctx, name: str) -> float:
    """Wish for a kingdom Treasure (Harem aside), given the deck."""
    card = CARDS[name]
    score = TREASURE_SCORE.get(name, card.coins * 15 + card.cost)
    copies = ctx.owned.get(name, 0)
    if name == "Loan" and ctx.owned.get("Copper", 0) < 5:
        score = 8  # little left to trash
    elif name == "Quarry":
        actions = sum(1 for c in ctx.kingdom if CARDS[c].is_action and CARDS[c].cost >= 5)
        score += min(actions, 3) * 2  # makes the dear Actions cheap
    elif name == "Talisman":
        cheap = sum(1 for c in ctx.kingdom if CARDS[c].cost <= 4 and not CARDS[c].is_victory)
        score += min(cheap, 4)  # a Silver costs $3: it can always copy one
    if copies >= MAX_COPIES.get(name, 8):
        score = min(score, 18)
    if ctx.stage <= 3:
        score -= 10  # hardly drawn again
    return score


def _victory_score(stage: float, vp: int) -> float:
    """Wish for a card worth ``vp`` points, by game stage (Duchy: 55 late)."""
    if vp >= 3:  # a Duke with 4 Duchies beats a Duchy
        return (55 if stage <= 4 else 40 if stage <= 8 else 18) + (vp - 3) * 2
    if vp == 2:
        return 35 if stage <= 4 else 15 if stage <= 6 else -5
    return 30 if stage <= 2 and vp >= 1 else -20


#: The cards :func:`_action_score` has a rule for by name (villages have one by kind).
_ACTION_RULES = frozenset({
    "Village", "Shanty Town", "Mining Village", "Baron", "Coppersmith", "Trading Post",
    "Conspirator", "Moat", "Chapel", "Throne Room", "King's Court", "Mint",
    "Counting House", "Trade Route", "Smithy",
})


# What _action_score reads of a card's own tables, per Card object:
# (first-copy wish, kind, most copies worth having, a rule by name or kind).
_ACTION_FACTS: dict[Card, tuple[float, Optional[str], int, bool]] = {}


def _action_facts(card: Card, name: str) -> tuple[float, Optional[str], int, bool]:
    k = kind(name)
    facts = (BUY_SCORE.get(name, 10 + card.cost * 4), k, MAX_COPIES.get(name, 8),
             name in _ACTION_RULES or k == VILLAGE_KIND)
    _ACTION_FACTS[card] = facts
    return facts


def _action_score(ctx: _Ctx, name: str) -> float:
    """Wish for a kingdom Action, given the deck's terminals and villages."""
    card = CARDS[name]
    facts = _ACTION_FACTS.get(card)
    if facts is None:
        facts = _action_facts(card, name)
    score, k, most, has_rule = facts
    copies = ctx.owned.get(name, 0)
    if not has_rule:
        pass  # none of the rules below is about this card: skip the chain
    elif name == "Village":
        score = 22 if ctx.terminals >= ctx.villages + 2 else 6
    elif name == "Shanty Town" or name == "Mining Village":
        score = score + 4 if ctx.terminals >= ctx.villages + 2 else 8
    elif k == VILLAGE_KIND and name != "Nobles":  # Nobles also draws
        if ctx.terminals < ctx.villages + 2:
            score -= 8
    elif name == "Baron":
        if ctx.owned.get("Estate", 0) < 2 + copies:
            score = 8  # little to discard: it would mostly gain Estates
    elif name == "Coppersmith":
        if ctx.owned.get("Copper", 0) < 6:
            score = 4
    elif name == "Trading Post":
        junk = ctx.owned.get("Copper", 0) + ctx.owned.get("Estate", 0) + ctx.owned.get("Curse", 0)
        if junk < 8:
            score = 8  # too little to trash two at a time
    elif name == "Conspirator":
        cantrips = sum(n for c, n in ctx.owned.items() if kind(c) in (CANTRIP, VILLAGE_KIND))
        score += min(cantrips, 6) * 2  # it draws once 3 Actions were played
    elif name == "Moat":
        if not _MOAT_WORTHY.isdisjoint(ctx.kingdom):
            score = 16
    elif name == "Chapel":
        score = 16 if "Witch" in ctx.kingdom and copies == 0 else 0
    elif name == "Throne Room" or name == "King's Court":
        others = sum(n for c, n in ctx.owned.items()
                     if CARDS[c].is_action and c not in ("Throne Room", "King's Court"))
        if others < 3 * (copies + 1):
            score = 5
    elif name == "Mint":
        # Its copies need Treasures worth copying, and buying it trashes
        # the Treasures in play (see ``_buy_bonus``).
        if ctx.golds == 0 and ctx.owned.get("Silver", 0) < 2:
            score = 4
    elif name == "Counting House":
        if ctx.owned.get("Copper", 0) >= 8:
            score = 18
    elif name == "Trade Route":
        if ctx.game.state.trade_route_mat >= 2:
            score = 22  # the mat pays well already
    elif name == "Smithy" and copies == 1 and ctx.size < 16:
        score = 12  # a second Smithy only in a bigger deck
    if k == TERMINAL and ctx.terminals >= ctx.terminal_room and name != "Witch":
        score = min(score, 10)
    if copies >= most:
        score = min(score, 8)
    score -= copies * 2
    if ctx.stage <= 4:
        score -= 15  # too late for engine parts to pay off
    return score


def _vp_worth(stage: float) -> float:
    """A VP token on :func:`gain_score`'s scale: little early, much late."""
    return 4.0 if stage > 6 else 8.0 if stage > 3 else 14.0


def _buy_bonus(ctx: _Ctx, name: str) -> float:
    """What buying ``name`` brings besides the card, from the cards in play:
    Talisman's copy, Hoard's Gold, Goons' and Collection's VP tokens; and
    what it costs: Mint trashes the Treasures in play."""
    game = ctx.game
    st = game.state
    in_play = st.players[ctx.seat].in_play
    if not in_play:
        return 0.0
    card = CARDS[name]
    effects = st.turn.effects
    victory = "Victory" in game.types(name)
    bonus = 0.0
    talismans = in_play.count("Talisman")
    if talismans and not victory and game.cost(name) <= 4:
        copies = min(talismans, st.supply.get(name, 0) - 1)
        bonus += copies * max(0.0, gain_score(ctx, name)) * 0.8
    hoards = in_play.count("Hoard") if game.first_edition else effects.get("hoard", 0)
    if hoards and victory:
        bonus += min(hoards, st.supply.get("Gold", 0)) * 30
    goons = in_play.count("Goons")
    if goons:
        bonus += goons * _vp_worth(ctx.stage)
        if name == "Copper" and ctx.stage <= 3:
            bonus += 30  # a spare Buy at the end: a token for a card hardly drawn again
    if effects.get("collection", 0) and card.is_action:
        bonus += effects["collection"] * _vp_worth(ctx.stage)
    if name == "Mint":
        for t in in_play:
            if t == "Copper":
                bonus += 2 if ctx.stage > 6 else -1  # trashing Coppers helps early
            elif game.is_treasure(t):
                bonus -= max(0.0, _own_score(ctx, t)) * 0.8
    return bonus


def wishes(ctx: _Ctx, options: list[str], buying: bool, in_play: bool) -> dict[str, float]:
    """:func:`gain_score` of each option, plus what buying it brings or
    costs with the cards in play (:func:`_buy_bonus`) when ``in_play``: a
    buy in the Buy phase, not a gain by cost or a Grand Market check."""
    scores = {n: gain_score(ctx, n, buying) for n in options}
    if in_play:
        if _buy_bonus_possible(ctx):
            for n in options:
                scores[n] += _buy_bonus(ctx, n)
        elif "Mint" in scores:  # its own bonus: trashing the Treasures in play
            scores["Mint"] += _buy_bonus(ctx, "Mint")
    return scores


def _buy_bonus_possible(ctx: _Ctx) -> bool:
    """Whether :func:`_buy_bonus` may be non-zero for a card other than Mint
    (otherwise it is 0.0 for every such card: a shortcut, not a new rule)."""
    st = ctx.game.state
    in_play = st.players[ctx.seat].in_play
    if not in_play:
        return False
    effects = st.turn.effects
    hoards = in_play.count("Hoard") if ctx.game.first_edition else effects.get("hoard", 0)
    return bool("Talisman" in in_play or hoards or "Goons" in in_play
                or effects.get("collection", 0))


def _would_lose_by_ending(ctx: _Ctx, name: str) -> bool:
    """Whether gaining ``name`` ends the game now with this seat not winning."""
    game = ctx.game
    st = game.state
    supply = st.supply
    left = supply.get(name, 0)
    if left != 1:
        return False
    n = len(st.players)
    ends = name in ("Province", "Colony") or game.empty_piles() + 1 >= (3 if n <= 4 else 4)
    if not ends:
        return False
    scores = [game.score(s) for s in range(n)]
    card = CARDS[name]
    mine = scores[ctx.seat] + card.vp
    if card.score is not None:
        mine += card.score(st.players[ctx.seat].all_cards() + [name])
    others = [scores[s] for s in range(n) if s != ctx.seat]
    best = max(others)
    if mine > best:
        return False
    if mine < best:
        return True
    turns = st.players[ctx.seat].turns
    # A tie is shared (or won) only against seats that had as many turns.
    return any(
        scores[s] == best and st.players[s].turns < turns for s in range(n) if s != ctx.seat
    )


# ---------------------------------------------------------------------------
# Upper bounds of gain_score: most piles cannot win a choice, so they go unscored


_INF = float("inf")


def gain_bound(name: str) -> float:
    """A score :func:`gain_score` never exceeds for ``name``, whatever the
    deck and stage (``inf`` where the deck sets no limit: Gardens, Duke).

    It follows :func:`gain_score`'s rules; ``tests/test_bot_bounds.py``
    checks it against every score of many random games.
    """
    card = CARDS[name]
    try:
        return _BOUNDS[card]
    except KeyError:
        pass
    bound: float
    if name in _BASIC_BOUNDS:
        bound = _BASIC_BOUNDS[name]
    elif name == "Mint" or name == "Duke" or card.score is not None:
        bound = _INF  # Mint: its buy bonus is added to its score (see choose_gain)
    elif card.is_victory:
        victory = _victory_bound(card.vp)
        if card.is_treasure:
            bound = max(card.coins * 15 + card.cost + 7 * card.vp, victory) + 4
        elif card.is_action:
            bound = max(_action_bound(card, name), victory) + 4
        else:
            bound = victory
    elif card.is_treasure:
        base = TREASURE_SCORE.get(name, card.coins * 15 + card.cost)
        bound = max(base, 8) + (6 if name == "Quarry" else 4 if name == "Talisman" else 0)
    elif card.is_action:
        bound = _action_bound(card, name)
    else:
        bound = card.cost * 3
    _BOUNDS[card] = bound
    return bound


_BOUNDS: dict[Card, float] = {}

#: :func:`gain_score`'s highest answer for the cards it has a rule for by name.
_BASIC_BOUNDS: dict[str, float] = {
    "Curse": -100, "Colony": 100, "Province": 90, "Duchy": 55, "Estate": 30,
    "Platinum": 88, "Gold": 50, "Silver": 20, "Copper": 15,
}


def _victory_bound(vp: int) -> float:
    """:func:`_victory_score`'s highest answer for ``vp`` points."""
    return 55 + (vp - 3) * 2 if vp >= 3 else 35 if vp == 2 else 30


def _action_bound(card: Card, name: str) -> float:
    """:func:`_action_score`'s highest answer: its first-copy wish, or for a
    card with a rule the highest the rules set or add (at most +12, or 22)."""
    facts = _ACTION_FACTS.get(card)
    if facts is None:
        facts = _action_facts(card, name)
    score, _, _, has_rule = facts
    return max(score + 12, 22) if has_rule else score


#: The last pile order :func:`_bound_order` made: the supply's piles and,
#: per pile, (-bound, supply index, name) sorted (one tuple, replaced whole).
_LAST_ORDER: tuple[tuple[str, ...], list[tuple[float, int, str]]] = ((), [])


def _bound_order(supply: dict[str, int]) -> list[tuple[float, int, str]]:
    """The supply's piles by falling :func:`gain_bound`, then supply order."""
    global _LAST_ORDER
    names = tuple(supply)
    last = _LAST_ORDER
    if last[0] == names:
        return last[1]
    order = sorted((-gain_bound(n), i, n) for i, n in enumerate(names))
    _LAST_ORDER = (names, order)
    return order


def _best_by_bounds(ctx: _Ctx, coins: int, buying: bool) -> Optional[tuple[str, float]]:
    """What :meth:`GenericBot.choose_gain` picks among the supply's piles,
    with its score, scoring only piles whose bound reaches the best score so
    far; ``None`` when the full ranking must decide (no pile at all, a buy
    bonus from the cards in play, or the best pile would end the game in a loss).

    The pick is the same: a pile left unscored scores below the best, and
    equal scores go to the first pile in supply order, as ``max`` does.
    """
    game = ctx.game
    if buying and _buy_bonus_possible(ctx):
        return None
    supply = game.state.supply
    best: Optional[str] = None
    best_score = -_INF
    best_index = 0
    for neg_bound, i, n in _bound_order(supply):
        if -neg_bound < best_score:
            break
        if buying:
            if not game.may_buy(ctx.seat, n, coins):
                continue
        elif supply[n] <= 0 or game.cost(n) > coins:
            continue
        s = gain_score(ctx, n, buying)
        if buying and n == "Mint":
            s += _buy_bonus(ctx, n)
        if s > best_score or (s == best_score and i < best_index):
            best, best_score, best_index = n, s, i
    if best is None or _would_lose_by_ending(ctx, best):
        return None
    return best, best_score


# ---------------------------------------------------------------------------
# The bot


class GenericBot:
    """Money with a few good Actions; plays and answers any supported kingdom."""

    name = "medium"

    # -- turns -------------------------------------------------------------

    def command(self, game: "Game", seat: int) -> Command:
        """Play the best Action, then all Treasures, then buy, then end the turn.

        With Grand Market in the supply, the Treasures are played one at a
        time when leaving the Coppers in hand lets it buy a Grand Market
        that beats what the Coppers would buy.
        """
        st = game.state
        if "Grand Market" in st.supply and not st.turn.bought:
            plan = self._grand_market(game, seat)
            if plan is not None:
                return plan
        return turn_command(game, seat, self.action_to_play, self._buy)

    def turn_choices(self, game: "Game") -> Optional["TurnChoices"]:
        """What :meth:`command` chooses with, for a one-call turn
        (:mod:`dominion.fastplay`); ``None`` with Grand Market in the supply
        (its plan may play Treasures one at a time) or in a subclass that
        changed the turn."""
        cls = type(self)
        if "Grand Market" in game.state.supply or cls.command is not GenericBot.command:
            return None
        return self.action_to_play, self._buy

    def _grand_market(self, game: "Game", seat: int) -> Optional[Command]:
        st = game.state
        turn = st.turn
        hand = st.players[seat].hand
        if (st.supply["Grand Market"] <= 0 or "Copper" not in hand or turn.buys <= 0
                or "Copper" in st.players[seat].in_play):
            return None
        if turn.phase == ACTION_PHASE and turn.actions > 0 and self.action_to_play(game, seat):
            return None
        others = [c for c in hand if game.is_treasure(c) and c != "Copper"]
        without = turn.coins + sum(_prosperity._treasure_coins(game, c) for c in others)
        if without < game.cost("Grand Market"):
            return None
        ctx = _ctx(game, seat)
        full = self._best_buy_score(ctx, int(without) + hand.count("Copper"))
        if gain_score(ctx, "Grand Market") < full:
            return None
        if others:  # the one that counts the Treasures in play last
            return Play(min(others, key=lambda c: (c == "Bank", hand.index(c))))
        if self.choose_gain(game, seat, turn.coins, buying=True) == "Grand Market":
            return Buy("Grand Market")
        return None

    def _buy(self, game: "Game", seat: int, coins: int) -> Optional[str]:
        return self.choose_gain(game, seat, coins, buying=True)

    def action_to_play(self, game: "Game", seat: int) -> Optional[str]:
        """The Action card to play next from hand, or ``None`` to stop."""
        hand = game.state.players[seat].hand
        actions = [c for c in hand if CARDS[c].is_action]
        if not actions:
            return None
        ctx = _ctx(game, seat)
        best: Optional[str] = None
        best_score = 0.0
        for name in actions:
            s = self._play_score(ctx, name, hand)
            if s > best_score:
                best, best_score = name, s
        return best

    def _play_score(self, ctx: _Ctx, name: str, hand: list[str]) -> float:
        """Priority of playing ``name`` now; 0 or less means not worth playing.

        Cantrips first (they cost nothing and may draw what comes next), then
        villages, then Throne Room, then the strongest terminal.
        """
        k = kind(name)
        if name in _prosperity.HAND_DEPENDENT:
            return _prosperity.play_score(self, ctx, name, hand)
        if name == "Throne Room":
            targets = [c for c in hand if CARDS[c].is_action
                       and c not in ("Throne Room", "King's Court")]
            if not any(self._play_score(ctx, t, hand) > 0 for t in targets):
                return 0
            return 130
        if name in _HAND_DEPENDENT:
            return self._intrigue_play_score(ctx, name, hand)
        if k == CANTRIP:
            if name == "Cellar":
                return 100  # after the drawing cantrips, to dig past what they drew
            return 150 + BUY_SCORE.get(name, 20) / 10
        if k == VILLAGE_KIND:
            return 140
        base = TERMINAL_PLAY.get(name, 25 + CARDS[name].cost)
        if name == "Library":
            base -= max(0, len(hand) - 4) * 5  # draws less from a big hand
        elif name == "Moneylender" and "Copper" not in hand:
            return 0
        elif name == "Chapel" and not self._chapel_trash(ctx, hand, 4):
            return 0
        elif name == "Mine" and self._mine_pick(ctx, hand) is None:
            return 0
        elif name == "Remodel":
            pick = self._remodel_pick(ctx, [c for c in hand if c != name], forced=False)
            if pick is None:
                return 0
        return base

    def _intrigue_play_score(self, ctx: _Ctx, name: str, hand: list[str]) -> float:
        """:meth:`_play_score` of the cards whose use depends on the hand."""
        game = ctx.game
        turn = game.state.turn
        rest = list(hand)
        rest.remove(name)
        if name == "Conspirator":  # counts itself: 2 Actions played before it
            return 153 if turn.actions_played >= 2 else TERMINAL_PLAY[name]
        if name == "Diplomat":  # +2 Actions if the hand ends at 5 cards or fewer
            if len(rest) + 2 <= 5 and _terminals(rest):
                return 141
            return TERMINAL_PLAY[name]
        if name == "Nobles":
            return 142 if _needs_actions(rest, turn.actions - 1) else TERMINAL_PLAY[name]
        if name == "Shanty Town":
            # It draws only from a hand without Actions; cantrips first then.
            if any(CARDS[c].is_action for c in rest) and not _terminals(rest):
                return 120
            return 140
        if name == "Minion":
            return 146  # after the drawing cantrips: an attack discards the hand
        if name == "Upgrade":
            pick = self._upgrade_pick(ctx, rest)
            return 0 if pick is None else 150 + BUY_SCORE[name] / 10
        if name == "Coppersmith":
            coppers = rest.count("Copper")
            return 20 + 8 * coppers if coppers else 0
        if name == "Baron":
            if "Estate" in rest:
                return TERMINAL_PLAY[name]
            return 15 if ctx.stage <= 3 else 0  # only its Estate late in the game
        if name == "Trading Post":
            return TERMINAL_PLAY[name] if len(self._trash_junk(ctx, rest, 2, True)) == 2 else 0
        if name == "Replace":
            return 0 if self._remodel_pick(ctx, rest, forced=False) is None else TERMINAL_PLAY[name]
        if name == "Secret Chamber":
            n = len(_useless_now(game, ctx.seat, rest, turn.actions - 1))
            return 18 + 4 * n if n else 0
        return TERMINAL_PLAY.get(name, 25)

    def choose_gain(
        self, game: "Game", seat: int, coins: int, buying: bool = False,
        where: Optional[list[str]] = None,
    ) -> Optional[str]:
        """The card to buy or gain for at most ``coins``, or ``None``.

        :param where: the piles allowed (a supply decision's options);
            default: every non-empty pile costing at most ``coins``.
        """
        supply = game.state.supply
        if where is None:
            ctx = _ctx(game, seat)
            quick = _best_by_bounds(ctx, coins, buying)
            if quick is not None:
                best, score = quick
                return None if buying and score < BUY_AT_LEAST else best
        if where is not None:
            options = where
        elif buying:  # Grand Market, Contraband: buy_forbidden
            options = game.buyable(seat, coins)
        else:
            options = [n for n, left in supply.items() if left > 0 and game.cost(n) <= coins]
        if not options:
            return None
        ctx = _ctx(game, seat)
        scores = wishes(ctx, options, buying, in_play=buying and where is None)
        # The best-scored pile, the first of equals: what ranking them all
        # gives, unless taking it would end the game in a loss.
        best = max(scores, key=scores.__getitem__)
        if not _would_lose_by_ending(ctx, best):
            return None if buying and scores[best] < BUY_AT_LEAST else best
        return pick_gain(options, scores, buying, lambda name: _would_lose_by_ending(ctx, name))

    # -- decisions ---------------------------------------------------------

    def decide(self, game: "Game", d: "Decision") -> Any:
        """A legal, sensible answer to any decision."""
        if d.kind == CHOOSE_CARDS:
            return self._cards(game, d)
        if d.kind == OPTION:
            return self._option(game, d)
        if d.kind == SUPPLY:
            return self._supply(game, d)
        if d.kind == ORDER:
            return best_first(d.options)  # best card on top
        if d.kind == OPTIONS:
            return self._options(game, d)
        raise ValueError(f"unknown decision kind {d.kind}")  # pragma: no cover

    def _supply(self, game: "Game", d: "Decision") -> Optional[str]:
        opts = list(d.options)
        if d.prompt == "swindler.gain":
            # The attacker picks for the victim: what the victim wants least
            # (a Curse for a $0 card, an Estate early...).
            victim = _ctx(game, d.args.get("target", d.seat))
            return min(opts, key=lambda n: (gain_score(victim, n, buying=False), n))
        pick = self.choose_gain(game, d.seat, 99, where=opts)
        if pick is None:
            pick = opts[0]
        if d.min == 0 and gain_score(_ctx(game, d.seat), pick, buying=False) < 0:
            return None
        return pick

    def _cards(self, game: "Game", d: "Decision") -> list[str]:
        """Answer a ``cards`` decision; the result always has min..max cards."""
        pick = self._cards_pick(game, d)
        return _fit(pick, d)

    def _cards_pick(self, game: "Game", d: "Decision") -> list[str]:
        opts = list(d.options)
        prompt = d.prompt
        seat = d.seat
        st = game.state
        if prompt == "reaction.reveal":
            return self._reveal(game, d)
        if prompt in ("militia.discard", "poacher.discard"):
            # A victim keeps a hand for its next turn, which starts with 1 Action.
            actions = st.turn.actions if st.turn.seat == seat else 1
            return _minus(opts, _keepers(opts, len(opts) - d.min, actions))
        if prompt == "cellar.discard":
            return self._cellar(game, seat, opts)
        if prompt == "chapel.trash":
            return self._chapel_trash(_ctx(game, seat), opts, d.max)
        if prompt == "sentry.trash":
            return self._chapel_trash(_ctx(game, seat), opts, d.max)
        if prompt == "sentry.discard":
            return [c for c in opts if is_junk(c)]
        if prompt == "remodel.trash":
            ctx = _ctx(game, seat)
            pick = self._remodel_pick(ctx, opts, forced=True)
            return [pick] if pick is not None else []
        if prompt == "mine.trash":
            pick = self._mine_pick(_ctx(game, seat), opts)
            return [pick] if pick is not None else []
        if prompt == "throne_room.play":
            return self._throne_pick(_ctx(game, seat), opts, st.players[seat].hand)
        if prompt == "harbinger.topdeck":
            best = best_first(opts)
            return best[:1] if best and value(best[0]) >= 2 else []
        if prompt == "artisan.topdeck":
            return [self._artisan_topdeck(game, seat, opts)]
        if prompt == "bureaucrat.topdeck":
            return [min(opts, key=lambda c: (CARDS[c].cost, value(c)))]
        if prompt == "bandit.trash":
            return [min(opts, key=lambda c: (value(c), CARDS[c].cost))]
        if prompt == "thief.trash":
            return [max(opts, key=lambda c: (value(c), CARDS[c].cost))]
        if prompt == "thief.gain":
            return [c for c in opts if c != "Copper"]  # Copper only dilutes the deck
        answer = _INTRIGUE_CARDS.get(prompt) or _prosperity.PROSPERITY_CARDS.get(prompt)
        if answer is not None:
            return answer(self, game, d, opts)
        return self._unknown_cards(opts, d)

    def _unknown_cards(self, opts: list[str], d: "Decision") -> list[str]:
        """A safe answer for a prompt this bot does not know.

        Losing cards (trash, discard, return, pass): the junk, at least the
        minimum. Anything else (play, keep, topdeck, reveal): the best cards,
        as few as allowed but at least one.
        """
        last = _verb(d.prompt)
        if last in ("trash", "discard", "return", "pass", "give"):
            return [c for c in worst_first(opts) if is_junk(c)]
        return best_first(opts)[: max(d.min, 1)]

    # -- card-specific choices ---------------------------------------------

    def _cellar(self, game: "Game", seat: int, hand: list[str]) -> list[str]:
        """Discard junk, and terminals that the remaining Actions cannot play."""
        out = [c for c in hand if is_junk(c)]
        room = game.state.turn.actions if game.state.turn.seat == seat else 0
        terminals = [c for c in best_first(hand) if is_terminal(c)]
        villages = sum(1 for c in hand if kind(c) == VILLAGE_KIND)
        out += terminals[room + villages:]
        return out

    def _throne_pick(self, ctx: _Ctx, options: list[str], hand: list[str]) -> list[str]:
        """The Action that gains most from being played twice (none if all are useless).

        Playing twice favours strong effects over cheap cantrips: a doubled
        Moat (+4 Cards) beats a doubled Cellar. A village counts only if
        terminals in hand need the Actions.
        """
        terminals = sum(1 for c in hand if is_terminal(c))
        best: list[str] = []
        best_score = 0.0
        for c in _distinct(options):
            if self._play_score(ctx, c, hand) <= 0:
                continue
            k = kind(c)
            if k == TERMINAL:
                s = TERMINAL_PLAY.get(c, 25 + CARDS[c].cost)
            elif c == "Throne Room":
                s = 30
            elif k == VILLAGE_KIND:
                s = 40 if terminals else 10
            else:
                s = BUY_SCORE.get(c, 10 + CARDS[c].cost * 4) * 1.2
            if s > best_score:
                best, best_score = [c], s
        return best

    def _chapel_trash(self, ctx: _Ctx, cards: list[str], most: int, floor: int = 7,
                      estates_until: Optional[int] = 5) -> list[str]:
        """Curses, Estates while the game is young, and Coppers while money stays.

        Keeps at least ``floor`` of money in the deck ($7: it can still reach
        Gold), and never trashes Victory cards late in the game (``stage``
        above ``estates_until``; ``None``: never).
        """
        out: list[str] = []
        money = ctx.money
        for c in worst_first(cards):
            if len(out) >= most:
                break
            if c == "Curse":
                out.append(c)
            elif is_junk(c):
                if estates_until is not None and ctx.stage > estates_until \
                        and CARDS[c].vp <= 1 and CARDS[c].score is None:
                    out.append(c)
            elif c == "Copper" and money - 1 >= floor and ctx.stage > 3:
                out.append(c)
                money -= 1
        return out

    def _mine_pick(self, ctx: _Ctx, hand: list[str]) -> Optional[str]:
        """The Treasure whose upgrade gains the most, or ``None`` if none gains."""
        game = ctx.game
        supply = game.state.supply
        best: Optional[str] = None
        best_gain = 0.0
        for c in _distinct(hand):
            if not CARDS[c].is_treasure:
                continue
            limit = game.cost(c) + 3
            targets = [n for n, left in supply.items()
                       if left > 0 and CARDS[n].is_treasure and game.cost(n) <= limit]
            if not targets:
                continue
            top = max(gain_score(ctx, t, buying=False) for t in targets)
            delta = top - _own_score(ctx, c)
            if delta > best_gain:
                best, best_gain = c, delta
        return best

    def _remodel_pick(
        self, ctx: _Ctx, hand: list[str], forced: bool, plus: int = 2
    ) -> Optional[str]:
        """The card whose remodel (a gain costing up to ``plus`` more) gains the most.

        When the trash is ``forced`` (Remodel already played) the least bad
        card; otherwise (deciding whether to play Remodel at all) ``None``
        when no card gains. Gold becomes a Province only late in the game.
        """
        game = ctx.game
        supply = game.state.supply
        best: Optional[str] = None
        best_gain = 0.0
        for c in _distinct(hand):
            limit = game.cost(c) + plus
            top = None
            for n, left in supply.items():
                if left > 0 and game.cost(n) <= limit:
                    s = gain_score(ctx, n, buying=False)
                    if n == "Province" and ctx.stage > 5:
                        s = 30  # early on a Gold is worth more than a Province
                    if top is None or s > top:
                        top = s
            if top is None:
                continue
            delta = top - _own_score(ctx, c)
            if best is None or delta > best_gain:
                best, best_gain = c, delta
        if best is not None and not forced and best_gain <= 0:
            return None
        return best

    def _artisan_topdeck(self, game: "Game", seat: int, hand: list[str]) -> str:
        """Put back a card that cannot be used this turn (a spare Action), else
        the Treasure this turn's buy misses least, else a junk card."""
        st = game.state
        actions = st.turn.actions
        if actions == 0:
            spare = [c for c in best_first(hand) if CARDS[c].is_action]
        else:  # villages in hand make room for more terminals
            room = actions + sum(1 for c in hand if kind(c) == VILLAGE_KIND)
            spare = [c for c in best_first(hand) if is_terminal(c)][room:]
        if spare:
            return spare[0]
        ctx = _ctx(game, seat)
        coins = st.turn.coins + sum(CARDS[c].coins for c in hand if CARDS[c].is_treasure)
        full = self._best_buy_score(ctx, coins)
        treasures = best_first(_distinct(c for c in hand if CARDS[c].is_treasure))
        for t in treasures:
            if self._best_buy_score(ctx, coins - CARDS[t].coins) >= full:
                return t
        junk = [c for c in hand if is_junk(c)]
        if junk:
            return worst_first(junk)[0]
        return worst_first(hand)[0]

    def _best_buy_score(self, ctx: _Ctx, coins: int) -> float:
        """The best :func:`gain_score` (buying) of a non-empty pile costing at
        most ``coins``, or 0: the piles whose bound cannot beat it go unscored."""
        game = ctx.game
        supply = game.state.supply
        best = 0.0
        for neg_bound, _, n in _bound_order(supply):
            if -neg_bound <= best:
                break
            if supply[n] > 0 and game.cost(n) <= coins:
                s = gain_score(ctx, n)
                if s > best:
                    best = s
        return best

    def _option(self, game: "Game", d: "Decision") -> str:
        prompt = d.prompt
        opts = list(d.options)
        if prompt == "spy.choose":
            revealed = d.args.get("revealed", "Copper")
            good = not is_junk(revealed) and revealed != "Copper"
            mine = d.args.get("target") == d.seat
            return "keep" if good == mine else "discard"
        answer = _INTRIGUE_OPTION.get(prompt) or _prosperity.PROSPERITY_OPTION.get(prompt)
        if answer is not None:
            pick = answer(self, game, d, opts)
            return pick if pick in opts else opts[0]
        if opts == ["yes", "no"]:
            if prompt == "library.set_aside":
                return "yes" if game.state.turn.actions == 0 else "no"
            return "yes"  # vassal.play, moneylender.trash, baron.discard...
        return opts[0]

    def _options(self, game: "Game", d: "Decision") -> list[str]:
        """Answer an ``options`` decision: ``d.min``..``d.max`` different ids."""
        opts = list(d.options)
        if d.prompt == "pawn.choose":
            wish = self._pawn(game, d.seat)
        elif d.prompt == "courtier.choose":
            wish = self._courtier(game, d.seat)
        else:
            wish = []
        out = [o for o in _distinct(wish) if o in opts][: d.max]
        out += [o for o in opts if o not in out][: max(0, d.min - len(out))]
        return out

    # -- Intrigue ------------------------------------------------------------

    def _reveal(self, game: "Game", d: "Decision") -> list[str]:
        """Reveal each reaction once (``args.revealed``: those already shown).

        Moat first (it blocks), then Secret Chamber (its draw may find a
        Moat), then Diplomat, only against an Attack on the hand or from a
        hand big enough to stay at 5 cards: it leaves one card fewer.
        """
        done = d.args.get("revealed", ())
        fresh = [c for c in d.options if c not in done]
        order = {"Moat": 0, "Secret Chamber": 1, "Diplomat": 3}
        fresh.sort(key=lambda c: (order.get(c, 2), c))
        for c in fresh:
            if c == "Diplomat":
                hand = game.state.players[d.seat].hand
                if d.card not in HAND_ATTACKS and len(hand) < 6:
                    continue
            return [c]
        return []

    def _pawn(self, game: "Game", seat: int) -> list[str]:
        """+1 Card and +1 Action while Actions wait in hand, +$1 and +1 Buy
        with a big hand, +1 Card and +$1 otherwise."""
        st = game.state
        hand = st.players[seat].hand
        if _needs_actions(hand, st.turn.actions):
            return ["card", "action"]
        if _money_now(game, seat) + 1 >= 11:
            return ["coin", "buy"]
        return ["card", "coin"]

    def _courtier(self, game: "Game", seat: int) -> list[str]:
        """Gold, or $3 when it reaches a Province (or the game is nearly
        over); +1 Action while Actions wait; +1 Buy with much money."""
        st = game.state
        hand = st.players[seat].hand
        money = _money_now(game, seat)
        if money < 8 <= money + 3 or _stage(game) <= 2:
            wish = ["coins", "gold"]
        else:
            wish = ["gold", "coins"]
        if _needs_actions(hand, st.turn.actions):  # a third pick, or a second
            wish.insert(1 if _terminals(hand) else 2, "action")
        if money + 3 >= 10:
            wish.insert(1, "buy")
        return wish + ["buy", "action"]

    def _upgrade_pick(self, ctx: _Ctx, hand: list[str]) -> Optional[str]:
        """The card whose upgrade (a card costing exactly $1 more) gains most,
        or ``None`` when every choice loses much (a hand of Golds)."""
        game = ctx.game
        supply = game.state.supply
        best: Optional[str] = None
        best_gain = -15.0
        for c in _distinct(hand):
            cost = game.cost(c) + 1
            top = max([gain_score(ctx, n, buying=False) for n, left in supply.items()
                       if left > 0 and game.cost(n) == cost] + [0.0])
            delta = top - _own_score(ctx, c)
            if delta > best_gain:
                best, best_gain = c, delta
        return best

    def _trash_junk(self, ctx: _Ctx, cards: list[str], most: int, coppers: bool = False) -> list[str]:
        """Cards to trash, as Chapel does; with ``coppers`` every Copper may
        go while the game is young (Trading Post gives a Silver back)."""
        out = self._chapel_trash(ctx, cards, most)
        if coppers and ctx.stage > 3:
            rest = _minus(cards, out)
            out += [c for c in rest if c == "Copper"][: most - len(out)]
        return out

    def _steward(self, game: "Game", d: "Decision", opts: list[str]) -> str:
        seat = d.seat
        ctx = _ctx(game, seat)
        hand = game.state.players[seat].hand
        if len(self._trash_junk(ctx, hand, 2)) == 2:
            return "trash"
        if 2 * _draw_money(game, seat) > 2.4 or _needs_actions(hand, 0):
            return "cards"
        return "coins"

    def _minion(self, game: "Game", d: "Decision", opts: list[str]) -> str:
        """Attack when 4 new cards beat this hand plus $2 (or nearly, since
        the attack hurts the others), never while Minions wait in hand."""
        seat = d.seat
        st = game.state
        hand = st.players[seat].hand
        if "Minion" in hand:
            return "coins"
        keep = sum(game.coins_of(c) if CARDS[c].is_treasure else coins_of(c) for c in hand)
        keep += 2 * sum(1 for c in hand if CARDS[c].is_action)
        hurt = sum(1 for s in game.others(seat) if len(st.players[s].hand) >= 5)
        fresh = 4 * _draw_money(game, seat) + (0.5 if hurt else 0)
        return "attack" if fresh > keep + 2 else "coins"

    def _torturer(self, game: "Game", d: "Decision", opts: list[str]) -> str:
        """Discard 2 cards unless that costs a lot (more than $4, or $3 late),
        and take the Curse anyway when none are left (it gains nothing)."""
        st = game.state
        if st.supply.get("Curse", 0) <= 0:
            return "curse"
        hand = st.players[d.seat].hand
        lose = _minus(hand, _keepers(hand, max(0, len(hand) - 2), 1))
        if all(is_junk(c) for c in lose):
            return "discard"
        cost = sum(max(0.0, value(c)) for c in lose)
        return "curse" if cost > (3 if _stage(game) <= 3 else 4) else "discard"

    def _nobles(self, game: "Game", d: "Decision", opts: list[str]) -> str:
        st = game.state
        hand = st.players[d.seat].hand
        return "actions" if _needs_actions(hand, st.turn.actions) else "cards"

    def _mining_village(self, game: "Game", d: "Decision", opts: list[str]) -> str:
        """Trash it for $2 when that reaches a Province, or at the very end."""
        money = _money_now(game, d.seat)
        if money < 8 <= money + 2 or _stage(game) <= 2:
            return "yes"
        return "no"

    def _lurker(self, game: "Game", d: "Decision", opts: list[str]) -> str:
        ctx = _ctx(game, d.seat)
        best = max([gain_score(ctx, c, buying=False) for c in game.state.trash
                    if CARDS[c].is_action] + [-100.0])
        return "gain" if best >= 15 else "trash"

    def _wishing_well(self, game: "Game", d: "Decision", opts: list[str]) -> str:
        """The card most common in the draw pile (the discard pile if the draw
        pile is empty: it is shuffled first); ties go to the better card."""
        p = game.state.players[d.seat]
        pool = p.deck or p.discard or p.all_cards()
        counts = Counter(pool)
        allowed = set(opts)
        ranked = sorted(counts, key=lambda c: (-counts[c], -value(c), c))
        for c in ranked:
            if c in allowed:
                return c
        return opts[0]

    def _secret_passage_position(self, game: "Game", d: "Decision", opts: list[str]) -> str:
        """On top, unless the card being placed is junk: then at the bottom."""
        if is_junk(d.args.get("placing", "Copper")):
            return max(opts, key=int)
        return "0" if "0" in opts else opts[0]

    def _baron(self, game: "Game", d: "Decision", opts: list[str]) -> str:
        return "yes"  # +$4 now beats keeping an Estate in the deck

    # cards decisions (each returns a pick that _fit trims or pads)

    def _pass(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        """The worst card; late in the game not a Victory card (points for the
        receiver) if anything else is as useless."""
        ranked = worst_first(opts)
        if _stage(game) <= 4:
            cheap = [c for c in ranked if c == "Curse" or (not CARDS[c].is_victory and value(c) <= 1)]
            if cheap:
                return cheap[:1]
        return ranked[:1]

    def _trash_one(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        return self._chapel_trash(_ctx(game, d.seat), opts, d.max)

    def _trash_two(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        return self._trash_junk(_ctx(game, d.seat), opts, d.max, coppers=d.prompt == "trading_post.trash")

    def _victim_discard(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        """Keep the hand the next turn wants (it starts with 1 Action)."""
        st = game.state
        actions = st.turn.actions if st.turn.seat == d.seat else 1
        return _minus(opts, _keepers(opts, len(opts) - d.min, actions))

    def _topdeck_spare(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        """Courtyard: a card this turn does not need (as Artisan)."""
        return [self._artisan_topdeck(game, d.seat, opts)]

    def _passage_card(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        """A card this turn does not need (as Artisan)."""
        return [self._artisan_topdeck(game, d.seat, opts)]

    def _mill(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        """Two cards worth less than the $2 they bring (junk, spare terminals)."""
        st = game.state
        worth = _worth_now(game, d.seat, opts, st.turn.actions)
        ranked = sorted(range(len(opts)), key=lambda i: worth[i])[:2]
        if len(ranked) == 2 and sum(worth[i] for i in ranked) < 2:
            return [opts[i] for i in ranked]
        return []

    def _secret_chamber_discard(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        return _useless_now(game, d.seat, opts, game.state.turn.actions)

    def _secret_chamber_topdeck(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        """Two cards back on the deck (the last named on top).

        Against an Attack on the hand the next best cards after the 3 kept
        (all best ones against Minion, whose victims draw 4 anew), so the
        Attack cannot take them; otherwise the worst two, which improves the
        hand kept for the next turn and feeds deck Attacks (Swindler) junk.
        """
        attack = _current_attack(game)
        keep = _keepers(opts, len(opts), 1)  # best first
        if attack == "Minion":
            return list(reversed(keep[:2]))
        if attack in HAND_ATTACKS:
            return list(reversed(keep[3:5])) if len(keep) >= 5 else list(reversed(keep[-2:]))
        return keep[-2:]  # worst last: on top

    def _courtier_reveal(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        """The card with the most types (more choices), the worst among equals."""
        return [max(worst_first(opts), key=lambda c: len(CARDS[c].types))]

    def _best_by_gain(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        ctx = _ctx(game, d.seat)
        return [max(opts, key=lambda c: (gain_score(ctx, c, buying=False), c))]

    def _upgrade_trash(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        pick = self._upgrade_pick(_ctx(game, d.seat), opts)
        return [pick] if pick is not None else worst_first(opts)[:1]

    def _replace_trash(self, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
        pick = self._remodel_pick(_ctx(game, d.seat), opts, forced=True)
        return [pick] if pick is not None else []


#: Answers to Intrigue ``cards`` prompts: (bot, game, decision, options) -> pick.
_INTRIGUE_CARDS = {
    "masquerade.pass": GenericBot._pass,
    "masquerade.trash": GenericBot._trash_one,
    "steward.trash": GenericBot._trash_two,
    "trading_post.trash": GenericBot._trash_two,
    "torturer.discard": GenericBot._victim_discard,
    "diplomat.discard": GenericBot._victim_discard,
    "courtyard.topdeck": GenericBot._topdeck_spare,
    "secret_passage.card": GenericBot._passage_card,
    "mill.discard": GenericBot._mill,
    "secret_chamber.discard": GenericBot._secret_chamber_discard,
    "secret_chamber.topdeck": GenericBot._secret_chamber_topdeck,
    "courtier.reveal": GenericBot._courtier_reveal,
    "lurker.gain": GenericBot._best_by_gain,
    "upgrade.trash": GenericBot._upgrade_trash,
    "replace.trash": GenericBot._replace_trash,
}

#: Answers to Intrigue ``option`` prompts: (bot, game, decision, options) -> id.
_INTRIGUE_OPTION = {
    "steward.choose": GenericBot._steward,
    "minion.choose": GenericBot._minion,
    "torturer.choose": GenericBot._torturer,
    "nobles.choose": GenericBot._nobles,
    "mining_village.trash": GenericBot._mining_village,
    "lurker.choose": GenericBot._lurker,
    "wishing_well.name": GenericBot._wishing_well,
    "secret_passage.position": GenericBot._secret_passage_position,
    "baron.discard": GenericBot._baron,
}

#: Cards whose play priority depends on the hand (see ``_intrigue_play_score``).
_HAND_DEPENDENT = frozenset({
    "Conspirator", "Diplomat", "Nobles", "Shanty Town", "Minion", "Upgrade",
    "Coppersmith", "Baron", "Trading Post", "Replace", "Secret Chamber",
})


# ---------------------------------------------------------------------------
# Helpers for card choices


def _terminals(cards: Iterable[str]) -> list[str]:
    return [c for c in cards if is_terminal(c)]


def _needs_actions(hand: list[str], actions: int) -> bool:
    """Whether Actions in ``hand`` want more than ``actions`` Actions."""
    if actions <= 0:
        return any(CARDS[c].is_action for c in hand)
    return len(_terminals(hand)) > actions


def _money_now(game: "Game", seat: int) -> float:
    """Coins this turn so far plus the Treasures (and +$ Actions) in hand
    (on average: Bank, Venture... count what they usually make)."""
    st = game.state
    coins: float = st.turn.coins if st.turn.seat == seat else 0
    for c in st.players[seat].hand:
        coins += _prosperity._treasure_coins(game, c) if game.is_treasure(c) else coins_of(c)
    return coins


def _draw_money(game: "Game", seat: int) -> float:
    """Average money of the next card drawn (the discard pile once the draw
    pile is nearly empty); the bot counts its own cards, as players may."""
    p = game.state.players[seat]
    pool = p.deck if len(p.deck) >= 2 else p.deck + p.discard
    if not pool:
        return 0.0
    return sum(coins_of(c) for c in pool) / len(pool)


def _worth_now(game: "Game", seat: int, hand: list[str], actions: int) -> list[float]:
    """What each card of ``hand`` is worth this turn, in coins: Treasures
    their coins, junk 0, Actions 2 while Actions are left to play them."""
    room = actions + sum(1 for c in hand if kind(c) == VILLAGE_KIND)
    out = []
    for c in hand:
        card = CARDS[c]
        if card.is_treasure:
            out.append(float(game.coins_of(c)))
        elif card.is_action:
            if kind(c) != TERMINAL and actions > 0:
                out.append(2.0)
            elif room > 0:
                room -= 1
                out.append(2.0)
            else:
                out.append(0.0)
        else:
            out.append(0.0)
    return out


def _useless_now(game: "Game", seat: int, hand: list[str], actions: int) -> list[str]:
    """Cards of ``hand`` that do nothing this turn: junk and unplayable Actions."""
    worth = _worth_now(game, seat, hand, actions)
    return [c for c, w in zip(hand, worth) if w == 0 and not CARDS[c].is_treasure]


def _current_attack(game: "Game") -> Optional[str]:
    """The Attack being resolved: the last one the player to act has in play."""
    st = game.state
    for c in reversed(st.players[st.turn.seat].in_play):
        if CARDS[c].is_attack:
            return c
    return None


def _own_score(ctx: _Ctx, name: str) -> float:
    """Worth of a card already owned, on :func:`gain_score`'s scale.

    In the last turns money and Actions will hardly be drawn again, so they
    count half (a Gold is then worth remodelling into even a Duchy).
    """
    if name == "Curse":
        return -100
    score = 3.0 if name == "Copper" else gain_score(ctx, name, buying=False)
    if ctx.stage <= 2 and not CARDS[name].is_victory:
        score /= 2
    return score


def _distinct(cards: Iterable[str]) -> list[str]:
    """Distinct names in first-seen order (deterministic, unlike a set)."""
    return list(dict.fromkeys(cards))


def _minus(cards: list[str], taken: list[str]) -> list[str]:
    """The multiset ``cards`` without ``taken``."""
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest


def _keepers(hand: list[str], n: int, actions: int) -> list[str]:
    """The ``n`` cards most worth keeping in hand.

    Terminals beyond what the Actions (plus villages kept) can play count as
    little as a Copper.
    """
    room = actions + sum(1 for c in hand if kind(c) == VILLAGE_KIND)
    ranked = []
    for c in best_first(hand):
        v = value(c)
        if kind(c) == TERMINAL:
            if room > 0:
                room -= 1
            else:
                v = min(v, 0.9)
        ranked.append((v, c))
    ranked.sort(key=lambda vc: -vc[0])  # stable: equal cards keep hand order
    return [c for _, c in ranked[:n]]


def _verb(prompt: str) -> str:
    """The last word of a prompt key: "trash" for "bishop.other_trash"."""
    return prompt.rsplit(".", 1)[-1].rsplit("_", 1)[-1]


def _fit(pick: list[str], d: "Decision") -> list[str]:
    """Trim or pad ``pick`` to ``d.min``..``d.max`` cards from the options.

    Padding takes the least valuable remaining cards for losing prompts
    (trash/discard) and the most valuable otherwise.
    """
    rest = list(d.options)
    out: list[str] = []
    for c in pick:
        if c in rest and len(out) < d.max:
            rest.remove(c)
            out.append(c)
    if len(out) < d.min:
        last = _verb(d.prompt)
        losing = last in ("trash", "discard", "return", "pass", "give", "topdeck")
        order = worst_first(rest) if losing else best_first(rest)
        out += order[: d.min - len(out)]
    return out


# The Prosperity answers use the helpers above.
from . import prosperity as _prosperity  # noqa: E402

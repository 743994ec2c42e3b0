"""A bot that can play any kingdom: money plus a few good Actions.

Strategy in one paragraph: buy like Big Money (Province at $8 once the deck
has some Gold or the game is late, Gold at $6-7, Silver otherwise), but take a
strong kingdom Action at $4-$5 while the deck has room for another terminal,
a village when it holds several terminals, Duchies and Estates as the game
nears its end, and never a Curse. It does not buy the last Province (or end
the game on piles) when that would lose.

Every decision kind has a legal answer, every prompt of the Base set gets a
sensible one (trash junk, discard Victory cards, gain the best card it can,
reveal Moat...), and an unknown prompt (a card added later) falls back to a
safe answer chosen from the prompt's suffix. Everything is a handful of
table look-ups and comparisons: no search, so simulations stay fast.

The bot is deterministic: its answers depend only on the game state, never on
hash order, so a saved game replays to the same answers.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable, Optional

from ..cards.card import CARDS, VILLAGE
from ..commands import Command
from ..decisions import CARDS as CHOOSE_CARDS
from ..decisions import OPTION, OPTIONS, ORDER, SUPPLY
from .base import turn_command

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..engine import Game

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
}

#: Most copies worth having (beyond it a card is only bought over nothing).
MAX_COPIES: dict[str, int] = {
    "Witch": 2, "Artisan": 1, "Smithy": 2, "Library": 2, "Council Room": 2,
    "Moneylender": 1, "Mine": 1, "Remodel": 1, "Chapel": 1, "Cellar": 1, "Moat": 2,
    "Throne Room": 2, "Bureaucrat": 1, "Adventurer": 1, "Feast": 1, "Spy": 1,
    "Harbinger": 2, "Sentry": 2, "Workshop": 2, "Vassal": 2, "Chancellor": 1,
}

#: Strength of a terminal when choosing which one to play (higher first).
TERMINAL_PLAY: dict[str, float] = {
    "Witch": 60, "Smithy": 50, "Council Room": 48, "Artisan": 47, "Bandit": 45,
    "Militia": 44, "Adventurer": 42, "Moneylender": 41, "Mine": 40, "Library": 39,
    "Feast": 38, "Moat": 36, "Bureaucrat": 35, "Chapel": 34, "Vassal": 33,
    "Woodcutter": 32, "Chancellor": 32, "Workshop": 30, "Remodel": 29, "Thief": 20,
}

#: +$ an Action makes when played, counted into the deck's money.
VIRTUAL_COINS: dict[str, int] = {
    "Market": 1, "Poacher": 1, "Festival": 2, "Woodcutter": 2, "Chancellor": 2,
    "Vassal": 2, "Militia": 2, "Moneylender": 2, "Bandit": 1,
}

#: Attacks a Moat is worth buying against.
MOAT_WORTHY = ("Witch", "Militia", "Bandit", "Bureaucrat", "Thief")

#: Least :func:`gain_score` worth spending a Buy on (a Cellar is not).
BUY_AT_LEAST = 10

#: Starting size of the Province pile by player count (to compare game stages).
PROVINCES_AT_START = {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}


def kind(name: str) -> Optional[str]:
    """How an Action uses Actions (``None`` for a non-Action)."""
    card = CARDS[name]
    if not card.is_action:
        return None
    known = KIND.get(name)
    if known is not None:
        return known
    return VILLAGE_KIND if VILLAGE in card.tags else TERMINAL


def is_terminal(name: str) -> bool:
    return kind(name) == TERMINAL


def is_junk(name: str) -> bool:
    """A card that does nothing in hand: Curses and pure Victory cards."""
    card = CARDS[name]
    return (card.is_victory or name == "Curse") and not (card.is_action or card.is_treasure)


def coins_of(name: str) -> int:
    """Money a card makes when played (Treasures and +$ Actions)."""
    card = CARDS[name]
    return card.coins if card.is_treasure else VIRTUAL_COINS.get(name, 0)


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
        return card.coins + (0.5 if card.on_play is not None and name != "Silver" else 0)
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
    """Figures about one seat's deck and the game stage, computed once per question."""

    __slots__ = (
        "game", "seat", "owned", "size", "money", "golds", "terminals", "villages",
        "stage", "players", "kingdom", "my_turns",
    )

    def __init__(self, game: "Game", seat: int) -> None:
        st = game.state
        self.game = game
        self.seat = seat
        cards = st.players[seat].all_cards()
        self.owned = Counter(cards)
        self.size = len(cards)
        self.money = sum(coins_of(c) * n for c, n in self.owned.items())
        self.golds = self.owned.get("Gold", 0) + self.owned.get("Platinum", 0)
        self.terminals = sum(n for c, n in self.owned.items() if is_terminal(c))
        self.villages = sum(n for c, n in self.owned.items() if kind(c) == VILLAGE_KIND)
        self.players = len(st.players)
        self.kingdom = st.kingdom
        self.my_turns = st.players[seat].turns
        self.stage = _stage(game)

    @property
    def terminal_room(self) -> int:
        """How many terminals the deck can hold without many collisions."""
        return 1 + self.villages + max(0, self.size - 10) // 8


def _stage(game: "Game") -> float:
    """Roughly how many big gains are left before the game ends.

    The Province (or Colony) pile scaled to a 2-player game's 8, or the cards
    left in the smallest piles that would end the game, whichever is less.
    """
    st = game.state
    supply = st.supply
    n = len(st.players)
    left = supply.get("Province", 0) * 8 / PROVINCES_AT_START.get(n, 12)
    if "Colony" in supply:
        left = min(left, supply["Colony"] * 8 / PROVINCES_AT_START.get(n, 12))
    limit = 3 if n <= 4 else 4
    need = limit - game.empty_piles()
    if need <= 0:
        return 0
    smallest = sorted(v for v in supply.values() if v > 0)[:need]
    return min(left, float(sum(smallest)))


def gain_score(ctx: _Ctx, name: str, buying: bool = True) -> float:
    """How much the bot wants one more ``name`` now (Silver = 20, Gold = 50).

    Negative means it would rather have nothing.
    """
    card = CARDS[name]
    stage = ctx.stage
    if name == "Curse":
        return -100
    if name == "Colony":
        return 100
    if name == "Province":
        if ctx.golds or ctx.money >= 16 or stage <= 6 or ctx.my_turns >= 14:
            return 90
        return 45  # too early: Gold first
    if name == "Duchy":
        return 55 if stage <= 4 else 40 if stage <= 6 else -5
    if name == "Estate":
        return 30 if stage <= 2 else 8 if stage <= 3 else -20
    if card.is_victory and not (card.is_action or card.is_treasure):
        vp = card.vp
        if card.score is not None:  # Gardens: worth what the deck will be
            vp += card.score([name] * (ctx.size + 1 + (5 if stage > 4 else 0)))
        if vp >= 3:
            return 55 if stage <= 4 else 40 if stage <= 8 else 18
        if vp == 2:
            return 35 if stage <= 4 else 15 if stage <= 6 else -5
        return 30 if stage <= 2 and vp >= 1 else -20
    if name == "Platinum":
        return 85
    if name == "Gold":
        return 50
    if name == "Silver":
        return 20
    if name == "Copper":
        if not buying:
            return 1
        gardens = sum(n for c, n in ctx.owned.items() if CARDS[c].score is not None)
        return 12 if gardens >= 2 else -30  # Coppers fill Gardens decks
    if card.is_treasure:
        return card.coins * 15 + card.cost
    if card.is_action:
        return _action_score(ctx, name)
    return card.cost * 3


def _action_score(ctx: _Ctx, name: str) -> float:
    """Wish for a kingdom Action, given the deck's terminals and villages."""
    card = CARDS[name]
    score = BUY_SCORE.get(name, 10 + card.cost * 4)
    copies = ctx.owned.get(name, 0)
    k = kind(name)
    if name == "Village":
        score = 22 if ctx.terminals >= ctx.villages + 2 else 6
    elif k == VILLAGE_KIND:
        if ctx.terminals < ctx.villages + 2:
            score -= 8
    elif name == "Moat":
        if any(a in ctx.kingdom for a in MOAT_WORTHY):
            score = 16
    elif name == "Chapel":
        score = 16 if "Witch" in ctx.kingdom and copies == 0 else 0
    elif name == "Throne Room":
        others = sum(n for c, n in ctx.owned.items() if CARDS[c].is_action and c != name)
        if others < 3 * (copies + 1):
            score = 5
    elif name == "Smithy" and copies == 1 and ctx.size < 16:
        score = 12  # a second Smithy only in a bigger deck
    if k == TERMINAL and ctx.terminals >= ctx.terminal_room and name != "Witch":
        score = min(score, 10)
    if copies >= MAX_COPIES.get(name, 8):
        score = min(score, 8)
    score -= copies * 2
    if ctx.stage <= 4:
        score -= 15  # too late for engine parts to pay off
    return score


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
# The bot


class GenericBot:
    """Money with a few good Actions; plays and answers any supported kingdom."""

    name = "generic"

    # -- turns -------------------------------------------------------------

    def command(self, game: "Game", seat: int) -> Command:
        """Play the best Action, then all Treasures, then buy, then end the turn."""
        return turn_command(game, seat, self.action_to_play, self._buy)

    def _buy(self, game: "Game", seat: int, coins: int) -> Optional[str]:
        return self.choose_gain(game, seat, coins, buying=True)

    def action_to_play(self, game: "Game", seat: int) -> Optional[str]:
        """The Action card to play next from hand, or ``None`` to stop."""
        hand = game.state.players[seat].hand
        actions = [c for c in hand if CARDS[c].is_action]
        if not actions:
            return None
        ctx = _Ctx(game, seat)
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
        if name == "Throne Room":
            targets = [c for c in hand if CARDS[c].is_action and c != name]
            if not any(self._play_score(ctx, t, hand) > 0 for t in targets):
                return 0
            return 130
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

    def choose_gain(
        self, game: "Game", seat: int, coins: int, buying: bool = False,
        where: Optional[list[str]] = None,
    ) -> Optional[str]:
        """The card to buy or gain for at most ``coins``, or ``None``.

        :param where: the piles allowed (a supply decision's options);
            default: every non-empty pile costing at most ``coins``.
        """
        supply = game.state.supply
        options = where if where is not None else [
            n for n, left in supply.items() if left > 0 and game.cost(n) <= coins
        ]
        if not options:
            return None
        ctx = _Ctx(game, seat)
        ranked = sorted(options, key=lambda n: -gain_score(ctx, n, buying))  # stable
        for name in ranked:
            if _would_lose_by_ending(ctx, name):
                continue
            if buying and gain_score(ctx, name, buying) < BUY_AT_LEAST:
                return None
            return name
        return None if buying else ranked[0]

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
            return list(d.options[: d.min])
        raise ValueError(f"unknown decision kind {d.kind}")  # pragma: no cover

    def _supply(self, game: "Game", d: "Decision") -> Optional[str]:
        opts = list(d.options)
        pick = self.choose_gain(game, d.seat, 99, where=opts)
        if pick is None:
            pick = opts[0]
        if d.min == 0 and gain_score(_Ctx(game, d.seat), pick, buying=False) < 0:
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
            # Each reaction once: Moat always blocks; a second reveal of the
            # same card would only loop.
            fresh = [c for c in opts if c not in d.args.get("revealed", ())]
            return fresh[:1]
        if prompt in ("militia.discard", "poacher.discard"):
            # A victim keeps a hand for its next turn, which starts with 1 Action.
            actions = st.turn.actions if st.turn.seat == seat else 1
            return _minus(opts, _keepers(opts, len(opts) - d.min, actions))
        if prompt == "cellar.discard":
            return self._cellar(game, seat, opts)
        if prompt == "chapel.trash":
            return self._chapel_trash(_Ctx(game, seat), opts, d.max)
        if prompt == "sentry.trash":
            return self._chapel_trash(_Ctx(game, seat), opts, d.max)
        if prompt == "sentry.discard":
            return [c for c in opts if is_junk(c)]
        if prompt == "remodel.trash":
            ctx = _Ctx(game, seat)
            pick = self._remodel_pick(ctx, opts, forced=True)
            return [pick] if pick is not None else []
        if prompt == "mine.trash":
            pick = self._mine_pick(_Ctx(game, seat), opts)
            return [pick] if pick is not None else []
        if prompt == "throne_room.play":
            return self._throne_pick(_Ctx(game, seat), opts, st.players[seat].hand)
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
        return self._unknown_cards(opts, d)

    def _unknown_cards(self, opts: list[str], d: "Decision") -> list[str]:
        """A safe answer for a prompt this bot does not know.

        Losing cards (trash, discard, return, pass): the junk, at least the
        minimum. Anything else (play, keep, topdeck, reveal): the best cards,
        as few as allowed but at least one.
        """
        last = d.prompt.rsplit(".", 1)[-1]
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

    def _chapel_trash(self, ctx: _Ctx, cards: list[str], most: int) -> list[str]:
        """Curses, Estates while the game is young, and Coppers while money stays.

        Keeps at least $7 of money in the deck so it can still reach Gold,
        and never trashes Victory cards late in the game.
        """
        out: list[str] = []
        money = ctx.money
        for c in worst_first(cards):
            if len(out) >= most:
                break
            if c == "Curse":
                out.append(c)
            elif is_junk(c):
                if ctx.stage > 5 and CARDS[c].vp <= 1 and CARDS[c].score is None:
                    out.append(c)
            elif c == "Copper" and money - 1 >= 7 and ctx.stage > 3:
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

    def _remodel_pick(self, ctx: _Ctx, hand: list[str], forced: bool) -> Optional[str]:
        """The card whose remodel gains the most.

        When the trash is ``forced`` (Remodel already played) the least bad
        card; otherwise (deciding whether to play Remodel at all) ``None``
        when no card gains. Gold becomes a Province only late in the game.
        """
        game = ctx.game
        supply = game.state.supply
        best: Optional[str] = None
        best_gain = 0.0
        for c in _distinct(hand):
            limit = game.cost(c) + 2
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
        ctx = _Ctx(game, seat)
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
        game = ctx.game
        scores = [gain_score(ctx, n) for n, left in game.state.supply.items()
                  if left > 0 and game.cost(n) <= coins]
        return max([0.0] + scores)

    def _option(self, game: "Game", d: "Decision") -> str:
        prompt = d.prompt
        opts = list(d.options)
        if prompt == "spy.choose":
            revealed = d.args.get("revealed", "Copper")
            good = not is_junk(revealed) and revealed != "Copper"
            mine = d.args.get("target") == d.seat
            return "keep" if good == mine else "discard"
        if opts == ["yes", "no"]:
            if prompt == "library.set_aside":
                return "yes" if game.state.turn.actions == 0 else "no"
            return "yes"  # vassal.play, moneylender.trash, chancellor.discard_deck...
        return opts[0]


# ---------------------------------------------------------------------------
# Helpers for card choices


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
        last = d.prompt.rsplit(".", 1)[-1]
        losing = last in ("trash", "discard", "return", "pass", "give", "topdeck")
        order = worst_first(rest) if losing else best_first(rest)
        out += order[: d.min - len(out)]
    return out

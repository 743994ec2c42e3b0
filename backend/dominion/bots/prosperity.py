"""The generic bot's answers to the Prosperity prompts, and its priorities
for playing the Prosperity Actions whose use depends on the hand.

Each answer is ``(bot, game, decision, options) -> pick``, like the Intrigue
ones in :mod:`dominion.bots.generic`, which looks them up in
:data:`PROSPERITY_CARDS` and :data:`PROSPERITY_OPTION`. Naming a card for
another player (Contraband, War Chest) names what that player most likely
wants: the best card for it that its money in play plus its usual hand buys.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Optional

from ..cards.card import CARDS
from .generic import (
    TERMINAL,
    TERMINAL_PLAY,
    GenericBot,
    _bound_order,
    _Ctx,
    _ctx,
    _distinct,
    _draw_money,
    _keepers,
    _minus,
    _own_score,
    _useless_now,
    _vp_worth,
    coins_of,
    gain_score,
    has_ability,
    is_junk,
    kind,
    value,
    worst_first,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..engine import Game

#: Cards that play another card several times (not worth it on each other alone).
_MULTIPLIERS = ("Throne Room", "King's Court")

#: Most hand combinations Forge's search looks at.
_FORGE_COMBOS = 3000


# ---------------------------------------------------------------------------
# Playing Actions


def play_score(bot: GenericBot, ctx: _Ctx, name: str, hand: list[str]) -> float:
    """:meth:`GenericBot._play_score` of the Prosperity Actions that need a look at the hand."""
    game = ctx.game
    rest = list(hand)
    rest.remove(name)
    if name == "King's Court":
        targets = [c for c in rest if CARDS[c].is_action and c not in _MULTIPLIERS]
        if not any(bot._play_score(ctx, t, hand) > 0 for t in targets):
            return 0
        return 132  # before Throne Room: three plays beat two
    if name == "Watchtower":  # draws up to 6 cards in hand
        drawn = 6 - len(rest)
        return 24 + 7 * drawn if drawn > 0 else 0
    if name == "Magnate":
        treasures = sum(1 for c in rest if game.is_treasure(c))
        return 22 + 8 * treasures if treasures else 0
    if name == "Trade Route":  # the trash is mandatory: a Curse, an early Estate, a Copper
        if not rest:
            return 0
        mat = game.state.trade_route_mat
        pick = _forced_trash(ctx, rest)[0]
        loss = _own_score(ctx, pick)
        if loss < 3 or (pick == "Copper" and bot._chapel_trash(ctx, [pick], 1)):
            return TERMINAL_PLAY[name] + mat
        return 20 + mat if mat >= 2 and loss <= 3 else 0
    if name == "Bishop":  # the trash is mandatory: only with a card worth trashing
        if not rest:
            return 25  # $1 and a VP token
        pick = bishop_pick(ctx, rest)
        if pick == "Copper" and not bot._chapel_trash(ctx, rest, 1):
            return 0
        return TERMINAL_PLAY[name] if bishop_gain(ctx, pick) >= -3 else 0
    if name == "Expand":
        upgrade = bot._remodel_pick(ctx, rest, forced=False, plus=3)
        return 0 if upgrade is None else TERMINAL_PLAY[name]
    if name == "Forge":
        trash, gain = forge_plan(ctx, rest)
        return TERMINAL_PLAY[name] if trash and gain > 5 else 0
    if name == "Mint":
        return TERMINAL_PLAY[name] if mint_pick(ctx, rest) else 0
    if name == "Counting House":
        coppers = game.state.players[ctx.seat].discard.count("Copper")
        return 15 + 6 * min(coppers, 6) if coppers else 0
    return TERMINAL_PLAY.get(name, 25)


#: The cards :func:`play_score` rates.
HAND_DEPENDENT = frozenset({
    "King's Court", "Watchtower", "Magnate", "Trade Route", "Bishop", "Expand",
    "Forge", "Mint", "Counting House",
})


def mint_pick(ctx: _Ctx, hand: list[str]) -> Optional[str]:
    """The Treasure in hand most worth a copy (none if only junk Treasures)."""
    game = ctx.game
    best: Optional[str] = None
    best_score = 15.0  # less than a Silver: not worth a card in the deck
    for c in _distinct(hand):
        if game.is_treasure(c) and game.state.supply.get(c, 0) > 0:
            s = gain_score(ctx, c, buying=False)
            if s > best_score:
                best, best_score = c, s
    return best


def forge_plan(ctx: _Ctx, hand: list[str]) -> tuple[list[str], float]:
    """The cards of ``hand`` to trash to Forge, and the worth of the gain.

    Tries the multisets of the hand (at most :data:`_FORGE_COMBOS`): each
    is worth the best card costing exactly their total, minus what the
    trashed cards are worth in the deck (a Curse is worth trashing).
    """
    game = ctx.game
    supply = game.state.supply
    best_at: dict[int, float] = {}
    for n, left in supply.items():
        if left > 0:
            c = game.cost(n)
            best_at[c] = max(best_at.get(c, -1000.0), gain_score(ctx, n, buying=False))
    names = _distinct(hand)
    counts = [hand.count(c) for c in names]
    own = [_own_score(ctx, c) for c in names]
    costs = [game.cost(c) for c in names]
    combos = 1
    for count in counts:
        combos *= count + 1
    if combos > _FORGE_COMBOS:  # a huge hand: only the junk and the Coppers
        keep = [i for i, c in enumerate(names) if is_junk(c) or c == "Copper"]
        names = [names[i] for i in keep]
        counts = [counts[i] for i in keep]
        own = [own[i] for i in keep]
        costs = [costs[i] for i in keep]
    best: list[str] = []
    best_gain = 0.0
    for take in product(*(range(n + 1) for n in counts)):
        if not any(take):
            continue
        total = sum(t * c for t, c in zip(take, costs))
        if total not in best_at:
            continue
        gain = best_at[total] - sum(t * o for t, o in zip(take, own))
        if gain > best_gain:
            best_gain = gain
            best = [c for c, t in zip(names, take) for _ in range(t)]
    return best, best_gain


# ---------------------------------------------------------------------------
# Helpers


def _forced_trash(ctx: _Ctx, opts: list[str]) -> list[str]:
    """The card whose loss hurts least (a Curse, an early Estate, a Copper...)."""
    return [min(opts, key=lambda c: (_own_score(ctx, c), value(c)))]


def _turn_player(game: "Game") -> int:
    return game.state.turn.seat


def _expected_coins(game: "Game", seat: int) -> float:
    """What ``seat`` (whose turn it is) will probably have to spend: the
    coins made so far plus the cards in hand at its deck's average money
    (its cards are public knowledge: every gain and trash was seen)."""
    st = game.state
    p = st.players[seat]
    cards = p.all_cards()
    average = sum(coins_of(c) for c in cards) / max(1, len(cards))
    return st.turn.coins + len(p.hand) * average


def _wanted_by(game: "Game", seat: int, most: float, exclude: tuple[str, ...] = ()) -> Optional[str]:
    """The pile ``seat`` most wants among those costing at most ``most``
    (the dearer, then the later name, of equals); the piles whose
    :func:`gain_bound` is below the best score so far go unscored."""
    ctx = _ctx(game, seat)
    supply = game.state.supply
    best: Optional[tuple[float, int, str]] = None
    for neg_bound, _, n in _bound_order(supply):
        if best is not None and -neg_bound < best[0]:
            break
        if supply[n] > 0 and n not in exclude:
            cost = game.cost(n)
            if cost <= most:
                key = (gain_score(ctx, n), cost, n)
                if best is None or key > best:
                    best = key
    return None if best is None else best[2]


# ---------------------------------------------------------------------------
# Cards decisions


def bishop_gain(ctx: _Ctx, name: str) -> float:
    """What trashing ``name`` to Bishop brings: its VP tokens minus what the
    card is worth in the deck (a Curse most, an Estate nothing, a Copper a little less)."""
    game = ctx.game
    if name == "Curse":
        return 200.0
    w = _vp_worth(ctx.stage)
    card = CARDS[name]
    if card.is_victory and not (card.is_action or game.is_treasure(name)):
        worth = card.vp * w
    else:
        worth = _own_score(ctx, name)
    return game.cost(name) // 2 * w - worth


def bishop_pick(ctx: _Ctx, cards: list[str]) -> str:
    """The card Bishop trashes best: a Curse, an Estate (its VP come back as a
    token), a Copper; a Gold only in the last turns (3 tokens)."""
    return max(cards, key=lambda c: (bishop_gain(ctx, c), -value(c)))


def _bishop_trash(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    return [bishop_pick(_ctx(game, d.seat), opts)]


def _bishop_other(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    """Another player's Bishop: trash a Curse, or junk while the game is young."""
    return bot._chapel_trash(_ctx(game, d.seat), opts, 1)


def _counting_house(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    return list(opts)  # every Copper: more money this turn


def _expand_trash(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    pick = bot._remodel_pick(_ctx(game, d.seat), opts, forced=True, plus=3)
    return [pick] if pick is not None else []


def _forge_trash(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    trash, gain = forge_plan(_ctx(game, d.seat), opts)
    return trash if gain > 0 else []


def _kings_court(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    return bot._throne_pick(_ctx(game, d.seat), opts, game.state.players[d.seat].hand)


def _forced_trash_answer(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    return _forced_trash(_ctx(game, d.seat), opts)


def _vault_discard(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    """Every card that does nothing this turn: junk and Actions left unplayed."""
    return _useless_now(game, d.seat, opts, game.state.turn.actions)


def _mint(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    pick = mint_pick(_ctx(game, d.seat), opts)
    return [pick] if pick is not None else []


def _anvil_discard(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    """A Treasure whose coins this turn's buy does not need, for a $4 card."""
    seat = d.seat
    ctx = _ctx(game, seat)
    supply = game.state.supply
    gains = [gain_score(ctx, n, buying=False) for n, left in supply.items()
             if left > 0 and game.cost(n) <= 4]
    if max(gains + [0.0]) < 15:
        return []
    total = _coins_this_turn(game, seat)
    full = bot._best_buy_score(ctx, int(total))
    for t in worst_first(_distinct(opts)):
        if bot._best_buy_score(ctx, int(total - _treasure_coins(game, t))) >= full:
            return [t]
    return []


def _tiara_play(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    """The Treasure worth most played twice."""
    return [max(opts, key=lambda c: (_treasure_coins(game, c), value(c)))]


def _clerk_topdeck(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    """The card the next turn needs least (it comes back a turn later)."""
    keep = _keepers(opts, len(opts) - 1, 1)
    return _minus(opts, keep)


def _turn_start(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> list[str]:
    return opts[:1]  # Clerk: $2 and an Attack without using an Action


def _coins_this_turn(game: "Game", seat: int) -> float:
    st = game.state
    coins = float(st.turn.coins) if st.turn.seat == seat else 0.0
    return coins + sum(_treasure_coins(game, c) for c in st.players[seat].hand
                       if game.is_treasure(c))


def _treasure_coins(game: "Game", name: str) -> float:
    """Coins a Treasure makes now (averaged for those whose coins vary)."""
    if has_ability(CARDS[name]) and name not in ("Copper", "Silver", "Gold", "Platinum"):
        return coins_of(name)
    return float(game.coins_of(name))


# ---------------------------------------------------------------------------
# Option decisions


def _yes(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    return "yes"


def _topdeck_gained(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    """Royal Seal, Tiara: a good card onto the deck (drawn next turn), junk not."""
    gained = d.args.get("gained", "Copper")
    return "yes" if not is_junk(gained) and value(gained) >= 2 else "no"


def _mint_order(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    """Talisman first: the Mint was wanted, and each Talisman adds one more."""
    return "talisman"


def _watchtower(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    """Trash Curses and unwanted Coppers, put good cards onto the deck."""
    gained = d.args.get("gained", "Copper")
    ctx = _ctx(game, d.seat)
    if "trash" in opts and (gained == "Curse" or (
            gained == "Copper" and gain_score(ctx, "Copper") < 0)):
        return "trash"
    if "deck" in opts and not is_junk(gained) and value(gained) >= 2:
        return "deck"
    return "no" if "no" in opts else opts[0]


def _vault_offer(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    """Discard 2 for 1 when the two worst cards make less than a new card."""
    hand = game.state.players[d.seat].hand
    if len(hand) < 2:
        return "no"
    worst = _minus(hand, _keepers(hand, len(hand) - 2, 1))
    worth = sum(_treasure_coins(game, c) if game.is_treasure(c) else
                (2.0 if CARDS[c].is_action and kind(c) != TERMINAL else 0.0) for c in worst)
    terminals = [c for c in hand if kind(c) == TERMINAL]
    if any(c in terminals for c in worst) and len(terminals) > 1:
        worth -= 1  # a second terminal in hand would not be played anyway
    return "yes" if worth < _draw_money(game, d.seat) + 0.3 else "no"


def _contraband_name(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    """The card the player to the right most likely wants to buy."""
    seat = _turn_player(game)
    pick = _wanted_by(game, seat, _expected_coins(game, seat) + 1)
    return pick if pick in opts else opts[0]


def _war_chest_name(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    """The card costing up to $5 the player to the right most likely wants."""
    named = tuple(game.state.turn.names.get("war_chest", ()))
    pick = _wanted_by(game, _turn_player(game), 5, named)
    return pick if pick in opts else opts[0]


def _crystal_ball(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    looked = d.args.get("looked", "Copper")
    ctx = _ctx(game, d.seat)
    if looked == "Curse" or (is_junk(looked) and ctx.stage > 5 and CARDS[looked].vp <= 1):
        return "trash"
    if is_junk(looked):
        return "discard"
    if looked == "Copper" and bot._chapel_trash(ctx, [looked], 1):
        return "trash"
    if "play" in opts:
        card = CARDS[looked]
        if game.is_treasure(looked) or (card.is_action and kind(looked) == TERMINAL):
            return "play"
    return "keep"


def _loan(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    """Trash a Copper (or a Curse) while the deck keeps enough money."""
    revealed = d.args.get("revealed", "Copper")
    ctx = _ctx(game, d.seat)
    if revealed == "Curse" or (revealed == "Copper" and ctx.money - 1 >= 7):
        return "trash"
    return "discard"


def _investment(bot: GenericBot, game: "Game", d: "Decision", opts: list[str]) -> str:
    """The VP tokens when they beat keeping the Investment: many different
    Treasures in hand, or the game nearly over."""
    if "vp" not in opts:
        return "coin"
    hand = game.state.players[d.seat].hand
    kinds = len({c for c in hand if game.is_treasure(c)})
    stage = _ctx(game, d.seat).stage
    if kinds >= 3 or (kinds >= 2 and stage <= 6) or (kinds >= 1 and stage <= 3):
        return "vp"
    return "coin"


#: Answers to Prosperity ``cards`` prompts.
PROSPERITY_CARDS = {
    "bishop.trash": _bishop_trash,
    "bishop.other_trash": _bishop_other,
    "clerk.topdeck": _clerk_topdeck,
    "counting_house.take": _counting_house,
    "expand.trash": _expand_trash,
    "forge.trash": _forge_trash,
    "goons.discard": GenericBot._victim_discard,
    "kings_court.play": _kings_court,
    "trade_route.trash": _forced_trash_answer,
    "investment.trash": _forced_trash_answer,
    "vault.discard": _vault_discard,
    "vault.other_discard": GenericBot._victim_discard,
    "mint.reveal": _mint,
    "anvil.discard": _anvil_discard,
    "tiara.play": _tiara_play,
    "turn_start.play": _turn_start,
}

#: Answers to Prosperity ``option`` prompts.
PROSPERITY_OPTION = {
    "mountebank.discard_curse": _yes,
    "vault.offer": _vault_offer,
    "watchtower.reveal": _watchtower,
    "royal_seal.topdeck": _topdeck_gained,
    "tiara.topdeck": _topdeck_gained,
    "contraband.name": _contraband_name,
    "war_chest.name": _war_chest_name,
    "crystal_ball.choose": _crystal_ball,
    "loan.choose": _loan,
    "investment.choose": _investment,
    "mint.order": _mint_order,
}

"""Setting up a new game: supply piles by player count, starting decks, first player."""

from __future__ import annotations

import secrets
from typing import Iterable, NamedTuple, Optional

from .cards.card import CARDS, Card, get_card
from .engine import Agent, Game
from .errors import InvalidSetup, UnknownCard
from .rng import Rng
from .state import EDITIONS, SECOND_EDITION, GameState, Player, Turn

MIN_PLAYERS = 2
MAX_PLAYERS = 6


_SIZES: dict[tuple[int, bool, tuple[Card, ...]], dict[str, int]] = {}


def supply_sizes(players: int, kingdom: Iterable[str], colony: bool = False) -> dict[str, int]:
    """Pile sizes for a game, basic piles first, then the kingdom by cost and name.

    With 5-6 players a second set of Treasures is added (rules.md 1.2).
    Remembered per player count, kingdom (its cards: tests stand in cards)
    and Platinum/Colony, since simulations set up thousands of games alike.

    :raises KeyError: on an unknown card name.
    """
    names = list(kingdom)
    key = (players, colony, tuple(map(CARDS.__getitem__, names)))
    sizes = _SIZES.get(key)
    if sizes is None:
        sizes = _new_sizes(players, names, colony)
        if len(_SIZES) < 4096:
            _SIZES[key] = sizes
    return dict(sizes)


def _new_sizes(players: int, kingdom: list[str], colony: bool) -> dict[str, int]:
    sets = 2 if players >= 5 else 1
    victory = 8 if players == 2 else 12
    sizes = {"Copper": 60 * sets - 7 * players, "Silver": 40 * sets, "Gold": 30 * sets}
    if colony:
        sizes["Platinum"] = 12
    sizes["Estate"] = victory
    sizes["Duchy"] = victory
    sizes["Province"] = {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}[players]
    if colony:
        sizes["Colony"] = victory
    sizes["Curse"] = 10 * (players - 1)
    for name in pile_order(kingdom):
        sizes[name] = CARDS[name].pile_size(players)
    return sizes


_ORDERS: dict[tuple[Card, ...], list[str]] = {}


def pile_order(kingdom: Iterable[str]) -> list[str]:
    """Kingdom cards in supply order: by cost, then name (a new list).

    Remembered per kingdom (its cards, not only their names: tests stand in
    cards), because simulations set up thousands of games with one kingdom.
    """
    names = list(kingdom)
    cards = tuple(map(CARDS.__getitem__, names))
    order = _ORDERS.get(cards)
    if order is None:
        order = sorted(names, key=lambda n: (CARDS[n].cost, n))
        if len(_ORDERS) < 4096:
            _ORDERS[cards] = order
    return list(order)


#: Kingdoms found valid, by their cards (tests stand in cards): simulations
#: set up thousands of games with one kingdom.
_VALID: set[tuple[Optional[Card], ...]] = set()


def validate_kingdom(kingdom: Iterable[str]) -> list[str]:
    """Return the kingdom as a list after checking every name.

    :raises InvalidSetup: on an unknown, basic or repeated card.
    """
    names = list(kingdom)
    try:
        cards: Optional[tuple[Optional[Card], ...]] = tuple(map(CARDS.get, names))
    except TypeError:  # an unhashable name: get_card reports it below
        cards = None
    if cards in _VALID:
        return names
    seen: set[str] = set()
    for name in names:
        try:
            card = get_card(name)
        except UnknownCard as e:
            raise InvalidSetup(e.message) from None
        if card.basic:
            raise InvalidSetup(f"{name} is a basic card, not a kingdom card")
        if name in seen:
            raise InvalidSetup(f"{name} appears twice in the kingdom")
        seen.add(name)
    if cards is not None and None not in cards and len(_VALID) < 4096:
        _VALID.add(cards)
    return names


#: The default names of the seats (``new_game`` with a number of players).
_SEAT_NAMES = tuple(f"Player {i + 1}" for i in range(MAX_PLAYERS))
#: Each player's cards before the first shuffle (rules.md 1).
_STARTING_DECK = ("Copper",) * 7 + ("Estate",) * 3


class _Template(NamedTuple):
    """What a new game's state takes from its player count, kingdom and
    Platinum/Colony alone (copied into each game: states are mutable)."""

    supply: dict[str, int]
    kingdom: list[str]  # in supply order
    trade_route: list[str]  # rules.md 5: a token on each Victory pile, with Trade Route


_TEMPLATES: dict[tuple[int, bool, tuple[Card, ...]], _Template] = {}


def _template(players: int, kingdom: Iterable[str], colony: bool) -> _Template:
    """The set-up a kingdom needs, remembered per player count, Platinum/Colony
    and kingdom (its cards, not only their names: tests stand in cards), since
    simulations set up thousands of games alike.

    :raises InvalidSetup: on an unknown, basic or repeated card.
    """
    names = list(kingdom)
    try:
        key = (players, colony, tuple(map(CARDS.__getitem__, names)))
    except (KeyError, TypeError):  # not a card: validate_kingdom says which
        key = None
    template = _TEMPLATES.get(key) if key is not None else None
    if template is None:
        names = validate_kingdom(names)
        supply = supply_sizes(players, names, colony)
        template = _Template(
            supply,
            pile_order(names),
            [n for n in supply if CARDS[n].is_victory] if "Trade Route" in names else [],
        )
        if key is not None and len(_TEMPLATES) < 4096:
            _TEMPLATES[key] = template
    return template


def new_game(
    players: int | list[str],
    kingdom: Iterable[str],
    seed: Optional[int] = None,
    colony: bool = False,
    agents: Optional[dict[int, Agent]] = None,
    record_events: bool = True,
    edition: str = SECOND_EDITION,
    first: Optional[int] = None,
) -> Game:
    """Set up a game ready for the first player's first turn.

    :param players: number of players, or their names in seat order.
    :param kingdom: the kingdom card names (normally 10).
    :param seed: seed of all randomness; a random one when ``None``.
    :param colony: add Platinum and Colony piles.
    :param edition: the rules edition, ``"1"`` or ``"2"``: cards whose text
        changed functionally (Throne Room, Mine, Moneylender, Masquerade, Mint,
        Hoard, Quarry) play
        the text of that edition.
    :param first: the seat that goes first (:func:`first_player_after` for a
        following game); a random one when ``None`` (rules.md 1.4).
    :raises InvalidSetup: on a bad player count, kingdom, edition or first seat.
    """
    if not isinstance(players, int):
        names = list(players)
    elif 0 <= players <= MAX_PLAYERS:
        names = list(_SEAT_NAMES[:players])
    else:  # refused below, with this count
        names = [f"Player {i + 1}" for i in range(players)]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InvalidSetup(
            f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
        )
    template = _template(len(names), kingdom, colony)
    if edition not in EDITIONS:
        raise InvalidSetup(f"edition must be one of {', '.join(EDITIONS)}, not {edition!r}")
    if seed is None:
        seed = secrets.randbits(64)
    if not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise InvalidSetup("seed must be an integer in 0..2**64-1")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                              or not 0 <= first < len(names)):
        raise InvalidSetup(f"the first player must be a seat 0..{len(names) - 1}")
    rng = Rng(seed)
    seats = []
    for name in names:
        deck = list(_STARTING_DECK)
        rng.shuffle(deck)
        seats.append(Player(name, hand=deck[-5:], deck=deck[:-5]))
    if first is None:
        first = rng.below(len(names))
    seats[first].turns = 1
    state = GameState(
        players=seats,
        supply=dict(template.supply),
        kingdom=list(template.kingdom),
        rng=rng,
        turn=Turn(seat=first),
        edition=edition,
        trade_route=list(template.trade_route),
    )
    return Game(state, agents, record_events)


def first_player_after(winners: Iterable[int], players: int, rng: Rng) -> int:
    """Who goes first in the next game of the same players (rules.md 1.4).

    The player to the left of the last winner (the next seat in turn order).
    After a tie (several winners) a random player among those who did not
    win (D-S10: the 1st and 2nd edition rulebooks); if everyone shared the
    victory, a random player.
    """
    won = sorted(set(winners))
    if len(won) == 1:
        return (won[0] + 1) % players
    others = [s for s in range(players) if s not in won] or list(range(players))
    return others[rng.below(len(others))]

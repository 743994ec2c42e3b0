"""One-call turns for simulations: a bot's whole turn without the command layer.

A simulation asks a bot for a command, and :meth:`Game.apply` parses it,
checks it (``Game._check``), runs it (``Game._run``) and dispatches it
(``Game._execute``): about 40% of a Big Money game. Between bots every
command is legal and no seat can suspend, so :func:`play_turn` skips that
layer and runs the engine's own primitives (``play_from_hand``,
``play_all_treasures``, ``buy``, ``end_turn``) in the order the bot's
commands would: the same cards move, the same words are drawn from the
generator, and the state after each turn is the one ``Game.apply`` gives
(``tests/test_fastplay.py`` compares every turn of seeded games).

A bot gets the fast turn when it exposes the two choices of
:func:`dominion.bots.base.turn_command` as ``turn_choices(game)`` (returning
``(pick_action, pick_buy)``, ``pick_action`` ``None`` for a bot that plays
no Actions) or ``None`` when its turn is not that loop in this game (the
generic bot with Grand Market in the supply). Other bots play their commands
through ``Game._execute``, still without the parsing and checks.

Human and API commands never come here: they go through :meth:`Game.apply`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

from .cards.card import CARDS
from .commands import Buy, Command, EndPhase, Play, PlayTreasures
from .errors import IllegalCommand
from .state import ACTION_PHASE, BUY_PHASE

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game

PickAction = Callable[["Game", int], Optional[str]]
PickBuy = Callable[["Game", int, int], Optional[str]]
TurnChoices = tuple[Optional[PickAction], PickBuy]


def turn_choices(game: "Game", bot: Any) -> Optional[TurnChoices]:
    """The bot's ``(pick_action, pick_buy)`` for this game, or ``None`` when its
    turns must be played command by command."""
    choices = getattr(bot, "turn_choices", None)
    return None if choices is None else choices(game)


def play_turn(
    game: "Game", bots: Mapping[int, Any],
    choices: Optional[Mapping[int, Optional[TurnChoices]]] = None,
) -> None:
    """Play the whole turn of the seat to move, with its bot.

    The result is what ``game.apply(seat, bot.command(game, seat))`` repeated
    until the turn changes gives. Every seat must have an agent (no decision
    may suspend).

    :param choices: each seat's :func:`turn_choices`, computed once per game
        by the caller; looked up now when ``None``.
    :raises IllegalCommand: (``game_over``) if the game is over.
    """
    if game.state.game_over:
        raise IllegalCommand("the game is over", "game_over")
    play_turns(game, bots, game.state.turn.number, choices)


def play_turns(
    game: "Game", bots: Mapping[int, Any], last: int,
    choices: Optional[Mapping[int, Optional[TurnChoices]]] = None,
) -> None:
    """Play whole turns (:func:`play_turn`) until the game ends or turn
    number ``last`` is over: a simulation's game in one call.

    :param choices: as for :func:`play_turn`.
    """
    if choices is None:
        choices = {seat: turn_choices(game, bot) for seat, bot in bots.items()}
    st = game.state
    events = game._events
    treasures = game._treasures.keys()
    # No end-of-turn look at the supply while no pile is empty (Game._piles_full):
    # checked here, kept by the code that empties piles, dropped on return.
    game._piles_full = all(st.supply.values())
    try:
        while not st.game_over and st.turn.number <= last:
            seat = st.turn.seat
            picks = choices[seat]
            if game._tape:  # answers are given inline: the tape only grows within a turn
                game._tape = []
                game._pos = 0
            if picks is None:
                _command_turn(game, bots[seat], seat)
            else:
                # turn_command's loop, each choice run as Game._execute runs its
                # command: inline, as this is the simulator's innermost loop.
                pick_action, pick_buy = picks
                turn = st.turn
                hand = st.players[seat].hand  # the list object changes only at clean-up
                while True:
                    if pick_action is not None:
                        while turn.phase == ACTION_PHASE and turn.actions > 0:
                            name = pick_action(game, seat)
                            if name is None:
                                break
                            if CARDS[name].is_action:
                                turn.actions -= 1
                                game.play_from_hand(seat, name)
                            else:  # a Treasure played from the Action phase begins the Buy phase
                                turn.phase = BUY_PHASE
                                game.play_treasure(seat, name)
                            hand = st.players[seat].hand
                    while not turn.bought and not treasures.isdisjoint(hand):
                        turn.phase = BUY_PHASE
                        more = game.play_all_treasures(seat)
                        hand = st.players[seat].hand
                        if not more:
                            break  # surely no Treasure left: no need to look again
                    while turn.buys > 0:
                        card = pick_buy(game, seat, turn.coins)
                        if card is None:
                            break
                        turn.phase = BUY_PHASE
                        game.buy(seat, card)
                    if turn.phase == ACTION_PHASE:
                        # EndPhase ends the Action phase; the bot then asks again in the Buy phase.
                        turn.phase = BUY_PHASE
                        continue
                    game.end_turn()
                    break
            if events is not None:
                events.clear()  # like Game.apply, which hands them out per command
    finally:
        game._piles_full = False


def _command_turn(game: "Game", bot: Any, seat: int) -> None:
    """Commands from the bot, each run as ``Game.apply`` would run it after
    its checks, until the turn changes."""
    st = game.state
    number = st.turn.number
    execute = game._execute
    while not st.game_over and st.turn.number == number:
        cmd: Command = bot.command(game, seat)
        if type(cmd) not in _TURN_COMMANDS:
            raise IllegalCommand(f"a bot's turn cannot send {cmd!r}", "bad_command")
        execute(seat, cmd)


_TURN_COMMANDS = frozenset({Play, PlayTreasures, Buy, EndPhase})

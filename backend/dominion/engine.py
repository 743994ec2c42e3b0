"""The game engine: applies commands to a :class:`GameState`.

Card effects are plain synchronous functions that call the primitives of
:class:`Game` (``draw``, ``gain``, ``choose_cards``...). When an effect needs
a choice from a player, :meth:`Game.decide` either

* takes the next answer from the *answer tape* (answers already given for the
  command in flight),
* asks the seat's agent (a bot) directly, or
* suspends the command: the game keeps the state from before the command, the
  command, and the tape, and waits for an :class:`~dominion.commands.Answer`.

Answering re-runs the command from the saved state with one more answer on the
tape. All randomness comes from the generator inside the state, so re-running
is deterministic, and effects of any nesting depth need no special code.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable, NamedTuple, Optional, Protocol

from . import gains, hands, scores, undo
from .cards.card import CARDS, TREASURE, Card
from .commands import Answer, Buy, Command, EndPhase, Play, PlayTreasures, Undo, parse_command
from .costs import COST_EFFECTS, cost, has_cost_rules
from .decisions import CARDS as CHOOSE_CARDS
from .decisions import OPTION, OPTIONS, ORDER, SUPPLY, Decision, validate_answer
from .errors import AgentError, IllegalCommand, InvalidState
from .prompts import PROMPTS, prompt
from .state import ACTION_PHASE, BUY_PHASE, GameState, Player, Turn

SCHEMA_VERSION = 5  # 2: GameState.edition; 3: the Trade Route mat, Turn.names;
# 4: GameState.hidden_passes; 5: the undo history beside the state

Event = dict[str, Any]


class Agent(Protocol):
    """Something that answers decisions for a seat without suspending (a bot)."""

    def decide(self, game: "Game", decision: Decision) -> Any: ...


class PlayedCard:
    """One play of a card. Throne Room resolves the same play twice.

    ``moved`` records that this very card left play (Feast trashing itself),
    so a second resolution does not move another copy.
    """

    __slots__ = ("name", "moved")

    def __init__(self, name: str) -> None:
        self.name = name
        self.moved = False


@dataclass(slots=True)
class Suspension:
    """A command waiting for an answer, stored as data."""

    snapshot: dict[str, Any]  # state before the command
    seat: int  # who sent the command
    command: dict[str, Any]
    tape: list[Any]  # answers given so far, in order
    decision: Decision  # the open question
    emitted: int  # events already handed out for this command
    undoable: bool = False  # the actor may cancel it now (dominion.undo)

    def to_dict(self) -> dict[str, Any]:
        return {
            "snapshot": self.snapshot,
            "seat": self.seat,
            "command": self.command,
            "tape": list(self.tape),
            "decision": self.decision.to_dict(),
            "emitted": self.emitted,
        }


class _Suspend(Exception):
    def __init__(self, decision: Decision) -> None:
        self.decision = decision


# Prompts of general rules, asked by the engine rather than by a card's effect.
prompt("reaction.reveal", CHOOSE_CARDS,
       "A Reaction card to reveal from the hand against the Attack named by the "
       "decision's card, or none to stop revealing.",
       args={"revealed": "the Reaction cards this seat already revealed against this "
                         "Attack, in order (Secret Chamber and Diplomat may come again)"},
       options="the Reaction cards in hand that may be revealed now: each once, Secret "
               "Chamber and Diplomat again while their condition holds")
# Not public: it is asked only when the hand holds a Reaction.
prompt("turn_start.play", CHOOSE_CARDS,
       "A card to play from the hand at the start of the turn (Clerk), or none to "
       "begin the Action phase; asked again after each one played.",
       options="the cards in hand that may be played at the start of the turn")
# Not public: it is asked only when the hand holds such a card.


_TREASURES: dict[bool, tuple[int, dict[str, int]]] = {}


def _treasure_orders(curse_is_treasure: bool) -> dict[str, int]:
    """Every Treasure's ``play_order`` by name (with Curse when it is a Treasure):
    one table per rule, rebuilt only when the catalog grows."""
    built = _TREASURES.get(curse_is_treasure)
    if built is None or built[0] != len(CARDS):
        table = {n: c.play_order for n, c in CARDS.items() if c.is_treasure}
        if curse_is_treasure:
            table["Curse"] = 0
        built = _TREASURES[curse_is_treasure] = (len(CARDS), table)
    return built[1]


class _CardRules(NamedTuple):
    """Which card-specific rules a game with this supply needs (see ``Game.__init__``)."""

    cost_rules: bool  # Card.discount or Card.own_cost (Quarry 1E, Peddler)
    gain_hooks: bool  # on_gain, on_gain_in_play, on_gain_in_hand
    buy_hooks: bool  # on_buy, on_buy_in_play
    start_of_turn: bool  # Clerk
    buy_rules: bool  # Card.may_buy (Grand Market)
    early_treasures: bool  # play_order EARLY
    curse_is_treasure: bool  # Charlatan
    treasures: dict[str, int]  # play_order of every Treasure of the catalog


_RULES: dict[tuple[str, ...], _CardRules] = {}


def _card_rules(supply: tuple[str, ...]) -> _CardRules:
    """The rules a supply needs, computed once per distinct supply (simulations
    set up thousands of games with the same one)."""
    rules = _RULES.get(supply)
    if rules is None:
        piles = [CARDS[n] for n in supply]
        curse = "Charlatan" in supply
        rules = _CardRules(
            has_cost_rules(list(supply)),
            any(c.on_gain or c.on_gain_in_play or c.on_gain_in_hand for c in piles),
            any(c.on_buy or c.on_buy_in_play for c in piles),
            any(c.start_of_turn for c in piles),
            any(c.may_buy for c in piles),
            any(c.is_treasure and c.play_order < 0 for c in piles),
            curse,
            _treasure_orders(curse),
        )
        if len(_RULES) < 4096:  # random kingdoms: keep the cache bounded
            _RULES[supply] = rules
    return rules


def _illegal(message: str, code: str) -> IllegalCommand:
    return IllegalCommand(message, code)


class Game:
    """A game in progress: its state, its pending decision, and its rules.

    :param state: the state to play from.
    :param agents: bots that answer decisions of their seats directly.
    :param record_events: keep an event log (simulations turn it off).
    """

    def __init__(
        self,
        state: GameState,
        agents: Optional[dict[int, Agent]] = None,
        record_events: bool = True,
    ) -> None:
        self.state = state
        self.agents: dict[int, Agent] = dict(agents or {})
        self.suspended: Optional[Suspension] = None
        self._tape: list[Any] = []
        self._pos = 0
        self._events: Optional[list[Event]] = [] if record_events else None
        self.history = undo.History([])  # undoable commands of this turn
        self._watch: Optional[undo.Watch] = None  # the command running, if it may be undone
        #: Events the last ``undo`` took back (the tail of the event log).
        self.retracted = 0
        #: Check each agent's answer (:func:`~dominion.decisions.validate_answer`).
        #: Simulations turn it off for their bots, whose answers every other
        #: path (``Game.apply``, the tests' games) checks; a player's never skips it.
        self.check_agents = True
        # Rules that only some cards bring are looked for only when the supply has them.
        (self._cost_rules, self.gain_hooks, self.buy_hooks, self._start_of_turn,
         self._buy_rules, self._early_treasures, self._curse_is_treasure,
         self._treasures) = _card_rules(tuple(state.supply))
        self._hands = hands.splitter(self._curse_is_treasure, self._treasures)
        #: ``True`` only while :func:`dominion.fastplay.play_turns` knows that no
        #: supply pile is empty: it checks the supply when it starts and puts
        #: ``False`` back when it returns; the only two places a pile can empty
        #: (:func:`dominion.gains.gain`, Lurker trashing from the supply) clear
        #: it. ``False``: :meth:`end_turn` looks at every pile.
        self._piles_full = False

    # ------------------------------------------------------------------
    # Serialization

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-compatible data (see :meth:`from_dict`)."""
        return self._saved(copy.deepcopy)  # callers may mutate what they get

    def to_json(self) -> str:
        return json.dumps(self._saved(lambda data: data), separators=(",", ":"))

    def _saved(self, own: Callable[[Any], Any]) -> dict[str, Any]:
        """The saved form; ``own`` copies the stored snapshots for the caller."""
        history = own(self.history.to_dict())
        if self.suspended is None:
            return {
                "schema_version": SCHEMA_VERSION,
                "state": self.state.to_dict(),
                "suspended": None,
                "undo": history,
            }
        s = self.suspended
        return {
            "schema_version": SCHEMA_VERSION,
            "state": own(s.snapshot),
            "suspended": {
                "seat": s.seat,
                "command": dict(s.command),
                "tape": copy.deepcopy(s.tape),
                "emitted": s.emitted,
            },
            "undo": history,
        }

    @classmethod
    def from_dict(
        cls,
        data: dict[str, Any],
        agents: Optional[dict[int, Agent]] = None,
        record_events: bool = True,
    ) -> "Game":
        """Load a game saved by :meth:`to_dict`.

        A suspended command is re-run from its saved state and tape, which
        rebuilds the partial state and the open decision.

        :raises InvalidState: if ``data`` is not a saved game of a known version.
        """
        from .upgrade import upgrade

        try:
            data = upgrade(data)
            state = GameState.from_dict(data["state"])
            game = cls(state, agents, record_events)
            game.history = undo.History.from_dict(copy.deepcopy(data["undo"]))
            sus = data["suspended"]
            if sus is not None:
                game._resume(  # copies: the caller may mutate ``data`` later
                    copy.deepcopy(data["state"]), sus["seat"], sus["command"],
                    copy.deepcopy(sus["tape"]),
                )
                if game.suspended is None:
                    raise InvalidState("stored decision no longer pending")
                game.suspended.emitted = sus["emitted"]
                if game._events is not None:
                    game._events.clear()
        except InvalidState:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IllegalCommand) as e:
            raise InvalidState(f"not a valid saved game: {e!r}") from None
        return game

    @classmethod
    def from_json(cls, text: str, agents: Optional[dict[int, Agent]] = None) -> "Game":
        """Load a game from :meth:`to_json` text.

        :raises InvalidState: if the text is not a saved game.
        """
        try:
            data = json.loads(text)
        except ValueError as e:
            raise InvalidState(f"not JSON: {e}") from None
        return cls.from_dict(data, agents)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    # ------------------------------------------------------------------
    # Queries

    @property
    def players(self) -> list[Player]:
        return self.state.players

    @property
    def turn(self) -> Turn:
        return self.state.turn

    @property
    def first_edition(self) -> bool:
        """The game plays 1st-edition texts of the cards that changed (rules.md 9)."""
        return self.state.edition == "1"

    @property
    def pending(self) -> Optional[Decision]:
        """The open decision, if a command is waiting for an answer."""
        return self.suspended.decision if self.suspended else None

    def awaiting(self) -> list[int]:
        """Seats that must act next (empty when the game is over)."""
        if self.state.game_over:
            return []
        if self.suspended is not None:
            return [self.suspended.decision.seat]
        return [self.state.turn.seat]

    def others(self, seat: int) -> list[int]:
        """The other seats in turn order, starting left of ``seat``."""
        n = len(self.state.players)
        return [(seat + i) % n for i in range(1, n)]

    def cost(self, name: str) -> int:
        """Current cost of a card, after every reduction (never below 0); see :mod:`dominion.costs`."""
        effects = self.state.turn.effects
        if not self._cost_rules and (not effects or COST_EFFECTS.isdisjoint(effects)):
            return CARDS[name].cost  # printed costs are never negative
        return cost(self, name, self._cost_rules)

    def buy_cost(self, name: str) -> int:
        """What buying a card costs now: its cost in the Buy phase, which a buy
        sent during the Action phase begins (Peddler is cheaper there)."""
        turn = self.state.turn
        if not self._cost_rules:  # the bots ask this of every pile: no detour
            if not turn.effects or COST_EFFECTS.isdisjoint(turn.effects):
                return CARDS[name].cost
            return cost(self, name, False)
        if turn.phase == BUY_PHASE:
            return self.cost(name)
        turn.phase = BUY_PHASE  # a query: the phase is put back at once
        try:
            return self.cost(name)
        finally:
            turn.phase = ACTION_PHASE

    @property
    def curse_is_treasure(self) -> bool:
        """In games using Charlatan, Curse is also a Treasure worth $1 (cards.json Charlatan)."""
        return self._curse_is_treasure

    def types(self, name: str) -> frozenset[str]:
        """The types of a card in this game (Curse is also a Treasure with Charlatan)."""
        types = CARDS[name].types
        if name == "Curse" and self._curse_is_treasure:
            return types | {TREASURE}
        return types

    def is_treasure(self, name: str) -> bool:
        """Whether a card is a Treasure in this game; see :meth:`types`."""
        return name in self._treasures

    def buy_forbidden(self, seat: int, name: str) -> Optional[str]:
        """Why ``seat`` may not buy ``name`` now even with the coins, or ``None``.

        Contraband's names (``Turn.names["contraband"]``) and a card's own
        condition (``Card.may_buy``: Grand Market with a Copper in play).
        """
        if not (self._buy_rules or self.state.turn.names):
            return None
        if name in self.state.turn.names.get("contraband", ()):
            return f"{name} was named for Contraband: it cannot be bought this turn"
        may_buy = CARDS[name].may_buy
        if may_buy is not None and not may_buy(self, seat):
            return f"{name} cannot be bought now"
        return None

    def buyable(self, seat: int, coins: int) -> list[str]:
        """The non-empty piles ``seat`` may buy now for at most ``coins``, in
        supply order: their Buy-phase cost (:meth:`buy_cost`) and no
        :meth:`buy_forbidden` reason. Bots ask it for every buy: without
        cost rules, cost effects or buy rules it only reads printed costs."""
        st = self.state
        turn = st.turn
        if self._cost_rules or (turn.effects and not COST_EFFECTS.isdisjoint(turn.effects)):
            cost = self.buy_cost
            options = [n for n, left in st.supply.items() if left > 0 and cost(n) <= coins]
        else:
            options = [n for n, left in st.supply.items()
                       if left > 0 and CARDS[n].cost <= coins]
        if self._buy_rules or turn.names:
            options = [n for n in options if self.buy_forbidden(seat, n) is None]
        return options

    def may_buy(self, seat: int, name: str, coins: int) -> bool:
        """Whether ``name`` is among :meth:`buyable` ``(seat, coins)``: the
        same checks, for one pile (a bot that needs only a few asks this)."""
        st = self.state
        if st.supply[name] <= 0:
            return False
        turn = st.turn
        if self._cost_rules or (turn.effects and not COST_EFFECTS.isdisjoint(turn.effects)):
            if self.buy_cost(name) > coins:
                return False
        elif CARDS[name].cost > coins:
            return False
        return not (self._buy_rules or turn.names) or self.buy_forbidden(seat, name) is None

    def empty_piles(self) -> int:
        return sum(1 for n in self.state.supply.values() if n == 0)

    def view(self, seat: Optional[int] = None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator); see :mod:`dominion.views`."""
        from .views import view

        return view(self, seat)

    def legal_commands(self, seat: int) -> list[dict[str, Any]]:
        """Every command ``seat`` may send now.

        While a decision is open, its seat gets one ``answer`` entry that
        carries the decision (the answers themselves are described by it).
        """
        st = self.state
        if st.game_over:
            return []
        if self.suspended is not None:
            d = self.suspended.decision
            if d.seat != seat:
                return []
            if self.suspended.undoable and undo.can_undo(self, seat):
                return [{"type": "answer", "decision": d.to_dict()}, {"type": "undo"}]
            return [{"type": "answer", "decision": d.to_dict()}]
        turn = st.turn
        if seat != turn.seat:
            return []
        hand = st.players[seat].hand
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        treasures = False
        for name in hand:
            if name in seen:
                continue
            seen.add(name)
            card = CARDS[name]
            if card.is_action and turn.phase == ACTION_PHASE and turn.actions > 0:
                out.append({"type": "play", "card": name})
            if self.is_treasure(name) and not turn.bought:
                treasures = True
                out.append({"type": "play", "card": name})
        if treasures:
            out.append({"type": "play_treasures"})
        if turn.buys > 0:
            for name, left in st.supply.items():
                if (left > 0 and self.buy_cost(name) <= turn.coins
                        and self.buy_forbidden(seat, name) is None):
                    out.append({"type": "buy", "card": name})
        out.append({"type": "end_phase"})
        if self.history.steps and undo.can_undo(self, seat):
            out.append({"type": "undo"})
        return out

    # ------------------------------------------------------------------
    # Applying commands

    def apply(self, seat: int, command: Command | dict[str, Any]) -> list[Event]:
        """Apply one command from ``seat`` and return the events it produced.

        If the command needs an answer from a seat without an agent, it is
        suspended: :attr:`pending` says who must answer what.

        :raises IllegalCommand: if the command is not legal now; the state is
            left unchanged.
        :raises AgentError: if an agent answers a decision illegally; the state
            is left unchanged unless every seat has an agent (see there).
        """
        cmd = parse_command(command)
        st = self.state
        if st.game_over:
            raise _illegal("the game is over", "game_over")
        if isinstance(cmd, Undo):
            # Only the seat on turn ever has a move to take back; any other seat is
            # refused as for every turn command, not with ``cannot_undo`` (issue 24).
            if seat != st.turn.seat:
                raise _illegal(f"it is seat {st.turn.seat}'s turn", "not_your_turn")
            self.retracted = undo.undo(self, seat)
            return []
        if self.suspended is not None:
            return self._answer(seat, cmd)
        if isinstance(cmd, Answer):
            raise _illegal("there is no decision to answer", "no_decision")
        if seat != st.turn.seat:
            raise _illegal(f"it is seat {st.turn.seat}'s turn", "not_your_turn")
        self._check(seat, cmd)
        snapshot = st.to_dict() if len(self.agents) < len(st.players) else None
        self._tape = []
        self._pos = 0
        return self._run(seat, cmd, snapshot, 0)

    def _run(
        self,
        seat: int,
        cmd: Command,
        snapshot: Optional[dict[str, Any]],
        already_emitted: int,
    ) -> list[Event]:
        events = self._events
        start = len(events) if events is not None else 0
        watch = self._watch = (
            undo.Watch(seat) if snapshot is not None and seat not in self.agents else None)
        try:
            self._execute(seat, cmd)
        except _Suspend as s:
            assert snapshot is not None, "a seat with an agent cannot suspend"
            emitted = len(events) - start if events is not None else 0
            self.suspended = Suspension(
                snapshot, seat, cmd.to_dict(), list(self._tape), s.decision, emitted,
                s.decision.seat == seat and undo.unchanged(self, watch, snapshot),
            )
        except BaseException:
            self._watch = None
            if snapshot is not None:
                self.state = GameState.from_dict(snapshot)
            if events is not None:
                del events[start:]
            raise
        else:
            if snapshot is not None or self.history.steps:
                undo.finished(self, seat, watch, snapshot,
                              len(events) - start if events is not None else None)
        self._watch = None
        if events is None:
            return []
        new = events[start + already_emitted :]
        del events[start:]
        return new

    def _answer(self, seat: int, cmd: Command) -> list[Event]:
        sus = self.suspended
        assert sus is not None
        if not isinstance(cmd, Answer):
            raise _illegal(
                f"seat {sus.decision.seat} must first answer a decision",
                "decision_pending",
            )
        if seat != sus.decision.seat:
            raise _illegal(
                f"the open decision is for seat {sus.decision.seat}", "not_your_decision"
            )
        answer = validate_answer(sus.decision, cmd.answer)
        old_state = self.state
        try:
            return self._resume(
                sus.snapshot, sus.seat, sus.command, sus.tape + [answer], sus.emitted
            )
        except BaseException:
            self.state = old_state
            self.suspended = sus
            raise

    def _resume(
        self,
        snapshot: dict[str, Any],
        seat: int,
        command: dict[str, Any],
        tape: list[Any],
        emitted: int = 0,
    ) -> list[Event]:
        self.state = GameState.from_dict(snapshot)
        self.suspended = None
        self._tape = tape
        self._pos = 0
        return self._run(seat, parse_command(command), snapshot, emitted)

    def _check(self, seat: int, cmd: Command) -> None:
        """Reject a command that is not legal now, before anything changes."""
        st = self.state
        turn = st.turn
        if isinstance(cmd, Play):
            card = CARDS.get(cmd.card)
            if card is None:
                raise _illegal(f"unknown card {cmd.card!r}", "unknown_card")
            if cmd.card not in st.players[seat].hand:
                raise _illegal(f"no {cmd.card} in hand", "card_not_in_hand")
            if card.is_action and turn.phase == ACTION_PHASE:
                if turn.actions <= 0:
                    raise _illegal("no Actions left", "no_actions")
            elif self.is_treasure(cmd.card):
                if turn.bought:
                    raise _illegal(
                        "no Treasures may be played after buying", "treasure_after_buy"
                    )
            elif card.is_action:
                raise _illegal("Actions are played in the Action phase", "wrong_phase")
            else:
                raise _illegal(f"{cmd.card} cannot be played", "not_playable")
        elif isinstance(cmd, PlayTreasures):
            if turn.bought:
                raise _illegal(
                    "no Treasures may be played after buying", "treasure_after_buy"
                )
            if not any(c in self._treasures for c in st.players[seat].hand):
                raise _illegal("no Treasures in hand", "no_treasures")
        elif isinstance(cmd, Buy):
            self._check_buy(seat, cmd.card)

    def _check_buy(self, seat: int, name: str) -> None:
        st = self.state
        turn = st.turn
        if name not in st.supply:
            if name in CARDS:
                raise _illegal(f"{name} is not in the supply", "not_in_supply")
            raise _illegal(f"unknown card {name!r}", "unknown_card")
        if turn.buys <= 0:
            raise _illegal("no Buys left", "no_buys")
        if st.supply[name] <= 0:
            raise _illegal(f"the {name} pile is empty", "pile_empty")
        cost = self.buy_cost(name) if self._cost_rules else self.cost(name)
        if cost > turn.coins:
            raise _illegal(f"{name} costs {cost}, you have {turn.coins}", "cannot_afford")
        if self._buy_rules or turn.names:
            forbidden = self.buy_forbidden(seat, name)
            if forbidden is not None:
                raise _illegal(forbidden, "buy_forbidden")

    def _execute(self, seat: int, cmd: Command) -> None:
        turn = self.state.turn
        if isinstance(cmd, Play):
            card = CARDS[cmd.card]
            if card.is_action and turn.phase == ACTION_PHASE:
                turn.actions -= 1
                self.play_from_hand(seat, cmd.card)
            else:
                turn.phase = BUY_PHASE
                self.play_treasure(seat, cmd.card)
        elif isinstance(cmd, PlayTreasures):
            turn.phase = BUY_PHASE
            self.play_all_treasures(seat)
        elif isinstance(cmd, Buy):
            turn.phase = BUY_PHASE
            self.buy(seat, cmd.card)
        elif isinstance(cmd, EndPhase):
            if turn.phase == ACTION_PHASE:
                turn.phase = BUY_PHASE
            else:
                self.end_turn()

    # ------------------------------------------------------------------
    # Decisions

    def decide(self, decision: Decision) -> Any:
        """Get the answer to ``decision``: from the tape, an agent, or a player.

        Suspends the running command if a player must answer.

        :raises ValueError: if the decision's prompt is not registered in
            :data:`dominion.prompts.PROMPTS` with the decision's kind (a bug
            in the card that asks).
        """
        registered = PROMPTS.get(decision.prompt)
        if registered is None or registered.kind != decision.kind:
            raise ValueError(
                f"decision prompt {decision.prompt!r} of kind {decision.kind!r} is not "
                "registered: call dominion.prompts.prompt() next to the card")
        if self._watch is not None:
            self._watch.decision(decision.seat)
        if self._pos < len(self._tape):
            answer = self._tape[self._pos]
            self._pos += 1
            return answer
        agent = self.agents.get(decision.seat)
        if agent is None:
            raise _Suspend(decision)
        given = agent.decide(self, decision)
        if not self.check_agents:  # a simulation's bots (see the attribute)
            self._tape.append(given)
            self._pos += 1
            return given
        try:
            answer = validate_answer(decision, given)
        except IllegalCommand as e:
            raise AgentError(
                f"the agent of seat {decision.seat} answered {decision.prompt} "
                f"with {given!r}: {e.message}") from None
        self._tape.append(answer)
        self._pos += 1
        return answer

    def choose_cards(
        self,
        seat: int,
        options: Iterable[str],
        prompt: str,
        min: int = 0,
        max: Optional[int] = None,
        card: Optional[str] = None,
        **args: Any,
    ) -> list[str]:
        """Ask ``seat`` to pick ``min``..``max`` of ``options`` (a multiset).

        Asks nothing when there is nothing to choose or the choice is forced.
        """
        opts = list(options)
        hi = len(opts) if max is None or max > len(opts) else max
        lo = min if min < hi else hi
        if hi == 0:
            return []
        if lo == len(opts):
            return opts
        if lo == hi and len(set(opts)) == 1:
            return opts[:lo]
        return self.decide(
            Decision(seat, CHOOSE_CARDS, prompt, opts, lo, hi, card, args)
        )

    def choose_option(
        self,
        seat: int,
        options: list[str],
        prompt: str,
        card: Optional[str] = None,
        **args: Any,
    ) -> str:
        """Ask ``seat`` to pick one of ``options`` (option ids)."""
        if len(options) == 1:
            return options[0]
        return self.decide(Decision(seat, OPTION, prompt, list(options), 1, 1, card, args))

    def choose_options(
        self,
        seat: int,
        options: list[str],
        prompt: str,
        n: int,
        card: Optional[str] = None,
        **args: Any,
    ) -> list[str]:
        """Ask ``seat`` to pick ``n`` different option ids (all of them if no more)."""
        if n >= len(options):
            return list(options)
        return self.decide(Decision(seat, OPTIONS, prompt, list(options), n, n, card, args))

    def may(self, seat: int, prompt: str, card: Optional[str] = None, **args: Any) -> bool:
        """Ask ``seat`` a yes/no question."""
        return self.choose_option(seat, ["yes", "no"], prompt, card, **args) == "yes"

    def choose_supply(
        self,
        seat: int,
        prompt: str,
        max_cost: Optional[int] = None,
        exact_cost: Optional[int] = None,
        where: Optional[Callable[[Card], bool]] = None,
        optional: bool = False,
        card: Optional[str] = None,
        **args: Any,
    ) -> Optional[str]:
        """Ask ``seat`` to pick a non-empty supply pile that fits the limits.

        Returns ``None`` when no pile fits (or the player declines if
        ``optional``).
        """
        options = []
        for name, left in self.state.supply.items():
            if left <= 0:
                continue
            c = self.cost(name)
            if max_cost is not None and c > max_cost:
                continue
            if exact_cost is not None and c != exact_cost:
                continue
            if where is not None and not where(CARDS[name]):
                continue
            options.append(name)
        if not options:
            return None
        if max_cost is not None:
            args["max_cost"] = max_cost
        if exact_cost is not None:
            args["cost"] = exact_cost
        d = Decision(seat, SUPPLY, prompt, options, 0 if optional else 1, 1, card, args)
        return self.decide(d)

    def choose_order(
        self, seat: int, cards: list[str], prompt: str, card: Optional[str] = None
    ) -> list[str]:
        """Ask ``seat`` to order ``cards``; the answer lists the top card first."""
        if len(set(cards)) <= 1:
            return list(cards)
        return self.decide(Decision(seat, ORDER, prompt, list(cards), len(cards), len(cards), card))

    # ------------------------------------------------------------------
    # Events

    def emit(self, type: str, seat: Optional[int] = None, **data: Any) -> None:
        """Record an event. ``private=True`` hides its cards from other seats."""
        if self._watch is not None:
            self._watch.event(type, seat)
        if self._events is not None:
            data["type"] = type
            data["seat"] = seat
            self._events.append(data)

    # ------------------------------------------------------------------
    # Card movement primitives

    def _pull(self, seat: int, n: int) -> list[str]:
        """Take up to ``n`` cards off the top of the deck, top card first.

        Shuffles the discard pile into a new deck only when the deck runs out.
        """
        self.state.players[seat].cards_version += 1  # out of every zone until the caller places them
        return self._take(seat, n)

    def _take(self, seat: int, n: int) -> list[str]:
        """:meth:`_pull` for a caller that places the cards before anyone looks
        (a draw): the player's cards stay the same, so their version too."""
        p = self.state.players[seat]
        deck = p.deck
        if len(deck) >= n:
            taken = deck[: -n - 1 : -1]  # the top n, top card first
            del deck[len(deck) - n :]
            return taken
        taken = deck[::-1]
        deck.clear()
        if p.discard:
            self.shuffle(seat)
            deck = p.deck
            rest = n - len(taken)
            more = deck[-rest:]
            del deck[len(deck) - len(more) :]
            more.reverse()
            taken += more
        return taken

    def shuffle(self, seat: int) -> None:
        """Shuffle the discard pile; it becomes the deck (deck must be empty)."""
        p = self.state.players[seat]
        p.deck, p.discard = p.discard, p.deck
        self.state.rng.shuffle(p.deck)
        if self._events is not None:
            self.emit("shuffle", seat)

    def draw(self, seat: int, n: int = 1) -> list[str]:
        """Draw ``n`` cards (fewer if deck and discard run out)."""
        p = self.state.players[seat]
        deck = p.deck
        if len(deck) >= n:
            drawn = deck[: -n - 1 : -1]  # top card first, as _pull returns them
            del deck[len(deck) - n :]
        else:
            drawn = self._take(seat, n)
        p.hand += drawn
        if self._events is not None and drawn:
            self.emit("draw", seat, cards=list(drawn), private=True)
        return drawn

    def reveal_top(self, seat: int, n: int, look: bool = False) -> list[str]:
        """Take the top ``n`` cards of the deck out to reveal (or look at).

        The caller must put every returned card somewhere.
        """
        cards = self._pull(seat, n)
        if cards:
            if look:
                self.emit("look", seat, cards=list(cards), private=True)
            else:
                self.emit("reveal", seat, cards=list(cards))
        return cards

    def reveal_hand(self, seat: int) -> None:
        self.emit("reveal", seat, cards=list(self.state.players[seat].hand))

    def _remove(self, zone: list[str], cards: Iterable[str]) -> list[str]:
        moved = []
        for c in cards:
            zone.remove(c)
            moved.append(c)
        return moved

    def discard_from_hand(self, seat: int, cards: Iterable[str]) -> list[str]:
        """Discard cards from the hand.

        Discarding is not revealing: other seats learn how many cards went,
        and see only the new top of the discard pile (rulebooks: Cellar).
        """
        p = self.state.players[seat]
        moved = self._remove(p.hand, cards)
        if moved:
            p.discard += moved
            self.emit("discard", seat, cards=list(moved), private=True)
        return moved

    def discard_cards(self, seat: int, cards: list[str], private: bool = False) -> None:
        """Put cards that are already out of every zone onto the discard pile.

        :param private: the cards were only looked at, not revealed (Sentry).
        """
        if cards:
            self.state.players[seat].discard += cards
            if private:
                self.emit("discard", seat, cards=list(cards), private=True)
            else:
                self.emit("discard", seat, cards=list(cards))

    def trash_from_hand(self, seat: int, cards: Iterable[str]) -> list[str]:
        p = self.state.players[seat]
        moved = self._remove(p.hand, cards)
        if moved:
            self.trash_cards(seat, moved)
        return moved

    def trash_cards(self, seat: int, cards: list[str]) -> None:
        """Put cards that are already out of every zone into the trash."""
        if cards:
            self.state.trash += cards
            for p in self.state.players:  # whoever owned them (an attacker trashes a victim's)
                p.cards_version += 1
            self.emit("trash", seat, cards=list(cards))

    def trash_played(self, seat: int, played: PlayedCard) -> bool:
        """Trash the card being played, if it is still in play."""
        p = self.state.players[seat]
        if played.moved or played.name not in p.in_play:
            return False
        played.moved = True
        p.in_play.remove(played.name)
        self.trash_cards(seat, [played.name])
        return True

    def topdeck_from_hand(self, seat: int, cards: Iterable[str], private: bool = True) -> None:
        p = self.state.players[seat]
        moved = self._remove(p.hand, cards)
        if moved:
            p.deck += moved
            self.emit("topdeck", seat, cards=list(moved), private=private)

    def topdeck_cards(self, seat: int, cards: list[str], private: bool = True) -> None:
        """Put loose cards on the deck; the last in ``cards`` ends on top."""
        if cards:
            self.state.players[seat].deck += cards
            self.emit("topdeck", seat, cards=list(cards), private=private)

    #: Gain a card from the supply (or with ``from_trash=True`` the trash) to
    #: ``discard``, ``hand`` or ``deck`` with every hook that reacts to gaining:
    #: ``gain(seat, name, to="discard") -> bool`` (False if there is none to
    #: take); see :func:`dominion.gains.gain`.
    gain = gains.gain

    #: Buy a card already checked legal: ``buy(seat, name)``; see :func:`dominion.gains.buy`.
    buy = gains.buy

    def add_vp(self, seat: int, n: int = 1) -> None:
        """Give ``seat`` ``n`` VP tokens (Monument, Bishop, Goons...): public."""
        p = self.state.players[seat]
        p.vp_tokens += n
        self.emit("vp", seat, vp=n, total=p.vp_tokens)

    def name_card(self, seat: int, prompt: str, by: str, options: Optional[list[str]] = None) -> str:
        """Ask ``seat`` to name a card (any card of the catalog unless ``options``
        narrows it) for the effect of ``by``; the name is public (``name`` event)."""
        named = self.choose_option(seat, sorted(CARDS) if options is None else options, prompt, by)
        self.emit("name", seat, card=named, by=by)
        return named

    # ------------------------------------------------------------------
    # Playing cards

    def plus(
        self, seat: int, cards: int = 0, actions: int = 0, buys: int = 0, coins: int = 0
    ) -> None:
        """The common "+N Cards, +N Actions, +N Buys, +$N" instructions."""
        if cards:
            self.draw(seat, cards)
        turn = self.state.turn
        turn.actions += actions
        turn.buys += buys
        turn.coins += coins

    def play_from_hand(self, seat: int, name: str) -> PlayedCard:
        """Move a card from hand into play and resolve it (uses no Action)."""
        p = self.state.players[seat]
        p.hand.remove(name)
        p.in_play.append(name)
        played = PlayedCard(name)
        self.resolve(seat, played)
        return played

    def resolve(self, seat: int, played: PlayedCard) -> None:
        """Carry out the instructions of a card that is (or was) in play.

        A Treasure makes its coins each time (Tiara plays one twice).
        """
        card = CARDS[played.name]
        turn = self.state.turn
        if card.is_action:
            turn.actions_played += 1
        self.emit("play", seat, card=played.name)
        if self.is_treasure(played.name):
            turn.coins += self.coins_of(played.name)
        if card.on_play is not None:
            card.on_play(self, seat, played)

    def play_card(self, seat: int, name: str) -> PlayedCard:
        """Put a card that is out of every zone into play and resolve it
        (Venture's Treasure, a card Crystal Ball plays from the deck)."""
        self.state.players[seat].in_play.append(name)
        played = PlayedCard(name)
        self.resolve(seat, played)
        return played

    def coins_of(self, name: str) -> int:
        """What a Treasure makes when played now (Coppersmith raises Copper;
        Curse makes $1 with Charlatan)."""
        if name == "Copper":
            return 1 + self.state.turn.effects.get("coppersmith", 0)
        if name == "Curse":
            return 1 if self._curse_is_treasure else 0
        return CARDS[name].coins

    def play_treasure(self, seat: int, name: str) -> None:
        """Play one Treasure from the hand."""
        self.play_from_hand(seat, name)

    def play_all_treasures(self, seat: int) -> bool:
        """Play every Treasure in hand so that none loses value (``Card.play_order``):
        first, one at a time, those that change later costs and gains (Quarry,
        Collection), then those that ask about the hand (Tiara, Contraband,
        Anvil); then the plain ones in one batch; last, one at a time, those
        that count what is in play (Bank). Each group keeps hand order.

        :returns: whether a Treasure may still be in the hand (an ability ran
            that may have put one there); ``False`` means surely none.
        """
        p = self.state.players[seat]
        orders = self._treasures
        if self._early_treasures:
            first = sorted((c for c in p.hand if orders.get(c, 0) < 0), key=orders.__getitem__)
            for name in first:
                if name in p.hand:  # an earlier ability may have moved it
                    self.play_treasure(seat, name)
        # The split of this very hand was most likely computed before (dominion.hands).
        key = tuple(p.hand)
        split = self._hands.memo.get(key) or self._hands.split(key)  # a call only for a new hand
        coins, batch, rest, late, effects, after_silver = split
        if batch:
            turn = self.state.turn
            if after_silver is not None and not turn.effects:
                turn.silver_played = True  # all the first Silver does without a Merchant played
                effects = after_silver
            if turn.effects or self._curse_is_treasure:
                coins = sum(self.coins_of(name) for name in batch)  # Coppersmith, Curse
            turn.coins += coins
            p.in_play += batch
            p.hand = [*rest]
            if self._events is not None:
                self.emit("play", seat, cards=list(batch))
            for name, effect in effects:
                effect(self, seat, PlayedCard(name))
        for name in late:
            if name in p.hand:
                self.play_treasure(seat, name)
        # Without abilities the hand left is ``rest``, which holds no Treasure.
        return bool(self._early_treasures or effects or late)

    # ------------------------------------------------------------------
    # Attacks

    def attack_targets(self, seat: int, attack: str) -> list[int]:
        """Other seats in turn order that an Attack affects.

        Each may first reveal Reaction cards from hand, one at a time and in
        any order, before the Attack does anything: a card with ``react_again``
        (Secret Chamber) may come back, so it can draw a Moat to reveal next.
        A reaction that blocks the Attack (Moat) removes that seat.
        """
        if self._watch is not None:
            self._watch.safe = False  # other seats are affected: never taken back
        victims = []
        players = self.state.players
        for other in self.others(seat):
            blocked = False
            revealed: list[str] = []  # in reveal order, repeats included
            while True:
                reactions = sorted(
                    {
                        c
                        for c in players[other].hand
                        if CARDS[c].on_attack is not None
                        and (c not in revealed or CARDS[c].react_again)
                        and (CARDS[c].react_if is None
                             or CARDS[c].react_if(self, other))  # type: ignore[misc]
                    }
                )
                if not reactions:
                    break
                chosen = self.choose_cards(
                    other, reactions, "reaction.reveal", 0, 1, attack, revealed=list(revealed)
                )
                if not chosen:
                    break
                name = chosen[0]
                revealed.append(name)
                self.emit("react", other, card=name)
                if CARDS[name].on_attack(self, other, attack):  # type: ignore[misc]
                    blocked = True
            if not blocked:
                victims.append(other)
        return victims

    # ------------------------------------------------------------------
    # Turn flow

    def end_turn(self) -> None:
        """Clean-up, check the end of the game, and start the next turn."""
        st = self.state
        turn = st.turn
        seat = turn.seat
        p = st.players[seat]
        # The unplayed hand goes under the played cards, so the visible top
        # of the pile is a card everyone saw (rulebooks allow hiding it).
        p.discard += p.hand
        p.discard += p.in_play
        p.in_play = []
        deck = p.deck
        if len(deck) >= 5 and self._events is None:
            # draw(seat, 5) into the empty hand, inline: most turns of a
            # simulation end here, and the deck needs no shuffle.
            p.hand = deck[:-6:-1]  # the top five, top card first, as draw() adds them
            del deck[-5:]
        else:
            p.hand = []
            self.draw(seat, 5)
        # The simulator knows when no pile is empty (_piles_full): no look at the supply.
        reason = None if self._piles_full else self.end_condition()
        if reason is not None:
            st.game_over = True
            st.end_reason = reason
            self.emit("game_over", None, reason=reason)
            return
        nxt = (seat + 1) % len(st.players)
        turn.next(nxt)
        st.players[nxt].turns += 1
        if self._events is not None:
            self.emit("turn", nxt, number=turn.number)
        if self._start_of_turn:
            self.start_turn(nxt)

    def start_turn(self, seat: int) -> None:
        """Start-of-turn abilities: cards with ``Card.start_of_turn`` (Clerk)
        may be played from the hand one at a time, using no Action."""
        hand = self.state.players[seat].hand
        while True:
            ready = sorted({c for c in hand if CARDS[c].start_of_turn})
            if not ready:
                return
            chosen = self.choose_cards(seat, ready, "turn_start.play", 0, 1)
            if not chosen:
                return
            self.play_from_hand(seat, chosen[0])

    def end_condition(self) -> Optional[str]:
        """Why the game ends now, or ``None``: ``provinces``, ``colonies``, ``piles``."""
        supply = self.state.supply
        if all(supply.values()):  # no empty pile (counts are never negative)
            return None
        if supply.get("Province", 1) == 0:
            return "provinces"
        if supply.get("Colony", 1) == 0:
            return "colonies"
        limit = 3 if len(self.state.players) <= 4 else 4
        if self.empty_piles() >= limit:
            return "piles"
        return None

    # ------------------------------------------------------------------
    # Scoring

    def score(self, seat: int) -> int:
        """Victory points of ``seat`` over all its cards, plus VP tokens."""
        p = self.state.players[seat]
        return scores.of_cards(p.all_cards(), p.vp_tokens)

    def result(self) -> dict[str, Any]:
        """Scores and winners; winners break ties by fewer turns taken."""
        players = self.state.players
        scores = [self.score(s) for s in range(len(players))]
        best = max(scores)
        tied = [s for s, points in enumerate(scores) if points == best]
        winners = tied
        if len(tied) > 1:  # every simulated game asks: the tie-break only when needed
            fewest = min(players[s].turns for s in tied)
            winners = [s for s in tied if players[s].turns == fewest]
        return {
            "scores": scores,
            "turns": [p.turns for p in players],
            "winners": winners,
            "tie_break": len(winners) < len(tied),
            "end_reason": self.state.end_reason,
        }

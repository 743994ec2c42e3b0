"""Exceptions raised by the engine.

Every rejected command raises :class:`IllegalCommand` with a stable,
machine-readable ``code`` (clients switch on it) and a human ``message``.
:data:`ILLEGAL_COMMAND_CODES` lists every such code with its meaning; a test
checks that the engine raises no other.
"""

from __future__ import annotations


class DominionError(Exception):
    """Base class of every error the engine raises on purpose."""

    code = "dominion_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


#: Every ``code`` an :class:`IllegalCommand` may carry -> what it means, in one sentence.
ILLEGAL_COMMAND_CODES: dict[str, str] = {
    "bad_command": "The command is not an object with a known `type` and the fields that type needs.",
    "game_over": "The game is over: no command is legal any more.",
    "decision_pending": "A decision is open: only an `answer` from the deciding seat is legal now.",
    "not_your_decision": "The open decision is addressed to another seat.",
    "no_decision": "An `answer` was sent but no decision is open.",
    "not_your_turn": "It is another seat's turn.",
    "invalid_answer": "The answer does not fit the open decision (its `kind`, `options`, `min` and `max`).",
    "unknown_card": "No card has this name.",
    "card_not_in_hand": "The card to play is not in the hand.",
    "no_actions": "No Actions are left to play an Action card.",
    "treasure_after_buy": "Treasures cannot be played once a card was bought this turn.",
    "wrong_phase": "Action cards are played in the Action phase only.",
    "not_playable": "This card cannot be played (a Victory or Curse card).",
    "no_treasures": "`play_treasures` was sent without a Treasure in hand.",
    "not_in_supply": "The card is not a pile of this game's supply.",
    "no_buys": "No Buys are left this turn.",
    "pile_empty": "The supply pile of this card is empty.",
    "cannot_afford": "The card costs more than the coins available.",
    "buy_forbidden": "The card may not be bought now: it was named for Contraband this turn, "
                     "or its own rule forbids it (Grand Market with a Copper in play).",
    "cannot_undo": "`undo` was sent but this seat has no move it may take back now: "
                   "new information appeared since (a draw, shuffle, reveal, another seat's "
                   "decision, an Attack, a new turn) or it made no move yet.",
}


class IllegalCommand(DominionError):
    """A command or decision answer that the rules do not allow now.

    The game state is left exactly as it was before the command.
    """

    code = "illegal_command"


class AgentError(DominionError):
    """An agent (bot) answered a decision illegally: a bug in the agent.

    If some seat has no agent, the state is restored as for
    :class:`IllegalCommand`. A game where every seat has an agent takes no
    snapshot (simulations run faster without one), so after this error it is
    left mid-command and must be discarded.
    """

    code = "agent_error"


class UnknownCard(DominionError):
    """A card name that is not in the catalog."""

    code = "unknown_card"


class InvalidSetup(DominionError):
    """Game options that cannot make a game (player count, kingdom, ...)."""

    code = "invalid_setup"


class InvalidState(DominionError):
    """Serialized state that cannot be loaded (bad JSON shape, future version)."""

    code = "invalid_state"

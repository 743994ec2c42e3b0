"""Exceptions raised by the engine.

Every rejected command raises :class:`IllegalCommand` with a stable,
machine-readable ``code`` (clients switch on it) and a human ``message``.
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

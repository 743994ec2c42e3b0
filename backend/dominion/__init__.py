"""A pure-Python Dominion rules engine.

Typical use::

    from dominion import new_game, Play, Buy, EndPhase

    game = new_game(["Ann", "Bob"], ["Village", "Smithy", ...], seed=7)
    seat = game.awaiting()[0]
    game.apply(seat, {"type": "play_treasures"})
    game.view(seat)          # what that seat may see
    text = game.to_json()    # the whole game, a paused decision included
"""

from .cards import CARDS, Card, get_card
from .commands import (
    Answer, Buy, Command, EndPhase, Play, PlayTreasures, Undo, parse_command,
)
from .decisions import Decision, validate_answer
from .engine import SCHEMA_VERSION, Game, PlayedCard
from .errors import (
    AgentError, DominionError, IllegalCommand, InvalidSetup, InvalidState, UnknownCard,
)
from .i18n import SUPPORTED_LANGS, UnsupportedLanguage, card_name, catalog, english_name
from .presets import Preset, get_preset, preset, presets
from .randomizer import Kingdom, Unsatisfiable, decide_colony, randomize
from .setup import new_game, supply_sizes
from .state import GameState, Player, Turn

__all__ = [
    "CARDS", "Card", "get_card",
    "Answer", "Buy", "Command", "EndPhase", "Play", "PlayTreasures", "Undo", "parse_command",
    "Decision", "validate_answer",
    "SCHEMA_VERSION", "Game", "PlayedCard",
    "AgentError", "DominionError", "IllegalCommand", "InvalidSetup", "InvalidState",
    "UnknownCard",
    "SUPPORTED_LANGS", "UnsupportedLanguage", "card_name", "catalog", "english_name",
    "Preset", "get_preset", "preset", "presets",
    "Kingdom", "Unsatisfiable", "decide_colony", "randomize",
    "new_game", "supply_sizes",
    "GameState", "Player", "Turn",
]

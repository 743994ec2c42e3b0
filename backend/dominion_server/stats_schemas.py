"""Schemas of ``GET /api/games/{game_id}/stats``: a finished game's statistics."""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

from dominion.state import EDITIONS as RULES_EDITIONS

from .schemas import _ETAGS, ref


class StatsHeadersSchema(Schema):
    """Headers of `GET /api/games/{game_id}/stats`."""

    class Meta:
        unknown = EXCLUDE

    if_none_match = fields.String(data_key="If-None-Match", validate=_ETAGS, metadata={
        "description": "the `ETag` you hold: 304 without a body (a finished game's "
                       "statistics never change)",
        "example": '"v57-x"'})


class TurnStatsSchema(Schema):
    number = fields.Integer(required=True, metadata={
        "description": "the turn's number, counted over all seats from 1", "example": 7})
    seat = fields.Integer(required=True, metadata={"description": "whose turn it was",
                                                             "example": 0})
    coins = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the coins that player made in the turn, spent or not (`null` "
                       "for a game stored by an older server that cannot be replayed)",
        "example": 6})
    gains = fields.List(fields.List(fields.String()), required=True, metadata={
        "description": "by seat: the cards each player gained during the turn "
                       "(bought or otherwise, in the turn's order)",
        "example": [["Gold"], ["Curse"]]})
    vp = fields.List(fields.Integer(), required=True, metadata={
        "description": "by seat: each player's VP after the turn as everyone knew them "
                       "(a card passed with Masquerade counts with its giver until the "
                       "end); exact after the last turn",
        "example": [5, 2]})


class PlayerStatsSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    turns = fields.Integer(required=True, metadata={"description": "turns taken"})
    shuffles = fields.Integer(required=True, metadata={
        "description": "times the player shuffled its discard pile into a new deck during "
                       "the game (the starting deck's shuffle is not counted)", "example": 6})
    gained = fields.Integer(required=True, metadata={"description": "cards gained in all"})
    vp = fields.Integer(required=True, metadata={"description": "the final score"})
    cards = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                        metadata={"description": "the final deck: card -> copies, dearest "
                                                 "first",
                                                 "example": {"Province": 4, "Gold": 3, "Copper": 7}})


class GameStatsSchema(Schema):
    """A finished game's public figures, turn by turn."""

    id = fields.String(required=True)
    edition = fields.String(required=True, validate=validate.OneOf(RULES_EDITIONS))
    colony = fields.Boolean(required=True, metadata={
        "description": "Platinum and Colony were in the supply"})
    kingdom = fields.List(fields.String(), required=True)
    end_reason = fields.Raw(required=True, allow_none=True, metadata={
        "anyOf": [ref("EndReason"), {"type": "null"}]})
    turns = fields.List(fields.Nested(TurnStatsSchema), required=True, metadata={
        "description": "every turn of the game, in order"})
    players = fields.List(fields.Nested(PlayerStatsSchema), required=True, metadata={
        "description": "by seat"})

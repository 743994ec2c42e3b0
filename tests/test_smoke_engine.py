from helpers import answer, deck_top, play, position

from dominion import IllegalCommand


def test_smithy_draws_three():
    g = position(hand=["Smithy", "Copper"], deck=["Gold", "Silver", "Estate", "Duchy"])
    play(g, "Smithy")
    assert sorted(g.state.players[0].hand) == ["Copper", "Estate", "Gold", "Silver"]
    assert deck_top(g) == ["Duchy"]


def test_militia_suspends_for_victim_and_round_trips():
    g = position(hand=["Militia"], others={1: {"hand": ["Copper", "Copper", "Estate", "Gold", "Silver"]}})
    play(g, "Militia")
    assert g.pending is not None and g.pending.seat == 1 and g.pending.min == 2
    from dominion import Game

    again = Game.from_json(g.to_json())
    assert again == g
    assert again.pending == g.pending
    try:
        answer(g, ["Gold"])
        raise AssertionError("one card is too few")
    except IllegalCommand as e:
        assert e.code == "invalid_answer"
    answer(g, ["Copper", "Estate"])
    assert g.pending is None
    assert sorted(g.state.players[1].hand) == ["Copper", "Gold", "Silver"]
    assert g.state.turn.coins == 2

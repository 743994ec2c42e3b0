"""Golden games: seeded bot games whose every event is stored and must replay exactly.

Each file in ``tests/golden/`` holds one game: its setup (players, bots,
kingdom, seed), the log of every command with the events ``Game.apply``
returned for it (bots are agents, so decisions are answered inline), every
decision asked with its answer, the final result and the final stored state.
The seats are played by the shipped bots (``big-money``, ``smithy-big-money``,
``generic``) and by :class:`PlanBot`, a frozen bot defined here that buys
and plays the Attacks, Moat, Throne Room and Library the fixtures exist for.

Regenerate the files after an *intended* change of rules, events or the
shipped bots' play::

    python3 tests/test_golden.py --regenerate

and review the diff: any change to a golden file is a change of behaviour.

The tests replay each game three ways and demand identical output:

* bots as agents (how the files are made);
* a client: no agents, every decision suspends the command, the game is
  saved and loaded from JSON between requests, and the bot's ``decide``
  answers through ``Answer`` -- proving that suspension and replay are
  faithful;
* the stored log alone: commands and answers from the file, no bots.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

if __name__ == "__main__":  # pragma: no cover - the CLI needs the engine on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))

import pytest  # noqa: E402

from dominion import CARDS, Answer, Decision, Game, new_game  # noqa: E402
from dominion.bots import make_bot  # noqa: E402

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
MAX_STEPS = 20_000  # a bot game that needs more is broken

#: name -> setup. Kingdoms include Attacks, a Reaction, Throne Room and Library.
#: A bot named ``plan:A,B,...`` is :class:`PlanBot` buying A, B, ... (defined
#: here, so the cards the fixtures exercise do not hang on the shipped bots'
#: tastes); the other seats are the shipped bots.
GAMES: dict[str, dict[str, Any]] = {
    "two_players": {
        "bots": ["plan:Throne Room,Witch,Moat,Library,Village", "generic"],
        "kingdom": ["Cellar", "Chapel", "Moat", "Harbinger", "Village",
                    "Workshop", "Throne Room", "Library", "Witch", "Artisan"],
        "seed": 101,
    },
    "three_players": {
        "bots": ["smithy-big-money", "generic", "plan:Militia,Throne Room,Library,Moat,Spy"],
        "kingdom": ["Moat", "Bureaucrat", "Remodel", "Smithy", "Spy",
                    "Thief", "Throne Room", "Council Room", "Library", "Militia"],
        "seed": 202,
    },
    "four_players": {
        "bots": ["generic", "big-money", "plan:Bandit,Throne Room,Sentry,Moat,Vassal",
                 "smithy-big-money"],
        "kingdom": ["Moat", "Merchant", "Vassal", "Militia", "Poacher",
                    "Throne Room", "Bandit", "Sentry", "Witch", "Smithy"],
        "seed": 303,
    },
    "six_players": {
        "bots": ["generic", "plan:Throne Room,Feast,Library,Moneylender,Chancellor",
                 "big-money", "generic", "smithy-big-money",
                 "plan:Moat,Workshop,Laboratory,Adventurer,Militia"],
        "kingdom": ["Moat", "Chancellor", "Workshop", "Feast", "Militia",
                    "Moneylender", "Throne Room", "Laboratory", "Library", "Adventurer"],
        "seed": 606,
    },
    # Intrigue. A spec may name the edition whose rules the game plays
    # (default: the 2nd). Victory Dance is the 1st-edition rulebook's first game.
    "intrigue_two_players": {
        "bots": ["generic", "plan:Masquerade,Upgrade,Nobles,Bridge,Pawn"],
        "kingdom": ["Pawn", "Great Hall", "Masquerade", "Bridge", "Ironworks",
                    "Scout", "Upgrade", "Duke", "Nobles", "Harem"],
        "seed": 404,
        "edition": "1",
    },
    "intrigue_three_players": {
        "bots": ["generic", "plan:Torturer,Secret Chamber,Swindler,Wishing Well,Saboteur",
                 "big-money"],
        "kingdom": ["Secret Chamber", "Swindler", "Wishing Well", "Steward", "Coppersmith",
                    "Mining Village", "Conspirator", "Torturer", "Saboteur", "Tribute"],
        "seed": 707,
        "edition": "1",
    },
    # Underlings (2nd edition, seed 004): Minion, Diplomat, Courtier, Pawn, Nobles.
    "intrigue_four_players": {
        "bots": ["plan:Minion,Diplomat,Courtier,Pawn,Nobles", "generic", "big-money",
                 "generic"],
        "kingdom": ["Festival", "Library", "Sentry", "Cellar", "Vassal",
                    "Minion", "Diplomat", "Nobles", "Pawn", "Courtier"],
        "seed": 505,
    },
    # Deconstruction (2nd edition, seed 004): Swindler, Replace, Lurker, Diplomat.
    "intrigue_five_players": {
        "bots": ["generic", "plan:Swindler,Replace,Lurker,Diplomat,Harem", "big-money",
                 "generic", "plan:Diplomat,Throne Room,Bandit,Swindler"],
        "kingdom": ["Remodel", "Mine", "Village", "Bandit", "Throne Room",
                    "Diplomat", "Harem", "Lurker", "Replace", "Swindler"],
        "seed": 808,
    },
    # Prosperity. A spec may ask for Platinum and Colony ("colony": True).
    # Four players with Colony, every card from Prosperity: King's Court,
    # Watchtower (reacting to Mountebank's Curses), Vault's offer, Bishop's
    # other trash, Goons' VP tokens, Royal Seal, Talisman, the Trade Route mat.
    "prosperity_four_players": {
        "bots": ["plan:Vault,Watchtower,Bishop,King's Court,Mountebank", "generic",
                 "plan:Goons,Royal Seal,Trade Route,Talisman,Watchtower", "generic"],
        "kingdom": ["Bishop", "Goons", "King's Court", "Mountebank", "Royal Seal",
                    "Talisman", "Trade Route", "Vault", "Watchtower", "Worker's Village"],
        "seed": 903,
        "colony": True,
    },
    # The 1st edition's Mint (trashes the Treasures in play when bought),
    # Hoard (a Gold with each Victory card bought) and Quarry (cheaper
    # Actions while in play), with Contraband's named card.
    "prosperity_1e_three_players": {
        "bots": ["plan:Mint,Contraband,Hoard,Quarry,Expand", "generic",
                 "plan:Quarry,Contraband,Counting House,Venture,Loan"],
        "kingdom": ["Contraband", "Counting House", "Expand", "Hoard", "Loan",
                    "Mint", "Quarry", "Venture", "Militia", "Smithy"],
        "seed": 1001,
        "edition": "1",
    },
    # The 2nd edition's new cards: Clerk at the start of the turn, Charlatan's
    # Curse played as a Treasure, War Chest's and Crystal Ball's choices, Tiara.
    "prosperity_2e_three_players": {
        "bots": ["generic", "plan:Clerk,War Chest,Tiara,Crystal Ball,Magnate",
                 "plan:Charlatan,Investment,Anvil,Collection,Forge"],
        "kingdom": ["Anvil", "Charlatan", "Clerk", "Collection", "Crystal Ball",
                    "Forge", "Investment", "Magnate", "Tiara", "War Chest"],
        "seed": 1102,
    },
}

#: Card prompts PlanBot answers with the dearest card offered.
_DEAREST = ("reaction.reveal", "throne_room.play", "kings_court.play", "turn_start.play",
            "mint.reveal", "tiara.play")

#: Option prompts PlanBot answers with the first of these ids offered (a
#: Watchtower trashes a gained Curse or Copper first).
_OPTION_ORDER = {
    "watchtower.reveal": ("deck", "no"),
    "crystal_ball.choose": ("play", "keep"),
    "loan.choose": ("trash", "discard"),
    "investment.choose": ("vp", "coin"),
    "contraband.name": ("Province", "Gold"),
    "war_chest.name": ("Gold", "Silver"),
}

#: Cards PlanBot plays first: those that give Actions back, then Throne Room.
_PLAY_FIRST = ("Village", "Festival", "Laboratory", "Market", "Cellar", "Harbinger",
               "Merchant", "Poacher", "Sentry", "Spy", "Vassal", "Throne Room")


class PlanBot:
    """A plain, frozen bot for golden games: Big Money plus one copy of each
    card of its plan (bought in order, when affordable), with simple fixed
    answers. Its rules never change, unlike the shipped bots."""

    def __init__(self, plan: list[str]) -> None:
        self.plan = plan
        self.name = "plan:" + ",".join(plan)

    def command(self, game: Game, seat: int) -> Any:
        from dominion import Buy, EndPhase, Play, PlayTreasures
        from dominion.state import ACTION_PHASE

        st = game.state
        turn = st.turn
        player = st.players[seat]
        actions = [c for c in player.hand if CARDS[c].is_action]
        if turn.phase == ACTION_PHASE and turn.actions > 0 and actions:
            return Play(min(actions, key=_play_order))
        if not turn.bought and any(CARDS[c].is_treasure for c in player.hand):
            return PlayTreasures()
        if turn.buys > 0:
            owned = player.all_cards()
            wanted = [c for c in self.plan if c not in owned]
            for card in ["Province", *wanted[:1], "Gold", "Silver"]:
                if (st.supply.get(card, 0) > 0 and game.buy_cost(card) <= turn.coins
                        and game.buy_forbidden(seat, card) is None):
                    return Buy(card)
        return EndPhase()

    def decide(self, game: Game, d: Decision) -> Any:
        opts = list(d.options)
        if d.kind == "options":  # Pawn, Courtier: the first ids offered
            return opts[: d.min]
        if d.prompt == "reaction.reveal":  # each reaction once
            opts = [c for c in opts if c not in d.args.get("revealed", ())]
        if d.prompt in _OPTION_ORDER:  # Prosperity: the first of its preferences offered
            gained = d.args.get("gained", "")
            prefer = ["trash"] if gained in ("Curse", "Copper") else []
            return next(o for o in prefer + list(_OPTION_ORDER[d.prompt]) if o in opts)
        if d.kind == "option":
            return "yes" if "yes" in opts else opts[0]
        if d.kind == "supply":
            best = max(opts, key=lambda c: (CARDS[c].cost, c))
            return None if d.min == 0 and best == "Curse" else best
        if d.kind == "order":
            return sorted(opts, key=lambda c: (-CARDS[c].cost, c))
        # cards: reveal Moat, play the dearest Action, otherwise part with the
        # cheapest cards -- as few as allowed, but every Curse and Estate.
        if d.prompt in _DEAREST:
            return sorted(opts, key=lambda c: (-CARDS[c].cost, c))[:1]
        ranked = sorted(opts, key=lambda c: (CARDS[c].cost, c))
        junk = [c for c in ranked if c in ("Curse", "Estate")][: d.max]
        return junk if len(junk) >= d.min else ranked[: d.min]


def _play_order(card: str) -> tuple[int, int, str]:
    first = _PLAY_FIRST.index(card) if card in _PLAY_FIRST else len(_PLAY_FIRST)
    return (first, -CARDS[card].cost, card)


def make_player(name: str) -> Any:
    """A shipped bot by name, or a :class:`PlanBot` from ``plan:A,B,...``."""
    if name.startswith("plan:"):
        return PlanBot(name[len("plan:"):].split(","))
    return make_bot(name)


class _Recorder:
    """An agent that lets a bot decide and remembers every question and answer."""

    def __init__(self, bot: Any, asked: list[dict[str, Any]]) -> None:
        self.bot = bot
        self.asked = asked

    def decide(self, game: Game, decision: Decision) -> Any:
        answer = self.bot.decide(game, decision)
        self.asked.append({"decision": decision.to_dict(), "answer": answer})
        return answer


def _normal(data: Any) -> Any:
    """``data`` as it reads back from JSON (tuples become lists...)."""
    return json.loads(json.dumps(data))


def _finish(game: Game, record: dict[str, Any]) -> dict[str, Any]:
    record["result"] = game.result()
    record["final_state"] = game.to_dict()
    return _normal(record)


def play_with_agents(name: str) -> dict[str, Any]:
    """Play a golden game with the bots as agents; return its full record."""
    spec = GAMES[name]
    bots = [make_player(b) for b in spec["bots"]]
    asked: list[dict[str, Any]] = []
    agents = {seat: _Recorder(bot, asked) for seat, bot in enumerate(bots)}
    game = new_game(len(bots), spec["kingdom"], seed=spec["seed"], agents=agents,
                    edition=spec.get("edition", "2"), colony=spec.get("colony", False))
    log = []
    while not game.state.game_over:
        assert len(log) < MAX_STEPS, f"{name}: no end after {MAX_STEPS} commands"
        seat = game.state.turn.seat
        command = bots[seat].command(game, seat)
        events = game.apply(seat, command)
        assert game.pending is None
        log.append({"seat": seat, "command": command.to_dict(), "events": events})
    record = {"name": name, **spec, "log": log, "decisions": asked}
    return _finish(game, record)


def play_as_client(
    name: str, reload: bool = True, agent_seats: tuple[int, ...] = ()
) -> dict[str, Any]:
    """Play a golden game as clients would over the API.

    Seats in ``agent_seats`` keep their bot as an agent; every other seat's
    decisions suspend the command, and that seat's bot answers with
    ``Answer(bot.decide(...))``. With ``reload`` the game is saved to JSON and
    loaded again before every request. Events of a command and of the answers
    it needed are joined into one log entry, as with agents.
    """
    spec = GAMES[name]
    bots = [make_player(b) for b in spec["bots"]]
    log: list[dict[str, Any]] = []
    asked: list[dict[str, Any]] = []
    agents = {seat: _Recorder(bots[seat], asked) for seat in agent_seats}
    game = new_game(len(bots), spec["kingdom"], seed=spec["seed"], agents=agents,
                    edition=spec.get("edition", "2"), colony=spec.get("colony", False))
    while not game.state.game_over:
        assert len(log) < MAX_STEPS, f"{name}: no end after {MAX_STEPS} commands"
        if reload:
            game = Game.from_json(game.to_json(), agents)
        pending = game.pending
        if pending is None:
            seat = game.state.turn.seat
            command = bots[seat].command(game, seat)
            log.append({"seat": seat, "command": command.to_dict(),
                        "events": game.apply(seat, command)})
        else:
            assert pending.seat not in agent_seats
            answer = bots[pending.seat].decide(game, pending)
            asked.append({"decision": pending.to_dict(), "answer": answer})
            log[-1]["events"] += game.apply(pending.seat, Answer(answer))
    record = {"name": name, **spec, "log": log, "decisions": asked}
    return _finish(game, record)


def replay_log(stored: dict[str, Any]) -> dict[str, Any]:
    """Replay a stored record with no bots: its commands, then its answers
    whenever a decision is open (each must match the stored question)."""
    game = new_game(len(stored["bots"]), stored["kingdom"], seed=stored["seed"],
                    edition=stored.get("edition", "2"), colony=stored.get("colony", False))
    answers = iter(stored["decisions"])
    log = []
    asked = []
    for entry in stored["log"]:
        assert not game.state.game_over, "the stored log goes on after the end"
        events = game.apply(entry["seat"], entry["command"])
        while game.pending is not None:
            qa = next(answers)
            assert game.pending.to_dict() == qa["decision"]
            asked.append(qa)
            events += game.apply(game.pending.seat, {"type": "answer", "answer": qa["answer"]})
        log.append({"seat": entry["seat"], "command": entry["command"], "events": events})
    assert game.state.game_over, "the stored log stops before the end"
    fields = {k: stored[k] for k in ("name", "bots", "kingdom", "seed", "edition", "colony")
              if k in stored}
    return _finish(game, {**fields, "log": log, "decisions": asked})


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.json"


def dump(record: dict[str, Any]) -> str:
    """JSON text with one log entry (one command) per line, for readable diffs."""
    head = {k: v for k, v in record.items() if k not in ("log", "decisions")}
    lines = ["{"]
    for k, v in head.items():
        if k not in ("result", "final_state"):
            lines.append(f"{json.dumps(k)}: {json.dumps(v)},")
    for key in ("log", "decisions"):
        lines.append(f"{json.dumps(key)}: [")
        items = [json.dumps(e) for e in record[key]]
        lines += [item + ("," if i < len(items) - 1 else "") for i, item in enumerate(items)]
        lines.append("],")
    lines.append(f'"result": {json.dumps(record["result"])},')
    lines.append(f'"final_state": {json.dumps(record["final_state"])}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def load(name: str) -> dict[str, Any]:
    path = golden_path(name)
    assert path.exists(), f"{path} is missing; run python3 tests/test_golden.py --regenerate"
    return json.loads(path.read_text(encoding="utf-8"))


def _first_difference(got: dict[str, Any], want: dict[str, Any]) -> Optional[str]:
    """Where two records part, for a readable failure message."""
    for key in want:
        if key not in ("log", "decisions") and got.get(key) != want[key]:
            return f"{key} differs"
    for key in ("log", "decisions"):
        for i, (a, b) in enumerate(zip(got[key], want[key])):
            if a != b:
                return f"{key}[{i}]: got {json.dumps(a)[:600]}\n   want {json.dumps(b)[:600]}"
        if len(got[key]) != len(want[key]):
            return f"{key}: {len(got[key])} entries, golden file has {len(want[key])}"
    return None


def _assert_same(got: dict[str, Any], want: dict[str, Any]) -> None:
    if got != want:
        where = _first_difference(got, want) or "records differ"
        pytest.fail(
            f"{got['name']}: {where}\n(if rules, events or bots changed on purpose, "
            "run python3 tests/test_golden.py --regenerate and review the diff)",
            pytrace=False,
        )


# ----------------------------------------------------------------------
# Tests


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bots_as_agents_replay_the_golden_game(name: str) -> None:
    _assert_same(play_with_agents(name), load(name))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_client_answering_each_decision_replays_the_golden_game(name: str) -> None:
    _assert_same(play_as_client(name, reload=True), load(name))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_clients_mixed_with_agents_replay_the_golden_game(name: str) -> None:
    """Odd seats are bots on the server, even seats are clients: a command
    may mix inline answers and suspensions (Militia hitting both kinds)."""
    agent_seats = tuple(range(1, len(GAMES[name]["bots"]), 2))
    _assert_same(play_as_client(name, reload=True, agent_seats=agent_seats), load(name))


def test_a_client_without_reloads_gets_the_same_game() -> None:
    _assert_same(play_as_client("three_players", reload=False), load("three_players"))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_stored_commands_alone_replay_the_golden_game(name: str) -> None:
    stored = load(name)
    _assert_same(replay_log(stored), stored)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_file_matches_its_setup(name: str) -> None:
    stored = load(name)
    spec = GAMES[name]
    assert (stored["bots"], stored["kingdom"], stored["seed"]) == (
        spec["bots"], spec["kingdom"], spec["seed"])
    assert stored["final_state"]["state"]["edition"] == spec.get("edition", "2")
    supply = dict(stored["final_state"]["state"]["supply"])
    assert ("Colony" in supply) == ("Platinum" in supply) == spec.get("colony", False)
    assert len(stored["final_state"]["state"]["players"]) == len(spec["bots"])
    assert stored["final_state"]["state"]["game_over"] is True
    assert stored["result"]["end_reason"] in ("provinces", "colonies", "piles")
    assert stored["log"][-1]["events"][-1]["type"] == "game_over"
    # Decisions exist, so the client replays really suspend and resume.
    assert len(stored["decisions"]) >= 5


def test_a_changed_event_fails_the_comparison() -> None:
    stored = load("two_players")
    changed = json.loads(json.dumps(stored))
    changed["log"][5]["events"][0]["seat"] = 9
    with pytest.raises(pytest.fail.Exception, match=r"log\[5\]"):
        _assert_same(changed, stored)


def _coverage(names: list[str]) -> tuple[set[str], set[str], set[str], set[str]]:
    """Cards played, event types, decision prompts and reactions revealed in
    the golden games ``names``."""
    played: set[str] = set()
    kinds: set[str] = set()
    prompts: set[str] = set()
    reactions: set[str] = set()
    for name in names:
        stored = load(name)
        for entry in stored["log"]:
            for e in entry["events"]:
                kinds.add(e["type"])
                if e["type"] == "play":  # one card, or a batch of Treasures
                    played.update(e["cards"] if "cards" in e else [e["card"]])
                if e["type"] == "react":
                    reactions.add(e["card"])
        prompts |= {qa["decision"]["prompt"] for qa in stored["decisions"]}
    return played, kinds, prompts, reactions


def test_golden_games_cover_attacks_reactions_throne_room_and_library() -> None:
    """The fixtures exercise what they were chosen for; a bot change that stops
    playing these cards must come with new kingdoms or seeds."""
    played, kinds, prompts, _ = _coverage(list(GAMES))
    assert {"Throne Room", "Library", "Militia", "Witch", "Bandit", "Moat"} <= played
    assert {"react", "shuffle", "gain", "trash", "game_over"} <= kinds
    assert {"reaction.reveal", "militia.discard", "throne_room.play",
            "library.set_aside"} <= prompts
    assert {p["end_reason"] for p in (load(n)["result"] for n in GAMES)} <= {"provinces", "piles"}


def test_intrigue_golden_games_cover_the_interactive_cards() -> None:
    """The Intrigue fixtures (both editions, 2 to 5 players) really play the
    cards that ask other players or choose between options."""
    intrigue = [n for n in GAMES if n.startswith("intrigue_")]
    assert {len(GAMES[n]["bots"]) for n in intrigue} >= {2, 4}
    assert {GAMES[n].get("edition", "2") for n in intrigue} == {"1", "2"}
    played, kinds, prompts, reactions = _coverage(intrigue)
    assert {"Masquerade", "Minion", "Torturer", "Swindler", "Pawn", "Courtier", "Nobles",
            "Upgrade", "Wishing Well", "Lurker", "Replace", "Diplomat"} <= played
    assert {"masquerade.pass", "minion.choose", "torturer.choose", "swindler.gain",
            "pawn.choose", "courtier.choose", "nobles.choose", "wishing_well.name",
            "diplomat.discard", "secret_chamber.topdeck"} <= prompts
    assert {"Secret Chamber", "Diplomat"} <= reactions
    assert {"pass", "name"} <= kinds


def test_prosperity_golden_games_cover_the_interesting_cards() -> None:
    """The Prosperity fixtures (4 players with Colony, both editions) play
    the cards with hooks, reactions and other players' choices, and show
    VP tokens, the Trade Route mat and named cards."""
    prosperity = [n for n in GAMES if n.startswith("prosperity_")]
    assert any(GAMES[n].get("colony") and len(GAMES[n]["bots"]) >= 4 for n in prosperity)
    assert {GAMES[n].get("edition", "2") for n in prosperity} == {"1", "2"}
    assert any({"Mint", "Hoard", "Quarry"} <= set(GAMES[n]["kingdom"])
               for n in prosperity if GAMES[n].get("edition") == "1")
    played, kinds, prompts, reactions = _coverage(prosperity)
    assert {"King's Court", "Watchtower", "Trade Route", "Bishop", "Contraband", "Mint",
            "Vault", "Goons", "Talisman", "Royal Seal", "Hoard", "Quarry", "Mountebank",
            "Clerk", "Charlatan", "War Chest", "Crystal Ball", "Tiara", "Curse"} <= played
    assert {"kings_court.play", "watchtower.reveal", "trade_route.trash", "bishop.trash",
            "bishop.other_trash", "contraband.name", "mint.reveal", "vault.offer",
            "vault.other_discard", "goons.discard", "royal_seal.topdeck",
            "mountebank.discard_curse", "turn_start.play", "war_chest.name",
            "crystal_ball.choose", "tiara.play"} <= prompts
    assert {"Watchtower"} <= reactions
    assert {"vp", "trade_route", "name"} <= kinds
    colony_games = [load(n) for n in prosperity if GAMES[n].get("colony")]
    bought = {e["card"] for g in colony_games for entry in g["log"]
              for e in entry["events"] if e["type"] == "gain"}
    assert {"Platinum", "Colony"} <= bought


def regenerate() -> None:
    """Write every golden file from a fresh run with the bots as agents."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in sorted(GAMES):
        record = play_with_agents(name)
        golden_path(name).write_text(dump(record), encoding="utf-8")
        assert json.loads(dump(record)) == record
        print(f"{golden_path(name)}: {len(record['log'])} commands, "
              f"{len(record['decisions'])} decisions, result {record['result']}")


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit("usage: python3 tests/test_golden.py --regenerate")
    regenerate()

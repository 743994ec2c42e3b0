"""A seeded kingdom randomizer with constraints, and the Platinum/Colony rule.

All randomness comes from :class:`dominion.rng.Rng`, so the same parameters
and the same seed give the same kingdom (as long as the same cards are
implemented: the pool is every implemented kingdom card of the chosen sets
and editions, so it grows when new cards are registered).

Algorithm
---------
1. *Checks.* Parameters are validated and every constraint is checked on its
   own (enough cards, each requirement and cost band possible at all); a
   failure raises :class:`Unsatisfiable` naming the constraint.
2. *Sampling.* Up to ``max_attempts`` times: draw the missing cards uniformly
   from the pool (partial Fisher-Yates), apply the Reaction repair (an Attack
   without a Reaction gets a random Reaction swapped in for a random drawn
   non-Attack card), and accept the kingdom if it meets every constraint.
   Without the Reaction rule this is rejection sampling, i.e. uniform over
   all kingdoms that meet the constraints.
3. *Construction.* If no attempt succeeds (tight constraints), a seeded
   depth-first search builds the kingdom card by card, always serving the
   unmet need with the fewest candidates first, with a bounded node budget.
   If it proves there is no kingdom, the constraints are added back one at a
   time to name the first that makes the problem impossible.
4. *Best effort* (``strict=False``, what the API does). Instead of refusing,
   the randomizer keeps as much of the request as can be kept together and
   reports the rest as :class:`Unmet`: an included card wins over a ban;
   included cards beyond ``count`` are left out; banned cards come back
   (fewest possible, chosen at random) when too few cards are left; then the
   requirements, the cost bands (each lowered to the most cards it can have)
   and the Reaction rule are kept in that order while a kingdom still meets
   them all. A request that can be met in full gives the same kingdom in
   both modes.

Platinum/Colony (rules.md 1.3): used when every kingdom card is from
Prosperity, never when none is; otherwise one kingdom card is picked at
random and they are used if it is from Prosperity. The probability is the
share of Prosperity cards, reported as ``colony_odds``.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Optional

from .cards.card import CARDS, DRAW, PLUS_BUY, TRASHING, VILLAGE, Card
from .errors import DominionError
from .i18n import DECLARED
from .rng import Rng

#: Sets the randomizer can draw from.
SETS: tuple[str, ...] = ("base", "intrigue", "prosperity")
#: Editions of a set.
EDITIONS: tuple[str, ...] = ("1", "2")
#: Tags that ``require`` accepts (see :mod:`dominion.cards.card`).
REQUIREMENTS: tuple[str, ...] = (VILLAGE, PLUS_BUY, TRASHING, DRAW)
#: Default number of kingdom cards.
KINGDOM_SIZE = 10

_BAND = re.compile(r"^\s*(\d+)\s*(?:(\+)|-\s*(\d+))?\s*$")
_SEARCH_BUDGET = 20_000  # DFS nodes per search; real inputs need far fewer
_UNBAN_SALT = 0x6E6F_7462_616E  # seeds the choice of banned cards to bring back


class Unsatisfiable(DominionError):
    """The randomizer's parameters cannot give a kingdom.

    :param constraint: which constraint failed: ``sets``, ``editions``,
        ``count``, ``seed``, ``include``, ``ban``, ``pool``, ``require:<tag>``,
        ``cost:<band>``, ``reaction`` or ``search``.
    """

    code = "unsatisfiable"

    def __init__(self, constraint: str, message: str) -> None:
        super().__init__(message)
        self.constraint = constraint

    def to_dict(self) -> dict[str, str]:
        return {**super().to_dict(), "constraint": self.constraint}


@dataclass(frozen=True)
class Unmet:
    """A constraint that a best-effort kingdom (``strict=False``) does not meet.

    :param constraint: ``include``, ``ban``, ``require:<tag>``, ``cost:<band>``
        or ``reaction`` (the names of :class:`Unsatisfiable`).
    :param message: what was given up, in English.
    :param cards: the cards concerned: included cards left out, or banned
        cards used anyway.
    :param wanted: a cost band's minimum as asked.
    :param got: the most cards of that band a kingdom could have.
    """

    constraint: str
    message: str
    cards: tuple[str, ...] = ()
    wanted: Optional[int] = None
    got: Optional[int] = None

    def to_dict(self) -> dict:
        return {"constraint": self.constraint, "message": self.message,
                "cards": list(self.cards), "wanted": self.wanted, "got": self.got}


@dataclass(frozen=True)
class Kingdom:
    """A randomized kingdom.

    :param cards: kingdom card names, sorted alphabetically.
    :param colony: whether Platinum and Colony are used.
    :param colony_odds: share of Prosperity cards in the kingdom, i.e. the
        official probability of using Platinum/Colony (reported even when forced).
    :param colony_reason: ``all-prosperity``, ``no-prosperity``, ``random``
        (one random card decided) or ``forced``.
    :param seed: the seed that reproduces this kingdom.
    :param method: ``sampled`` or ``constructed`` (see the module docstring).
    :param unmet: the constraints given up (only with ``strict=False``).
    """

    cards: tuple[str, ...]
    colony: bool
    colony_odds: float
    colony_reason: str
    seed: int
    method: str = "sampled"
    sets: tuple[str, ...] = field(default=())
    unmet: tuple[Unmet, ...] = ()

    @property
    def as_text(self) -> str:
        """The cards as one comma-separated line of English names."""
        return ", ".join(self.cards)

    def to_dict(self) -> dict:
        return {
            "cards": list(self.cards),
            "colony": self.colony,
            "colony_odds": self.colony_odds,
            "colony_reason": self.colony_reason,
            "seed": self.seed,
            "method": self.method,
            "sets": list(self.sets),
            "as_text": self.as_text,
            "unmet": [u.to_dict() for u in self.unmet],
        }


def colony_odds(cards: Iterable[str]) -> float:
    """Share of Prosperity cards among ``cards`` (0.0 for an empty list)."""
    names = list(cards)
    if not names:
        return 0.0
    return sum(CARDS[n].set == "prosperity" for n in names) / len(names)


def decide_colony(
    cards: Iterable[str], rng: Rng, force: Optional[bool] = None
) -> tuple[bool, float, str]:
    """Apply the Platinum/Colony rule to a kingdom.

    Draws from ``rng`` only in the mixed case (one random card decides).

    :returns: (use them, official probability, reason).
    """
    names = list(cards)
    odds = colony_odds(names)
    if force is not None:
        return bool(force), odds, "forced"
    if odds == 1.0:
        return True, odds, "all-prosperity"
    if odds == 0.0:
        return False, odds, "no-prosperity"
    picked = names[rng.below(len(names))]
    return CARDS[picked].set == "prosperity", odds, "random"


@dataclass(frozen=True)
class _Band:
    label: str
    low: int
    high: Optional[int]  # None: no upper bound
    minimum: int

    def fits(self, card: Card) -> bool:
        return card.cost >= self.low and (self.high is None or card.cost <= self.high)


def _parse_bands(spread: Optional[Mapping[str, int]]) -> list[_Band]:
    bands = []
    for label, minimum in (spread or {}).items():
        m = _BAND.match(str(label))
        if not m or not isinstance(minimum, int) or isinstance(minimum, bool) or minimum < 0:
            raise Unsatisfiable(
                f"cost:{label}",
                f"bad cost band {label!r}: {minimum!r} (use e.g. {{'2-3': 2, '4': 2, '5+': 2}})",
            )
        low = int(m.group(1))
        high = None if m.group(2) else int(m.group(3) or low)  # high < low: empty
        if minimum:
            bands.append(_Band(str(label), low, high, minimum))
    return bands


def _names(values: Iterable[str], what: str) -> list[str]:
    if isinstance(values, str):
        values = [values]
    out: list[str] = []
    for v in values:
        if not isinstance(v, str):
            raise Unsatisfiable(what, f"{what}: card names must be strings, got {v!r}")
        if v not in out:
            out.append(v)
    return out


@dataclass
class _Problem:
    """Everything the search needs, with the constraints as separate parts."""

    count: int
    include: list[str]
    pool: list[str]  # candidates, sorted by name; no includes, no bans
    require: list[str]
    bands: list[_Band]
    reaction_if_attack: bool

    def reaction_pool(self) -> bool:
        return any(CARDS[n].is_reaction for n in self.pool + self.include)

    def needs(self, chosen: list[str]) -> list[tuple[str, int, list[str]]]:
        """Unmet constraints of a partial kingdom: (constraint, deficit, cards that help)."""
        cards = [CARDS[n] for n in chosen]
        unmet = []
        for tag in self.require:
            if not any(tag in c.tags for c in cards):
                unmet.append((f"require:{tag}", 1, [n for n in self.pool if tag in CARDS[n].tags]))
        for band in self.bands:
            have = sum(band.fits(c) for c in cards)
            if have < band.minimum:
                unmet.append((f"cost:{band.label}", band.minimum - have,
                              [n for n in self.pool if band.fits(CARDS[n])]))
        if (self.reaction_if_attack and any(c.is_attack for c in cards)
                and not any(c.is_reaction for c in cards) and self.reaction_pool()):
            unmet.append(("reaction", 1, [n for n in self.pool if CARDS[n].is_reaction]))
        return unmet

    def draw(self, rng: Rng) -> list[str]:
        """One sampling attempt: uniform draw, then the Reaction repair."""
        pool = list(self.pool)
        k = self.count - len(self.include)
        for i in range(k):  # partial Fisher-Yates: pool[:k] is a uniform sample
            j = i + rng.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        drawn, rest = pool[:k], pool[k:]
        chosen = self.include + drawn
        if (self.reaction_if_attack and any(CARDS[n].is_attack for n in chosen)
                and not any(CARDS[n].is_reaction for n in chosen)):
            reactions = [n for n in rest if CARDS[n].is_reaction]
            victims = [n for n in drawn if not CARDS[n].is_attack] or drawn
            if reactions and victims:
                out = victims[rng.below(len(victims))]
                drawn[drawn.index(out)] = reactions[rng.below(len(reactions))]
                chosen = self.include + drawn
        return chosen

    def _disjoint_groups(self) -> list[list[int]]:
        """Index sets of pairwise disjoint cost bands (their deficits add up)."""
        n = len(self.bands)

        def apart(a: _Band, b: _Band) -> bool:
            return ((a.high is not None and a.high < b.low)
                    or (b.high is not None and b.high < a.low))

        groups = []
        for mask in range(1, 1 << n):
            idx = [i for i in range(n) if mask >> i & 1]
            if all(apart(self.bands[i], self.bands[j]) for i in idx for j in idx if i < j):
                groups.append(idx)
        return groups

    def search(self, rng: Rng) -> Optional[list[str]]:
        """Seeded depth-first construction, branching on "take card" / "never take it".

        Prunes when a need has fewer available helpers than its deficit, or
        when the deficits of disjoint cost bands exceed the free slots.

        :returns: a kingdom, or ``None`` if none exists.
        :raises Unsatisfiable: (``search``) if the node budget runs out first.
        """
        order = list(self.pool)
        rng.shuffle(order)
        groups = self._disjoint_groups()
        budget = [_SEARCH_BUDGET]

        def extend(chosen: list[str], excluded: set[str]) -> Optional[list[str]]:
            budget[0] -= 1
            if budget[0] < 0:
                raise Unsatisfiable("search", "the constraints are too tight to search fully")
            free = self.count - len(chosen)
            open_ = [n for n in order if n not in excluded and n not in chosen]
            if len(open_) < free:
                return None
            unmet = self.needs(chosen)
            if free == 0:
                return chosen if not unmet else None
            helpers_left = []
            for _, deficit, helpers in unmet:
                left = [n for n in open_ if n in helpers]
                if deficit > min(free, len(left)):
                    return None
                helpers_left.append(left)
            deficits = {u[0]: u[1] for u in unmet}
            for group in groups:
                if sum(deficits.get(f"cost:{self.bands[i].label}", 0) for i in group) > free:
                    return None
            # Serve the need with the fewest helpers left, or fill freely.
            options = min(helpers_left, key=len) if unmet else open_
            banned = set(excluded)
            for name in options:
                found = extend(chosen + [name], banned)
                if found:
                    return found
                banned = banned | {name}  # later siblings never take it: no repeats
            return None

        return extend(list(self.include), set())

    def ok(self, chosen: list[str]) -> bool:
        return len(chosen) == self.count and not self.needs(chosen)


def _pool(sets: list[str], editions: list[str], banned: set[str], include: list[str]) -> list[str]:
    return sorted(
        c.name for c in CARDS.values()
        if not c.basic and c.set in sets and set(c.editions) & set(editions)
        and c.name not in banned and c.name not in include
    )


def randomize(
    seed: Optional[int] = None,
    sets: Iterable[str] = SETS,
    editions: Iterable[str | int] = EDITIONS,
    include: Iterable[str] = (),
    ban: Iterable[str] = (),
    count: int = KINGDOM_SIZE,
    require: Iterable[str] = (),
    reaction_if_attack: bool = False,
    cost_spread: Optional[Mapping[str, int]] = None,
    colony: Optional[bool] = None,
    max_attempts: int = 200,
    strict: bool = True,
) -> Kingdom:
    """Draw a random kingdom that meets the given constraints.

    :param seed: seed in 0..2**64-1; a random one when ``None`` (it is
        reported in the result so the kingdom can be reproduced).
    :param sets: sets to draw from (``base``, ``intrigue``, ``prosperity``).
    :param editions: editions to draw from (``1``, ``2`` or both); a card
        printed in any chosen edition is eligible.
    :param include: cards that must be in the kingdom (from any set).
    :param ban: cards that must not be (declared but unimplemented cards allowed).
    :param count: kingdom size.
    :param require: tags the kingdom must have at least one card of:
        ``village``, ``plus-buy``, ``trashing``, ``draw``.
    :param reaction_if_attack: if the kingdom has an Attack and the pool has
        a Reaction, the kingdom gets a Reaction.
    :param cost_spread: minimum number of cards per cost band, bands written
        ``"2-3"``, ``"4"`` or ``"5+"``.
    :param colony: force Platinum/Colony on (True) or off (False); ``None``
        applies the official rule.
    :param max_attempts: sampling attempts before the constructive search.
    :param strict: refuse constraints that no kingdom meets together; with
        ``False`` give the kingdom that meets the most of them and list the
        rest in :attr:`Kingdom.unmet` (step 4 of the module docstring).
    :raises Unsatisfiable: on malformed parameters or when the chosen sets
        have fewer than ``count`` cards, and when ``strict`` and no kingdom
        meets the constraints, naming the constraint (see :class:`Unsatisfiable`).
    """
    problem, seed, unmet = _problem(seed, sets, editions, include, ban, count, require,
                                    reaction_if_attack, cost_spread, strict)
    rng = Rng(seed)
    try:
        chosen, method = _solve(problem, rng, max_attempts)
    except Unsatisfiable:  # the search's budget ran out
        if strict:
            raise
        chosen = None
    if chosen is None:
        if strict:
            raise _explain(problem, rng)
        problem, given_up = _best_effort(problem, seed)
        unmet += given_up
        chosen, method = _solve(problem, rng, max_attempts)
        assert chosen is not None  # _best_effort kept only what a search met
    cards = tuple(sorted(chosen))
    use, odds, reason = decide_colony(cards, rng, colony)
    used_sets = tuple(s for s in SETS if any(CARDS[n].set == s for n in cards))
    return Kingdom(cards, use, odds, reason, seed, method, used_sets, tuple(unmet))


def _solve(problem: _Problem, rng: Rng, max_attempts: int) -> tuple[Optional[list[str]], str]:
    """Sampling, then the constructive search (steps 2 and 3).

    :raises Unsatisfiable: (``search``) if the search's node budget runs out.
    """
    for _ in range(max(0, max_attempts)):
        attempt = problem.draw(rng)
        if problem.ok(attempt):
            return attempt, "sampled"
    return problem.search(rng), "constructed"


def _problem(seed, sets, editions, include, ban, count, require, reaction_if_attack,
             cost_spread, strict=True) -> tuple[_Problem, int, list[Unmet]]:
    """Validate the parameters and check each constraint on its own.

    Malformed parameters always raise; a constraint that cannot be met raises
    only when ``strict``, and otherwise is relaxed and reported.
    """
    unmet: list[Unmet] = []

    def give_up(constraint: str, message: str, cards: Iterable[str] = ()) -> None:
        if strict:
            raise Unsatisfiable(constraint, message)
        unmet.append(Unmet(constraint, message, tuple(cards)))

    if seed is None:
        seed = secrets.randbits(64)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise Unsatisfiable("seed", "seed must be an integer in 0..2**64-1")
    sets = _names(sets, "sets")
    bad = [s for s in sets if s not in SETS]
    if bad or not sets:
        raise Unsatisfiable("sets", f"unknown or no sets {bad}; choose from {', '.join(SETS)}")
    editions = [str(e) for e in ([editions] if isinstance(editions, (str, int)) else editions)]
    if not editions or any(e not in EDITIONS for e in editions):
        raise Unsatisfiable("editions", f"editions must be among {', '.join(EDITIONS)}")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise Unsatisfiable("count", f"count must be a positive integer, not {count!r}")
    include = _names(include, "include")
    ban_list = _names(ban, "ban")
    require = _names(require, "require")
    for name in include:
        card = CARDS.get(name)
        if card is None:
            why = "is not implemented yet" if name in DECLARED else "is not a known card"
            raise Unsatisfiable("include", f"cannot include {name!r}: it {why}")
        if card.basic:
            raise Unsatisfiable("include", f"cannot include {name}: it is a basic card")
    for name in ban_list:
        if name not in CARDS and name not in DECLARED:
            raise Unsatisfiable("ban", f"cannot ban {name!r}: it is not a known card")
    for tag in require:
        if tag not in REQUIREMENTS:
            raise Unsatisfiable(f"require:{tag}",
                                f"unknown requirement {tag!r}; use {', '.join(REQUIREMENTS)}")
    both = [n for n in include if n in ban_list]
    if both:
        # Strict mode refuses under "include" (its name since the first release).
        give_up("include" if strict else "ban",
                f"cards both included and banned: {', '.join(both)} (included)", both)
        ban_list = [n for n in ban_list if n not in both]
    if len(include) > count:
        left_out = include[count:]
        give_up("include", f"{len(include)} cards included but the kingdom has only {count}; "
                           f"left out: {', '.join(left_out)}", left_out)
        include = include[:count]
    bands = []
    for band in _parse_bands(cost_spread):
        if band.high is not None and band.high < band.low:
            give_up(f"cost:{band.label}", f"empty cost band {band.label!r}")
        else:
            bands.append(band)
    pool = _pool(sets, editions, set(ban_list), include)
    if len(pool) + len(include) < count:
        waiting = sorted(s for s in sets if any(
            d.set == s and n not in CARDS for n, d in DECLARED.items()))
        hint = f" (some {', '.join(waiting)} cards are not implemented yet)" if waiting else ""
        message = (f"not enough cards: {len(pool)} in the pool after bans (+{len(include)} "
                   f"included), {count} needed{hint}")
        back = _pool(sets, editions, set(), include + pool)
        if strict or len(pool) + len(include) + len(back) < count:  # the sets are too small
            raise Unsatisfiable("pool", message)
        Rng(seed ^ _UNBAN_SALT).shuffle(back)  # its own stream: the draw's stays as it was
        back = sorted(back[: count - len(pool) - len(include)])
        unmet.append(Unmet("ban", f"{message}; banned cards used: {', '.join(back)}", tuple(back)))
        pool = sorted(pool + back)
    problem = _Problem(count, include, pool, require, bands, bool(reaction_if_attack))
    if not strict:
        return problem, seed, unmet  # what cannot be met shows in the search
    everything = [CARDS[n] for n in pool + include]
    for tag in require:
        if not any(tag in c.tags for c in everything):
            raise Unsatisfiable(f"require:{tag}", f"no card in the pool gives {tag}")
    for band in bands:
        fits = sum(band.fits(c) for c in everything)
        if fits < band.minimum:
            raise Unsatisfiable(
                f"cost:{band.label}",
                f"cost band {band.label} needs {band.minimum} cards, the pool has {fits}")
        if band.minimum > count:
            raise Unsatisfiable(
                f"cost:{band.label}",
                f"cost band {band.label} needs {band.minimum} cards, the kingdom has {count}")
    return problem, seed, unmet


def _best_effort(problem: _Problem, seed: int) -> tuple[_Problem, list[Unmet]]:
    """Keep the requirements, then the cost bands, then the Reaction rule, each
    while some kingdom still meets everything kept; a band is lowered to the
    most cards it can have.

    A constraint is kept only if a search (with its own seeded generator) finds
    a kingdom, so the returned problem is solvable.
    """

    def solvable(require: list[str], bands: list[_Band], reaction: bool = False) -> bool:
        trial = _Problem(problem.count, problem.include, problem.pool, require, bands, reaction)
        try:
            return trial.search(Rng(seed)) is not None
        except Unsatisfiable:  # budget ran out: treat as impossible
            return False

    unmet: list[Unmet] = []
    require: list[str] = []
    for tag in problem.require:
        if solvable(require + [tag], []):
            require.append(tag)
        else:
            unmet.append(Unmet(f"require:{tag}",
                               f"no kingdom of {problem.count} cards also has a {tag} card"))
    bands: list[_Band] = []
    for band in problem.bands:
        low, high = 0, min(band.minimum, problem.count)  # the most that fits: in low..high
        while low < high:  # a band that can have m cards can have fewer
            mid = (low + high + 1) // 2
            if solvable(require, bands + [replace(band, minimum=mid)]):
                low = mid
            else:
                high = mid - 1
        if low:
            bands.append(replace(band, minimum=low))
        if low < band.minimum:
            unmet.append(Unmet(
                f"cost:{band.label}",
                f"only {low} of the {band.minimum} cards costing {band.label} fit with the "
                f"other constraints", wanted=band.minimum, got=low))
    reaction = problem.reaction_if_attack and solvable(require, bands, True)
    if problem.reaction_if_attack and not reaction:
        unmet.append(Unmet("reaction", "no kingdom with these cards lets an Attack "
                                       "bring a Reaction"))
    return _Problem(problem.count, problem.include, problem.pool, require, bands,
                    reaction), unmet


def _explain(problem: _Problem, rng: Rng) -> Unsatisfiable:
    """Name the first constraint that, added to the ones before it, leaves no kingdom."""
    steps: list[tuple[str, dict]] = []
    for i in range(len(problem.require)):
        steps.append((f"require:{problem.require[i]}", {"require": problem.require[: i + 1]}))
    for i in range(len(problem.bands)):
        steps.append((f"cost:{problem.bands[i].label}",
                      {"require": problem.require, "bands": problem.bands[: i + 1]}))
    steps.append(("reaction", {"require": problem.require, "bands": problem.bands,
                               "reaction_if_attack": problem.reaction_if_attack}))
    for constraint, parts in steps:
        partial = _Problem(problem.count, problem.include, problem.pool,
                           parts.get("require", []), parts.get("bands", []),
                           parts.get("reaction_if_attack", False))
        if partial.search(Rng(rng.seed)) is None:
            return Unsatisfiable(
                constraint,
                f"no kingdom of {problem.count} cards meets {constraint} together with "
                f"the constraints before it (includes, requirements, cost bands)",
            )
    return Unsatisfiable("search", "no kingdom meets all constraints together")

"""Recognisers: what a kingdom offers, turned into candidate plans for the Hard bot.

Each recogniser looks at the kingdom (and whether Platinum/Colony are in
the game) and proposes plans (:class:`~dominion.bots.plans.Plan`) of one
archetype: Big Money with the best single terminals or an attack and a
draw card together, Gardens rushes and their contest, Duke slogs,
trasher-led thin decks, village/draw engines. (A cantrip-money template,
Gold then Labs/Markets/Peddlers, was dropped: against Medium it never
reached 50% on 30 random kingdoms, mean 33%, and only took tournament games
from the others.) Which of them is best *on this kingdom* the planner decides
by simulation (:mod:`dominion.bots.planning`); the recognisers only keep
the list short and sensible.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..cards.card import CARDS
from . import learned
from .generic import VILLAGE_KIND, is_terminal, kind
from .plans import MEDIUM, Plan, rule

#: Terminals worth building Big Money around, by strength in a money deck
#: (public simulation lore: cursers first, then strong draw and hand attacks).
BM_TERMINALS: dict[str, float] = {
    "Mountebank": 62, "Witch": 60, "Torturer": 56, "Goons": 54, "Masquerade": 53,
    "Courtyard": 52, "Rabble": 51, "Nobles": 50, "Smithy": 49, "Council Room": 48,
    "Library": 48, "Vault": 47, "Militia": 46, "Monument": 45, "Swindler": 44,
    "Patrol": 44, "Courtier": 43, "Envoy": 43, "Moat": 38, "Steward": 42,
    "Bandit": 40, "Charlatan": 55, "Clerk": 41, "Bishop": 39, "Moneylender": 37,
    "Baron": 36, "Bureaucrat": 36, "Tribute": 37, "Trade Route": 30, "Diplomat": 42,
    "Harbinger": 30, "Mint": 20, "Vassal": 32, "Replace": 38, "Trading Post": 34,
}

#: Second copies only for these (draw that likes a bigger deck, cursers, attacks).
TWO_COPIES = frozenset({
    "Mountebank", "Witch", "Torturer", "Goons", "Courtyard", "Rabble", "Smithy",
    "Council Room", "Library", "Vault", "Militia", "Monument", "Masquerade", "Nobles",
    "Charlatan", "Swindler", "Patrol", "Envoy", "Moat", "Clerk",
})

#: Terminals that give the opponents Curses.
CURSERS = frozenset({"Witch", "Mountebank", "Charlatan"})

#: Reactions a money deck takes one of against a curser, best first: Watchtower
#: trashes the Curse (and Mountebank's Copper) as it comes, Moat blocks it.
#: Against Medium on random kingdoms with a curser and one of them added (BM
#: with the curser, 30 kingdoms, 60 games each): Watchtower +5.5, +2.1, +5.5
#: points (seeds 31, 47, 59), Moat +3.4, +1.6 (seeds 31, 47).
CURSE_DEFENSES = ("Watchtower", "Moat")

#: Cards that draw (the engine's draw).
DRAW = ("Smithy", "Council Room", "Library", "Courtyard", "Torturer", "Masquerade",
        "Nobles", "Witch", "Patrol", "Rabble", "Vault", "Moat", "Envoy", "Wharf")

#: Draw for a thin deck, best first.
THIN_DRAW = ("Torturer", "Vault", "Library", "Council Room", "Smithy", "Courtyard", "Rabble",
             "Nobles", "Masquerade", "Patrol", "Envoy")

#: Trashers that thin a deck quickly (Chapel) or steadily.
TRASHERS = ("Chapel", "Masquerade", "Steward", "Trading Post", "Forge", "Bishop", "Sentry",
            "Moneylender")

#: Cheap gainers that make a Gardens rush.
GARDEN_GAINERS = ("Workshop", "Ironworks", "Woodcutter", "Bridge")


def _green(colony: bool, province_money: int) -> list:
    """The greening rules every money plan starts with."""
    if colony:
        return [rule("Colony"), rule("Platinum"),
                rule("Province", "gains <= 6"), rule("Duchy", "gains <= 5"),
                rule("Estate", "gains <= 2"), rule("Province", f"money >= {province_money + 8}")]
    return [rule("Province", f"money >= {province_money}"), rule("Duchy", "gains <= 4"),
            rule("Estate", "gains <= 2")]


def big_money(x: str, colony: bool, harem: bool = False, deny: Sequence[str] = (),
              defense: str = "") -> Plan:
    """Big Money with one terminal ``x`` (two copies for the strong ones).

    :param deny: alt-VP cards to split with an opponent who goes for them.
    :param defense: a reaction against the kingdom's curser (one of
        :data:`CURSE_DEFENSES`), one copy once the plan's terminal is in.
    """
    rules = _green(colony, 15)
    for d in deny:
        rules.append(rule(d, f"opp:{d} >= 1", f"deck:{d} < 5"))
    if x in CURSERS:
        # The curse split goes to who plays more cursers early: Medium takes
        # a second Witch over Gold, and won the split against one Witch.
        rules += [rule(x, f"deck:{x} < 1"), rule(x, f"deck:{x} < 2", "cards >= 11")]
    if CARDS[x].cost >= 6:
        # A $6 terminal (Goons, Nobles) is worth more than Gold: its first
        # copy before Gold, or the Gold rule would never let it be bought.
        rules.append(rule(x, f"deck:{x} < 1"))
    rules += [rule("Gold", "deck:Gold < 1")] if harem else [rule("Gold")]
    if harem:
        rules.append(rule("Harem"))
    rules += [rule("Duchy", "gains <= 5"), rule(x, f"deck:{x} < 1")]
    if defense:
        rules.append(rule(defense, f"deck:{defense} < 1"))
    if x in TWO_COPIES:
        rules.append(rule(x, f"deck:{x} < 2", "cards >= 13"))
    rules.append(rule("Silver"))
    name = f"BM {x}" + (" Harem" if harem else "") + "".join(f" deny {d}" for d in deny) \
        + (f" {defense}" if defense else "")
    return Plan(name, tuple(rules), prior=BM_TERMINALS.get(x, 30), tags=frozenset({"money"}))


def double_terminal(first: str, second: str, colony: bool) -> Plan:
    """Big Money with two different terminals, an attack and a draw card
    (Witch and Smithy, Courtyard and Militia): one of ``first`` early, one
    ``second`` once the deck has 11 cards, a second ``first`` at 15.

    Measured against Medium on random kingdoms, this beat the best single
    terminal plan on about a third of the kingdoms with both kinds.
    """
    rules = _green(colony, 15)
    rules += [rule(x, f"deck:{x} < 1") for x in (first, second) if CARDS[x].cost >= 6]
    if first in CURSERS:  # as in big_money: the second curser before Gold
        rules += [rule(first, f"deck:{first} < 1"),
                  rule(first, f"deck:{first} < 2", "cards >= 11")]
    rules += [rule("Gold"), rule("Duchy", "gains <= 5"),
              rule(first, f"deck:{first} < 1"),
              rule(second, f"deck:{second} < 1", "cards >= 11"),
              rule(first, f"deck:{first} < 2", "cards >= 15"),
              rule("Silver")]
    prior = (BM_TERMINALS.get(first, 30) + BM_TERMINALS.get(second, 30)) / 2
    return Plan(f"BM {first}/{second}", tuple(rules), prior=prior,
                tags=frozenset({"money"}))


def gardens_rush(gainer: str, threshold: int) -> Plan:
    """Gain cheap cards, then Gardens, Duchies and Estates: a pile-out rush."""
    rules = (
        rule("Province"),
        rule("Duchy", f"deck:{gainer} >= {threshold}"),
        rule("Gardens", f"deck:{gainer} >= {threshold}"),
        rule(gainer),
        rule("Gardens"),
        rule("Estate", "deck:Gardens >= 1"),
        rule("Silver"),
        rule("Copper"),
    )
    return Plan(f"{gainer} Gardens {threshold}", rules, trash_floor=99, prior=45,
                tags=frozenset({"gardens"}))


def duke_slog(helper: str) -> Plan:
    """Duchies and Dukes from $5 once the deck has money; a terminal helps."""
    rules = [rule("Province", "money >= 16"),
             rule("Duchy", "money >= 11"),
             rule("Duke", "money >= 11"),
             rule("Estate", "gains <= 2"),
             rule("Gold")]
    if helper:
        rules += [rule(helper, f"deck:{helper} < 2")]
    rules += [rule("Silver")]
    return Plan(f"Duke {helper}".strip(), tuple(rules), prior=44, tags=frozenset({"duke"}))


def trasher_money(trasher: str, payload: Sequence[str], colony: bool) -> Plan:
    """Open with a trasher, thin the deck, then Gold and strong $5s."""
    rules = _green(colony, 13)
    rules.append(rule("Gold"))
    for p in payload:
        # Terminals collide in a thin deck: two of each; cantrips up to four.
        most = 2 if is_terminal(p) else 4
        rules.append(rule(p, f"deck:{p} < {most}"))
    rules.append(rule(trasher, f"deck:{trasher} < 1", "turns <= 3"))
    rules.append(rule("Silver"))
    floor = 4 if trasher == "Chapel" else 5
    return Plan(f"{trasher} {'/'.join(payload)}".strip(), tuple(rules), trash_floor=floor,
                trash_estates=True, prior=43, tags=frozenset({"trash"}),
                trash_first=trasher if trasher == "Chapel" else "")


#: Non-terminal parts an engine buys at $5 (up to four): they draw or pay
#: without using an Action.
ENGINE_CANTRIPS = ("Laboratory", "Market", "Grand Market", "Peddler")

#: Cards that give +Buy without using an Action (a village or a cantrip):
#: with one of them an engine leaves Woodcutter, a terminal, out of its payload.
FREE_BUYS = frozenset({"Market", "Festival", "Worker's Village", "Grand Market"})


def engine(village: str, draw: str, payload: Sequence[str], trasher: str,
           colony: bool, kings_court: bool, cantrips: Sequence[str] = ()) -> Plan:
    """Villages and draw in balance, a payload, maybe a trasher to open.

    Gold comes first at $6-$7 (the engine's parts at $3-$5), and the
    Province waits for DominionSim total money 16 as in Big Money: an
    engine that greened at $8 from its second draw card, or bought its
    cantrips over Gold, kept a thin economy and lost the Province race (the
    first template lost 89% of its games against Medium). Its $3-$4 buys
    are Silvers until a draw card waits for a village; a terminal payload
    copy only with a village to spare for it (two Woodcutters with one
    Smithy and one Village collided every turn), but a curser's two copies
    before Gold. Its trasher keeps Medium's money floor ($7): at $5, with
    Woodcutter's +$2 counted as money, a Chapel engine trashed every Copper
    and stalled at $2-$3 a turn.
    """
    rules = []
    if colony:
        rules += [rule("Colony"), rule("Platinum", "deck:Platinum < 2"),
                  rule("Province", "gains <= 6")]
    else:
        rules.append(rule("Province", "money >= 16"))
    rules += [rule("Duchy", "gains <= 4"), rule("Estate", "gains <= 2")]
    if kings_court:
        rules.append(rule("King's Court", "deck:King's Court < 2", f"deck:{draw} >= 1"))
    for p in payload:
        if CARDS[p].cost >= 6:
            rules.append(rule(p, f"deck:{p} < 1", f"deck:{draw} >= 1"))
    for x in (draw, *payload):
        if x in CURSERS:  # as in big_money: the curse split goes to who curses first
            rules += [rule(x, f"deck:{x} < 1"), rule(x, f"deck:{x} < 2", "cards >= 11")]
    rules.append(rule("Gold"))
    rules.append(rule(draw, f"deck:{draw} < 1"))
    if trasher:
        rules.append(rule(trasher, f"deck:{trasher} < 1", "turns <= 2"))
    for c in cantrips:
        rules.append(rule(c, f"deck:{c} < 4"))
    rules.append(rule(draw, f"deck:{draw} <= deck:{village}", f"deck:{draw} < 5"))
    for p in payload:
        rules.append(rule(p, f"deck:{p} < 2", f"deck:{village} > deck:{p}"))
    rules.append(rule(village, f"deck:{village} < deck:{draw}"))
    rules.append(rule("Silver", "deck:Silver < 3"))
    rules.append(rule(village, f"deck:{village} <= deck:{draw}", f"deck:{village} < 6"))
    rules.append(rule("Silver"))
    name = f"Engine {village}/{draw}" + "".join(f"/{p}" for p in (*payload, *cantrips)) \
        + (f" {trasher}" if trasher else "")
    return Plan(name, tuple(rules), trash_estates=bool(trasher), prior=40,
                tags=frozenset({"engine"}), draw_first=(draw,))


def _ranked(cards: Iterable[str], table: dict[str, float]) -> list[str]:
    return sorted((c for c in cards if c in table), key=lambda c: (-table[c], c))


#: Most candidate plans tried per kingdom (the planning budget's size).
MOST_CANDIDATES = 10


def candidates(kingdom: Sequence[str], colony: bool) -> list[Plan]:
    """The plans worth trying on ``kingdom``: Medium first, then by archetype.

    At most :data:`MOST_CANDIDATES`, deterministic for a kingdom.
    """
    k = set(kingdom)
    out: list[Plan] = []
    terminals = _ranked(k, BM_TERMINALS)
    best = terminals[0] if terminals else "Smithy" if "Smithy" in k else ""
    deny = [c for c in ("Gardens", "Duke") if c in k]
    # Gardens: rush it, or contest it from a money deck.
    gainers = [g for g in GARDEN_GAINERS if g in k]
    if "Gardens" in k and gainers:
        # Ironworks gaining an Ironworks is a cantrip that gains again: that
        # rush takes the whole pile before Gardens (played out by
        # benchmarks/answers.py, then +3.8 ± 1.1 points against Medium on 50
        # such kingdoms); Workshop's is flat from 7 to 10.
        out.append(gardens_rush(gainers[0], 10 if gainers[0] == "Ironworks" else 7))
    if "Duke" in k:
        helper = next((t for t in terminals if t in ("Masquerade", "Courtyard", "Steward",
                                                     "Smithy", "Swindler")), "")
        out.append(duke_slog(helper))
    # Money with the best single terminals.
    harem = "Harem" in k
    # Against a curser, a money deck without one takes most of the Curses
    # (Big Money with Courtyard or Clerk won 0-12% on Witch kingdoms).
    cursed = bool(CURSERS & k)
    defense = next((d for d in CURSE_DEFENSES if d in k), "") if cursed else ""
    for x in [t for t in terminals if t in CURSERS or not cursed][:2]:
        out.append(big_money(x, colony, deny=deny, defense=defense))
    if harem and best:
        out.append(big_money(best, colony, harem=True))
    # Two terminals: the best attack and the best draw, the stronger first.
    attack = next((t for t in terminals if CARDS[t].is_attack), "")
    draw = next((t for t in terminals if t in DRAW and t != attack), "")
    if attack and draw:
        first, second = (attack, draw) if BM_TERMINALS[attack] >= BM_TERMINALS[draw] \
            else (draw, attack)
        out.append(double_terminal(first, second, colony))
    # Thin decks.
    trashers = [t for t in TRASHERS if t in k]
    fives = [c for c in _ranked(k, _FIVES) if c not in ("Chapel",)][:2]
    # Chapel thin decks, around big draw (Chapel with Torturer or Vault won
    # up to 97% against Medium with Colony) and around the best $5s. The
    # same template with a slower trasher (Masquerade, Steward, Sentry,
    # Trading Post, Moneylender, Bishop) averaged 43% on 48 kingdoms and
    # was often picked on a lucky tournament: not proposed.
    if "Chapel" in k:
        big_draw = [d for d in THIN_DRAW if d in k][:1]
        if big_draw:
            out.append(trasher_money("Chapel", big_draw, colony))
        out.append(trasher_money("Chapel", fives or ([best] if best else []), colony))
    villages = sorted((c for c in k if kind(c) == VILLAGE_KIND and c != "Nobles"),
                      key=lambda c: (-_VILLAGES.get(c, 1), c))
    draws = [d for d in DRAW if d in k]
    if villages and draws:
        payload = [p for p in ("Minion", "Goons", "Militia", "Witch", "Mountebank",
                               "Torturer", "Monument", "Bridge", "Woodcutter",
                               "Council Room") if p in k and p != draws[0]
                   and not (p == "Woodcutter" and FREE_BUYS & k)][:1]
        out.append(engine(villages[0], draws[0], payload, trashers[0] if trashers else "",
                          colony, "King's Court" in k,
                          [c for c in ENGINE_CANTRIPS if c in k]))
    if not terminals:
        out.append(big_money("Silver", colony))  # plain Big Money
    out += library_plans(k, colony)[:2]
    # Medium with the corrections learned offline (bots.learned): first in
    # line, for it beats Medium's own buys on most kingdoms that have them.
    tuned = learned.corrections(k, colony)
    if tuned:
        out.append(Plan("medium tuned", None, prior=70, tags=frozenset({"medium"}),
                        bias=tuned))
    # The tuned Medium with a kingdom card it undervalues here.
    for x in terminals[:2] + fives[:1]:
        if x in learned.raises(colony):
            continue  # the tuned Medium already wants it more
        most = 2 if x in TWO_COPIES or x not in BM_TERMINALS else 1
        rest = tuple(b for b in tuned if b[0] != x)
        out.append(Plan(f"medium +{x}", None, prior=41, tags=frozenset({"medium"}),
                        bias=rest + ((x, learned.RAISE_BY, most if x in BM_TERMINALS else 4),)))
    out.sort(key=lambda p: -p.prior)
    return [MEDIUM] + _unique(out)[: MOST_CANDIDATES - 1]


_LIBRARY: list[tuple[frozenset[str], bool, Plan]] = []


def library_plans(kingdom: set[str], colony: bool) -> list[Plan]:
    """Known strategies of the shipped bot files (the DominionSim format)
    whose cards are all in the kingdom: community wisdom as candidates."""
    if not _LIBRARY:
        from .dominionsim import STRATEGIES_DIR, load_strategies

        for path in sorted(STRATEGIES_DIR.glob("*.xml")):
            for strat in load_strategies(path).values():
                thin = "Chapel" in strat.required_cards()
                plan = Plan(f"lib {strat.name}", strat.rules, trash_floor=4 if thin else 7,
                            trash_estates=thin, prior=46, tags=frozenset({"library"}))
                _LIBRARY.append((frozenset(strat.required_cards()), strat.uses_colony(), plan))
    fits = [(need, p) for need, col, p in _LIBRARY if need <= kingdom and (colony or not col)]
    fits.sort(key=lambda np: (-len(np[0]), np[1].name))  # the most specific first
    return [p for _, p in fits]


def _unique(plans: list[Plan]) -> list[Plan]:
    seen: set[str] = set()
    out = []
    for p in plans:
        if p.name not in seen:
            seen.add(p.name)
            out.append(p)
    return out


#: Good $5 (and Gold-like) buys for a thin deck.
_FIVES: dict[str, float] = {
    "Laboratory": 50, "Market": 40, "Minion": 55, "Goons": 52, "Witch": 58,
    "Mountebank": 57, "Grand Market": 56, "Festival": 30, "Library": 42,
    "Council Room": 40, "Torturer": 50, "Wharf": 45, "Vault": 38, "Peddler": 35,
    "Rabble": 40, "Courtier": 35, "Patrol": 36, "Monument": 38,
}

#: Villages by how much they give.
_VILLAGES: dict[str, float] = {
    "Worker's Village": 5, "City": 4, "Festival": 3, "Village": 3, "Shanty Town": 2,
    "Mining Village": 3,
}


def describe(kingdom: Sequence[str]) -> set[str]:
    """The archetypes a kingdom supports (for tests and the benchmark's notes)."""
    return {t for p in candidates(kingdom, False) for t in p.tags}


__all__ = ["candidates", "describe", "CARDS"]

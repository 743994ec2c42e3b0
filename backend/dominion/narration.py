"""The event log in words: one sentence per rendered event, in English, Czech or Hungarian.

Sentences use the catalog's card names (:mod:`dominion.i18n`) and the CLDR
plural rules (:mod:`dominion.plurals`). English speaks to the viewer ("You
drew 5 cards."); Czech and Hungarian name every player in the third person,
so one verb form serves all. Card lists follow a colon ("Jana kupuje:
Vesnice."), which keeps card names in the form the catalog gives them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, cast

from .i18n import card_name, check_lang
from .plurals import plural

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Event

#: Per language: the verb phrase of each card-moving event, by ``type`` (or
#: ``type.variant``), and the other phrases sentences are built from.
_PHRASES: dict[str, dict[str, Any]] = {
    "cs": {
        "draw": "si dobírá", "look": "se dívá na", "reveal": "ukazuje", "discard": "odkládá",
        "trash": "zahazuje na smetiště", "trash_supply": "zahazuje ze zásoby na smetiště",
        "topdeck": "pokládá na dobírací balíček", "set_aside": "pokládá stranou",
        "play": "vykládá", "buy": "kupuje", "gain": "si bere", "gain_trash": "si bere ze smetiště",
        "to_hand": "do ruky", "to_deck": "na dobírací balíček",
        "react": "ukazuje reakci", "insert": "vkládá do dobíracího balíčku",
        "cards": {"one": "{n} kartu", "few": "{n} karty", "other": "{n} karet"},
        "cards_nom": {"one": "{n} karta", "few": "{n} karty", "other": "{n} karet"},
        "nothing": "nic",
        "player": "Hráč {n}",
        "turn": "Tah {number}: hraje {who}.",
        "shuffle": "{who} míchá odkládací balíček.",
        "deck_to_discard": "{who} přesouvá celý dobírací balíček ({cards}) na odkládací balíček.",
        "pass": "{who} předává hráči {to}",
        "name": "{who} jmenuje kartu ({by}): {card}.",
        "vp": {"one": "{who} získává {n} žeton VB (celkem {total}).",
               "few": "{who} získává {n} žetony VB (celkem {total}).",
               "other": "{who} získává {n} žetonů VB (celkem {total})."},
        "trade_route": "Žeton z balíčku {card} přechází na podložku ({route}); celkem {mat}.",
        "position_top": "navrch",
        "position": {"one": "pod {n} kartu", "few": "pod {n} karty", "other": "pod {n} karet"},
        "game_over": "Konec hry: {reason}.",
        "reason_provinces": "došly karty {card}",
        "reason_colonies": "došly karty {card}",
        "reason_piles": "vyprázdnilo se dost balíčků zásoby",
        "stand_in": "{by} předává místo hráče {who} botovi.",
        "take_back": "{who} přebírá své místo zpět od bota.",
        "undo": "{who} bere zpět svůj tah ({what}).",
        "undo_nothing": "{who} bere zpět svůj tah.",
    },
    "hu": {
        "draw": "húz", "look": "megnéz", "reveal": "felfed", "discard": "eldob",
        "trash": "kihajít", "trash_supply": "kihajít a kínálatból",
        "topdeck": "a paklija tetejére tesz", "set_aside": "félretesz",
        "play": "kijátszik", "buy": "megvesz", "gain": "megszerez",
        "gain_trash": "megszerez a szemétből",
        "to_hand": "a kezébe", "to_deck": "a paklija tetejére",
        "react": "reakcióként felfed", "insert": "a paklijába tesz",
        "cards": {"one": "{n} kártyát", "other": "{n} kártyát"},
        "cards_nom": {"one": "{n} kártya", "other": "{n} kártya"},
        "nothing": "semmit",
        "player": "{n}. játékos",
        "turn": "{number}. kör: {who} következik.",
        "shuffle": "{who} megkeveri a dobópakliját.",
        "deck_to_discard": "{who} a teljes pakliját ({cards}) a dobópaklijába teszi.",
        "pass": "{who} továbbad {to} játékosnak",
        "name": "{who} megnevez egy kártyát ({by}): {card}.",
        "vp": {"one": "{who} {n} GyP-jelzőt kap (összesen {total}).",
               "other": "{who} {n} GyP-jelzőt kap (összesen {total})."},
        "trade_route": "A(z) {card} pakli jelzője a(z) {route} táblára kerül (ott: {mat}).",
        "position_top": "legfelülre",
        "position": {"one": "{n} kártya alá", "other": "{n} kártya alá"},
        "game_over": "A játék véget ért: {reason}.",
        "reason_provinces": "elfogyott a(z) {card} pakli",
        "reason_colonies": "elfogyott a(z) {card} pakli",
        "reason_piles": "kiürült elég kínálatpakli",
        "stand_in": "{by} átadja {who} helyét egy botnak.",
        "take_back": "{who} visszaveszi a helyét a bottól.",
        "undo": "{who} visszavonja a lépését ({what}).",
        "undo_nothing": "{who} visszavonja a lépését.",
    },
}

_END_CARD = {"provinces": "Province", "colonies": "Colony"}


def undone_phrases(event: "Event", sentence: Callable[["Event"], str],
                   player: Callable[[Optional[int]], str]) -> str:
    """The moves of an ``undo`` event as verb phrases: "bought Silver; played Copper".

    Each undone event is told in the third person by ``sentence`` and loses its
    subject (``player`` of its seat) and full stop; a buy's own gain is not told
    again, as in the log.
    """
    parts: list[str] = []
    bought: Optional[str] = None
    for sub in event.get("undone", []):
        if sub.get("type") == "gain" and sub.get("card") == bought and not sub.get("source") \
                and sub.get("to") in (None, "discard"):
            bought = None
            continue
        bought = sub.get("card") if sub.get("type") == "buy" else None
        text = sentence({**sub, "seat": event.get("seat")}).rstrip(".")
        who = player(event.get("seat"))
        parts.append(text[len(who) + 1:] if who and text.startswith(who + " ") else text)
    return "; ".join(parts)


def describe(event: "Event", viewer: Optional[int], names: Optional[list[str]] = None,
             lang: str = "en") -> str:
    """One sentence in ``lang`` for an already rendered event (see :func:`dominion.views.render_event`).

    :raises UnsupportedLanguage: on an unknown language code.
    """
    check_lang(lang)
    if lang == "en":
        return _english(event, viewer, names)
    return _Sentence(event, viewer, names, lang).text()


class _Sentence:
    """The parts of one event's sentence in one language."""

    def __init__(self, event: "Event", viewer: Optional[int], names: Optional[list[str]],
                 lang: str) -> None:
        self.event, self.viewer, self.names, self.lang = event, viewer, names or [], lang
        self.words = _PHRASES[lang]

    def name(self, card: str) -> str:
        return card_name(card, self.lang)

    def player(self, seat: Optional[int]) -> str:
        if seat is None:
            return ""
        if seat < len(self.names):
            return self.names[seat]
        return self.words["player"].format(n=seat + 1)

    def count(self, n: int, key: str = "cards") -> str:
        return plural(self.lang, n, self.words[key]).format(n=n)

    def cards(self) -> str:
        """": A, B" for visible cards, " 3 karty" for hidden ones."""
        e = self.event
        if "cards" in e:
            return ": " + (", ".join(self.name(c) for c in e["cards"]) or self.words["nothing"])
        if e.get("card"):
            return ": " + self.name(e["card"])
        return " " + self.count(e.get("count", 0))

    def moved(self, *verbs: str) -> str:
        phrase = " ".join(self.words[v] for v in verbs)
        return f"{self.player(self.event.get('seat'))} {phrase}{self.cards()}."

    def text(self) -> str:
        e, w = self.event, self.words
        kind, who = e["type"], self.player(e.get("seat"))
        if kind == "trash" and e.get("source") == "supply":
            return self.moved("trash_supply")
        if kind == "gain":
            verbs = ["gain_trash" if e.get("source") == "trash" else "gain"]
            if e.get("to") in ("hand", "deck"):
                verbs.append(f"to_{e['to']}")
            return self.moved(*verbs)
        if kind == "insert":
            pos = e.get("position")
            where = w["position_top"] if pos == 0 else self.count(cast(int, pos), "position")
            return f"{who} {w['insert']} ({where}){self.cards()}."
        if kind == "pass":
            return w["pass"].format(who=who, to=self.player(e.get("receiver"))) + self.cards() + "."
        if kind in ("turn", "shuffle"):
            return w[kind].format(who=who, number=e.get("number"))
        if kind == "deck_to_discard":
            return w[kind].format(who=who, cards=self.count(e["count"], "cards_nom"))
        if kind == "name":
            return w[kind].format(who=who, by=self.name(e["by"]), card=self.name(e["card"]))
        if kind == "vp":
            return plural(self.lang, e["vp"], w["vp"]).format(who=who, n=e["vp"], total=e["total"])
        if kind == "trade_route":
            return w[kind].format(card=self.name(e["card"]), route=self.name("Trade Route"),
                                  mat=e["mat"])
        if kind in ("stand_in", "take_back"):
            return w[kind].format(who=who, by=self.player(e.get("by")))
        if kind == "undo":
            what = undone_phrases(e, lambda sub: _Sentence(sub, None, self.names, self.lang).text(),
                                  self.player)
            return w["undo" if what else "undo_nothing"].format(who=who, what=what)
        if kind == "game_over":
            card = _END_CARD.get(e["reason"])
            reason = w[f"reason_{e['reason']}"].format(card=self.name(card) if card else "")
            return w[kind].format(reason=reason)
        return self.moved(kind)


_VERBS = {
    "draw": "drew", "discard": "discarded", "trash": "trashed", "reveal": "revealed",
    "look": "looked at", "topdeck": "put onto their deck", "set_aside": "set aside",
}


def _cards_en(n: int) -> str:
    return plural("en", n, {"one": "{n} card", "other": "{n} cards"}).format(n=n)


def _seat_en(seat: Optional[int], names: Optional[list[str]]) -> str:
    """A seat's name in the third person."""
    if seat is None:
        return ""
    return names[seat] if names and seat < len(names) else f"Player {seat + 1}"


def _english(event: "Event", viewer: Optional[int], names: Optional[list[str]]) -> str:
    """The English sentence, in the second person for the viewer."""
    seat = event.get("seat")

    def player(s: Optional[int], you: str = "You") -> str:
        if s is None:
            return ""
        if s == viewer:
            return you
        return names[s] if names and s < len(names) else f"Player {s + 1}"

    who = player(seat)
    kind = event["type"]
    cards = (", ".join(event["cards"]) or "nothing") if "cards" in event \
        else _cards_en(event.get("count", 0))
    if kind in _VERBS and not (kind == "trash" and event.get("source") == "supply"):
        verb = _VERBS[kind]
        if kind == "topdeck" and seat == viewer:
            verb = "put onto your deck"
        return f"{who} {verb} {cards}."
    if kind == "play":
        return f"{who} played {event.get('card') or cards}."
    if kind == "buy":
        return f"{who} bought {event['card']}."
    if kind == "gain":
        where = {"hand": " to hand", "deck": " onto the deck"}.get(str(event.get("to")), "")
        source = " from the trash" if event.get("source") == "trash" else ""
        return f"{who} gained {event['card']}{source}{where}."
    if kind == "pass":
        return f"{who} passed {cards} to {player(event['receiver'], 'you')}."
    if kind == "name":
        return f"{who} named {event['card']} for {event['by']}."
    if kind == "vp":
        n = event["vp"]
        return f"{who} took {n} VP token{'' if n == 1 else 's'} ({event['total']} in all)."
    if kind == "trade_route":
        return f"The {event['card']} token moved to the Trade Route mat ({event['mat']} there)."
    if kind == "insert":
        return f"{who} put {cards} into the deck with {_cards_en(event['position'])} above it."
    if kind == "trash" and event.get("source") == "supply":
        return f"{who} trashed {cards} from the Supply."
    if kind == "react":
        return f"{who} revealed {event['card']} in reaction."
    if kind == "shuffle":
        return f"{who} shuffled."
    if kind == "deck_to_discard":
        return f"{who} put their deck ({_cards_en(event['count'])}) into the discard pile."
    if kind == "turn":
        whose = "your" if seat == viewer else f"{who}'s"
        return f"Turn {event['number']}: {whose} turn."
    if kind == "game_over":
        return f"The game is over ({event['reason']})."
    if kind == "stand_in":
        return f"{player(event.get('by'))} let a bot play for {player(seat, 'you')}."
    if kind == "take_back":
        return f"{who} took the seat back from the bot."
    if kind == "undo":
        # The undone moves told in the third person (viewer None), then stripped of it.
        what = undone_phrases(event, lambda sub: _english(sub, None, names),
                              lambda s: _seat_en(s, names))
        return f"{who} took back: {what}." if what else f"{who} took back a move."
    return f"{who} {kind}."

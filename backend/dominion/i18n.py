"""The text catalog: card names, rules texts and type names in every language.

English is the language of the card definitions (:attr:`Card.text`, the card
names are the identifiers). Czech and Hungarian live in one data file per
language, ``locales/cs.json`` and ``locales/hu.json``:

- ``cards``: English name -> ``name`` (display name), ``text`` (the rules
  text; ``text_1e`` where the 1st edition plays differently), and
  ``unofficial: true`` where no seed gives the name, so the name is our own
  translation and easy to find when an official one turns up. Names come from
  the rulebook seeds (Czech 000-003, Hungarian 004) as ``cards.json``
  collected them; texts are the project's own, in the seeds' terminology.
- ``types``: card type -> its name in the language.

``tests/test_locales.py`` checks that every card has every text in every
language and that each translation carries the English text's numbers.

:data:`DECLARED` lists all 107 cards of the three supported sets (Base,
Intrigue, Prosperity; 1st and 2nd editions), so that recommended kingdoms and
ban lists can name any of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from .cards.card import CARDS, Card
from .errors import DominionError, UnknownCard
from .state import EDITIONS

#: Language codes with a catalog. English names are the card identifiers.
SUPPORTED_LANGS: tuple[str, ...] = ("en", "cs", "hu")

#: Order of sets and card types in catalogs.
SET_ORDER: tuple[str, ...] = ("base", "intrigue", "prosperity")
_TYPE_ORDER = ("Action", "Treasure", "Victory", "Curse", "Attack", "Reaction")


class UnsupportedLanguage(DominionError):
    """A language code outside :data:`SUPPORTED_LANGS`."""

    code = "unsupported_language"


class DeclaredCard(NamedTuple):
    """A card of a supported set as the reference describes it."""

    set: str
    editions: tuple[str, ...]


# The Hungarian set "Alattvalók" (Underlings, seed 004) names Csatlós,
# Udvarhölgy and Udvaronc, which are Courtier, Minion and Pawn in an order the
# seed does not state (rules.md 7.5, 8.2). We read them by meaning, as
# presets.py does: udvaronc is literally "courtier" -> Courtier; csatlós is a
# henchman or retainer -> Minion; so udvarhölgy ("lady-in-waiting") -> Pawn by
# elimination. All three names are the seed's; only their pairing is ours.
# English name -> (set, editions): the reference list of the three sets.
_TABLE: dict[str, tuple[str, tuple[str, ...]]] = {
    # base, basic cards
    "Copper": ("base", ("1", "2")),
    "Silver": ("base", ("1", "2")),
    "Gold": ("base", ("1", "2")),
    "Estate": ("base", ("1", "2")),
    "Duchy": ("base", ("1", "2")),
    "Province": ("base", ("1", "2")),
    "Curse": ("base", ("1", "2")),
    # prosperity, basic cards
    "Platinum": ("prosperity", ("1", "2")),
    "Colony": ("prosperity", ("1", "2")),
    # base, kingdom cards
    "Adventurer": ("base", ("1",)),
    "Artisan": ("base", ("2",)),
    "Bandit": ("base", ("2",)),
    "Bureaucrat": ("base", ("1", "2")),
    "Cellar": ("base", ("1", "2")),
    "Chancellor": ("base", ("1",)),
    "Chapel": ("base", ("1", "2")),
    "Council Room": ("base", ("1", "2")),
    "Feast": ("base", ("1",)),
    "Festival": ("base", ("1", "2")),
    "Gardens": ("base", ("1", "2")),
    "Harbinger": ("base", ("2",)),
    "Laboratory": ("base", ("1", "2")),
    "Library": ("base", ("1", "2")),
    "Market": ("base", ("1", "2")),
    "Merchant": ("base", ("2",)),
    "Militia": ("base", ("1", "2")),
    "Mine": ("base", ("1", "2")),
    "Moat": ("base", ("1", "2")),
    "Moneylender": ("base", ("1", "2")),
    "Poacher": ("base", ("2",)),
    "Remodel": ("base", ("1", "2")),
    "Sentry": ("base", ("2",)),
    "Smithy": ("base", ("1", "2")),
    "Spy": ("base", ("1",)),
    "Thief": ("base", ("1",)),
    "Throne Room": ("base", ("1", "2")),
    "Vassal": ("base", ("2",)),
    "Village": ("base", ("1", "2")),
    "Witch": ("base", ("1", "2")),
    "Woodcutter": ("base", ("1",)),
    "Workshop": ("base", ("1", "2")),
    # intrigue, kingdom cards
    "Baron": ("intrigue", ("1", "2")),
    "Bridge": ("intrigue", ("1", "2")),
    "Conspirator": ("intrigue", ("1", "2")),
    "Coppersmith": ("intrigue", ("1",)),
    "Courtier": ("intrigue", ("2",)),
    "Courtyard": ("intrigue", ("1", "2")),
    "Diplomat": ("intrigue", ("2",)),
    "Duke": ("intrigue", ("1", "2")),
    "Great Hall": ("intrigue", ("1",)),
    "Harem": ("intrigue", ("1", "2")),
    "Ironworks": ("intrigue", ("1", "2")),
    "Lurker": ("intrigue", ("2",)),
    "Masquerade": ("intrigue", ("1", "2")),
    "Mill": ("intrigue", ("2",)),
    "Mining Village": ("intrigue", ("1", "2")),
    "Minion": ("intrigue", ("1", "2")),
    "Nobles": ("intrigue", ("1", "2")),
    "Patrol": ("intrigue", ("2",)),
    "Pawn": ("intrigue", ("1", "2")),
    "Replace": ("intrigue", ("2",)),
    "Saboteur": ("intrigue", ("1",)),
    "Scout": ("intrigue", ("1",)),
    "Secret Chamber": ("intrigue", ("1",)),
    "Secret Passage": ("intrigue", ("2",)),
    "Shanty Town": ("intrigue", ("1", "2")),
    "Steward": ("intrigue", ("1", "2")),
    "Swindler": ("intrigue", ("1", "2")),
    "Torturer": ("intrigue", ("1", "2")),
    "Trading Post": ("intrigue", ("1", "2")),
    "Tribute": ("intrigue", ("1",)),
    "Upgrade": ("intrigue", ("1", "2")),
    "Wishing Well": ("intrigue", ("1", "2")),
    # prosperity, kingdom cards
    "Anvil": ("prosperity", ("2",)),
    "Bank": ("prosperity", ("1", "2")),
    "Bishop": ("prosperity", ("1", "2")),
    "Charlatan": ("prosperity", ("2",)),
    "City": ("prosperity", ("1", "2")),
    "Clerk": ("prosperity", ("2",)),
    "Collection": ("prosperity", ("2",)),
    "Contraband": ("prosperity", ("1",)),
    "Counting House": ("prosperity", ("1",)),
    "Crystal Ball": ("prosperity", ("2",)),
    "Expand": ("prosperity", ("1", "2")),
    "Forge": ("prosperity", ("1", "2")),
    "Goons": ("prosperity", ("1",)),
    "Grand Market": ("prosperity", ("1", "2")),
    "Hoard": ("prosperity", ("1", "2")),
    "Investment": ("prosperity", ("2",)),
    "King's Court": ("prosperity", ("1", "2")),
    "Loan": ("prosperity", ("1",)),
    "Magnate": ("prosperity", ("2",)),
    "Mint": ("prosperity", ("1", "2")),
    "Monument": ("prosperity", ("1", "2")),
    "Mountebank": ("prosperity", ("1",)),
    "Peddler": ("prosperity", ("1", "2")),
    "Quarry": ("prosperity", ("1", "2")),
    "Rabble": ("prosperity", ("1", "2")),
    "Royal Seal": ("prosperity", ("1",)),
    "Talisman": ("prosperity", ("1",)),
    "Tiara": ("prosperity", ("2",)),
    "Trade Route": ("prosperity", ("1",)),
    "Vault": ("prosperity", ("1", "2")),
    "Venture": ("prosperity", ("1",)),
    "War Chest": ("prosperity", ("2",)),
    "Watchtower": ("prosperity", ("1", "2")),
    "Worker's Village": ("prosperity", ("1", "2")),
}

#: Every card of the supported sets, by English name.
DECLARED: dict[str, DeclaredCard] = {
    name: DeclaredCard(set_, editions) for name, (set_, editions) in _TABLE.items()
}


def _load(lang: str) -> dict[str, Any]:
    path = Path(__file__).with_name("locales") / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


#: language -> its catalog (English has none: it is the cards' own).
_LOCALES: dict[str, dict[str, Any]] = {lang: _load(lang) for lang in SUPPORTED_LANGS[1:]}

# Misspellings found in the seeds (rules.md 10, D-S7; 7.2 "zahrada"), accepted
# by :func:`english_name` so that seed lists can be looked up verbatim.
_ALIASES: dict[str, dict[str, str]] = {
    "cs": {"zahrada": "Gardens"},
    "hu": {
        "Polgárórség": "Militia",
        "Polgárország": "Militia",
        "Várak": "Moat",
        "Várarak": "Moat",
        "Hírvívő": "Harbinger",
        "Kovácműhely": "Smithy",
        "Tanácssterem": "Council Room",
    },
}


def check_lang(lang: str) -> str:
    """Return ``lang`` if it is supported.

    :raises UnsupportedLanguage: otherwise.
    """
    if lang not in SUPPORTED_LANGS:
        raise UnsupportedLanguage(
            f"unsupported language {lang!r}; use one of {', '.join(SUPPORTED_LANGS)}"
        )
    return lang


def _entry(name: str, lang: str) -> dict[str, Any]:
    """The catalog entry of ``name`` in ``lang`` (empty for English or an unlisted card)."""
    if lang == "en":
        return {}
    return _LOCALES[lang]["cards"].get(name, {})


def card_name(name: str, lang: str = "en") -> str:
    """The display name of the card ``name`` (English) in ``lang``.

    A card outside the catalogs (one registered by a test, say) keeps its
    English name.

    :raises UnsupportedLanguage: on an unknown language code.
    :raises UnknownCard: if ``name`` is neither declared nor registered.
    """
    check_lang(lang)
    if name not in DECLARED and name not in CARDS:
        raise UnknownCard(f"unknown card {name!r}")
    return _entry(name, lang).get("name") or name


def is_unofficial(name: str, lang: str) -> bool:
    """Whether the name of ``name`` in ``lang`` is ours rather than a seed's.

    True where no rulebook seed names the card in ``lang``, so the catalog
    gives our own translation (or, for a card outside the catalog, the
    English name). English names are the published ones.

    :raises UnsupportedLanguage: on an unknown language code.
    """
    check_lang(lang)
    if lang == "en":
        return False
    entry = _entry(name, lang)
    return bool(entry.get("unofficial", not entry))


def card_text(name: str, lang: str = "en", edition: str = "2") -> str:
    """The rules text of ``name`` in ``lang`` that a game of ``edition`` plays.

    :raises UnsupportedLanguage: on an unknown language code.
    :raises UnknownCard: if no card ``name`` is registered.
    """
    check_lang(lang)
    card = CARDS.get(name)
    if card is None:
        raise UnknownCard(f"unknown card {name!r}")
    entry = _entry(name, lang)
    if edition == "1" and card.text_1e:
        return entry.get("text_1e") or card.text_1e
    return entry.get("text") or card.text


def type_name(type_: str, lang: str = "en") -> str:
    """The name of the card type ``type_`` (``Action``...) in ``lang``.

    :raises UnsupportedLanguage: on an unknown language code.
    """
    check_lang(lang)
    if lang == "en":
        return type_
    return _LOCALES[lang]["types"].get(type_, type_)


def card_names(lang: str = "en") -> dict[str, str]:
    """English name -> display name in ``lang`` for every declared card.

    :raises UnsupportedLanguage: on an unknown language code.
    """
    return {name: card_name(name, lang) for name in DECLARED}


def english_name(local: str, lang: str | None = None) -> str:
    """The English name of a card given its name in ``lang`` (any case).

    With ``lang=None`` every supported language is tried, English first.
    Known misspellings from the seeds are accepted.

    :raises UnsupportedLanguage: on an unknown language code.
    :raises UnknownCard: if no card has that name.
    """
    langs = SUPPORTED_LANGS if lang is None else (check_lang(lang),)
    key = local.strip().casefold()
    for code in langs:
        for name in DECLARED:
            if card_name(name, code).casefold() == key:
                return name
        for alias, name in _ALIASES.get(code, {}).items():
            if alias.casefold() == key:
                return name
    raise UnknownCard(f"no card is called {local!r}")


def _types(card: Card) -> list[str]:
    known = [t for t in _TYPE_ORDER if t in card.types]
    return known + sorted(card.types - set(_TYPE_ORDER))


def _set_rank(set_: str) -> int:
    return SET_ORDER.index(set_) if set_ in SET_ORDER else len(SET_ORDER)


def catalog(lang: str = "en") -> list[dict]:
    """Every implemented card (those in :data:`dominion.CARDS`), in ``lang``.

    Each entry: ``name`` (English identifier), ``local_name`` (in ``lang``),
    ``unofficial`` (``local_name`` is our translation, no seed gives one, see
    :func:`is_unofficial`), ``set``, ``editions``, ``cost``, ``types``
    (identifiers) and ``type_names`` (in ``lang``), ``text`` (the rules text
    in ``lang``, 2nd edition), ``texts`` (edition -> the text a game of that
    edition plays; the two differ only for cards changed functionally,
    rules.md 9), ``basic`` and ``tags``. Sorted by set, basic cards first,
    then by cost and name.

    :raises UnsupportedLanguage: on an unknown language code.
    """
    check_lang(lang)
    cards = sorted(
        CARDS.values(), key=lambda c: (_set_rank(c.set), not c.basic, c.cost, c.name)
    )
    out = []
    for c in cards:
        types = _types(c)
        texts = {e: card_text(c.name, lang, e) for e in EDITIONS}
        out.append({
            "name": c.name,
            "local_name": card_name(c.name, lang),
            "unofficial": is_unofficial(c.name, lang),
            "set": c.set,
            "editions": list(c.editions),
            "cost": c.cost,
            "types": types,
            "type_names": [type_name(t, lang) for t in types],
            "text": texts["2"],
            "texts": texts,
            "basic": c.basic,
            "tags": sorted(c.tags),
        })
    return out

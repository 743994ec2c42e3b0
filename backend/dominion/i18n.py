"""Localized card names (Czech, Hungarian) and a localized card catalog.

The names come from the rulebook seeds, as collected in the project's card
reference (``cards.json`` fields ``cs``/``hu``). They are copied into this
module so that the product never reads the reference at runtime. Where a seed
names no translation the English name is used, and :func:`is_unofficial` (the
catalog's ``unofficial``) says so: we add no name that no seed gives.

:data:`DECLARED` lists all 107 cards of the three supported sets (Base,
Intrigue, Prosperity; 1st and 2nd editions), implemented or not, so that
recommended kingdoms and ban lists can name cards that are not playable yet.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from .cards.card import CARDS, Card
from .errors import DominionError, UnknownCard
from .state import EDITIONS

#: Language codes with a name table. English names are the card identifiers.
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
    cs: Optional[str]  # seed spelling (Czech seeds write names lower-case)
    hu: Optional[str]


# English name -> (set, editions, Czech name, Hungarian name), as in the seeds.
# Czech names are kept lower-case here, exactly as the seeds write them, and
# capitalized for display by :func:`card_name`.
# The Hungarian set "Alattvalók" (Underlings, seed 004) names Csatlós,
# Udvarhölgy and Udvaronc, which are Courtier, Minion and Pawn in an order the
# seed does not state (rules.md 7.5, 8.2). We read them by meaning, as
# presets.py does: udvaronc is literally "courtier" -> Courtier; csatlós is a
# henchman or retainer -> Minion; so udvarhölgy ("lady-in-waiting") -> Pawn by
# elimination. All three names are the seed's; only their pairing is ours.
_TABLE: dict[str, tuple[str, tuple[str, ...], Optional[str], Optional[str]]] = {
    # base, basic cards
    "Copper": ("base", ("1", "2"), "měďák", "Réz"),
    "Silver": ("base", ("1", "2"), "stříbrňák", "Ezüst"),
    "Gold": ("base", ("1", "2"), "zlaťák", "Arany"),
    "Estate": ("base", ("1", "2"), "statek", "Birtok"),
    "Duchy": ("base", ("1", "2"), "vévodství", "Hercegség"),
    "Province": ("base", ("1", "2"), "provincie", "Tartomány"),
    "Curse": ("base", ("1", "2"), "kletba", "Átok"),
    # prosperity, basic cards
    "Platinum": ("prosperity", ("1", "2"), "platina", None),
    "Colony": ("prosperity", ("1", "2"), "kolonie", None),
    # base, kingdom cards
    "Adventurer": ("base", ("1",), "dobrodruh", None),
    "Artisan": ("base", ("2",), None, "Kézműves"),
    "Bandit": ("base", ("2",), None, "Rabló"),
    "Bureaucrat": ("base", ("1", "2"), "úředník", "Hivatalnok"),
    "Cellar": ("base", ("1", "2"), "sklepení", "Pince"),
    "Chancellor": ("base", ("1",), "kancléř", None),
    "Chapel": ("base", ("1", "2"), "kaple", "Kápolna"),
    "Council Room": ("base", ("1", "2"), "zasedání rady", "Tanácsterem"),
    "Feast": ("base", ("1",), "hostina", None),
    "Festival": ("base", ("1", "2"), "jarmark", "Fesztivál"),
    "Gardens": ("base", ("1", "2"), "zahrady", "Park"),
    "Harbinger": ("base", ("2",), None, "Hírvivő"),
    "Laboratory": ("base", ("1", "2"), "laboratoř", "Laboratórium"),
    "Library": ("base", ("1", "2"), "knihovna", "Könyvtár"),
    "Market": ("base", ("1", "2"), "trh", "Piac"),
    "Merchant": ("base", ("2",), None, "Kereskedő"),
    "Militia": ("base", ("1", "2"), "milice", "Polgárőrség"),
    "Mine": ("base", ("1", "2"), "důl", "Bánya"),
    "Moat": ("base", ("1", "2"), "hradní příkop", "Várárok"),
    "Moneylender": ("base", ("1", "2"), "lichvář", "Uzsorás"),
    "Poacher": ("base", ("2",), None, "Vadorzó"),
    "Remodel": ("base", ("1", "2"), "přestavba", "Átalakítás"),
    "Sentry": ("base", ("2",), None, "Őrszem"),
    "Smithy": ("base", ("1", "2"), "kovárna", "Kovácsműhely"),
    "Spy": ("base", ("1",), "špion", None),
    "Thief": ("base", ("1",), "zloděj", None),
    "Throne Room": ("base", ("1", "2"), "trůnní sál", "Trónterem"),
    "Vassal": ("base", ("2",), None, "Vazallus"),
    "Village": ("base", ("1", "2"), "vesnice", "Falu"),
    "Witch": ("base", ("1", "2"), "čarodějnice", "Boszorkány"),
    "Woodcutter": ("base", ("1",), "dřevorubec", None),
    "Workshop": ("base", ("1", "2"), "dílna", "Műhely"),
    # intrigue, kingdom cards
    "Baron": ("intrigue", ("1", "2"), "baron", None),
    "Bridge": ("intrigue", ("1", "2"), "most", "Híd"),
    "Conspirator": ("intrigue", ("1", "2"), None, None),
    "Coppersmith": ("intrigue", ("1",), "měditepec", None),
    "Courtier": ("intrigue", ("2",), None, "Udvaronc"),
    "Courtyard": ("intrigue", ("1", "2"), "hradní nádvoří", None),
    "Diplomat": ("intrigue", ("2",), None, "Diplomata"),
    "Duke": ("intrigue", ("1", "2"), "vévoda", None),
    "Great Hall": ("intrigue", ("1",), "velký sál", None),
    "Harem": ("intrigue", ("1", "2"), "harém", "Hárem"),
    "Ironworks": ("intrigue", ("1", "2"), "hutě", None),
    "Lurker": ("intrigue", ("2",), None, "Settenkedő"),
    "Masquerade": ("intrigue", ("1", "2"), "maškary", None),
    "Mill": ("intrigue", ("2",), None, "Malom"),
    "Mining Village": ("intrigue", ("1", "2"), "důlní osada", "Bányászfalu"),
    "Minion": ("intrigue", ("1", "2"), "služebník", "Csatlós"),
    "Nobles": ("intrigue", ("1", "2"), "šlechtici", "Nemesek"),
    "Patrol": ("intrigue", ("2",), None, "Őrjárat"),
    "Pawn": ("intrigue", ("1", "2"), "pěšák", "Udvarhölgy"),
    "Replace": ("intrigue", ("2",), None, "Leváltás"),
    "Saboteur": ("intrigue", ("1",), None, None),
    "Scout": ("intrigue", ("1",), "zvěd", None),
    "Secret Chamber": ("intrigue", ("1",), "tajemná komnata", None),
    "Secret Passage": ("intrigue", ("2",), None, None),
    "Shanty Town": ("intrigue", ("1", "2"), "chudinská čtvrť", "Nyomornegyed"),
    "Steward": ("intrigue", ("1", "2"), "správce", None),
    "Swindler": ("intrigue", ("1", "2"), "podvodník", "Szélhámos"),
    "Torturer": ("intrigue", ("1", "2"), "žalářník", None),
    "Trading Post": ("intrigue", ("1", "2"), None, None),
    "Tribute": ("intrigue", ("1",), "dar poddaných", None),
    "Upgrade": ("intrigue", ("1", "2"), "pokrok", None),
    "Wishing Well": ("intrigue", ("1", "2"), "studna přání", None),
    # prosperity, kingdom cards
    "Anvil": ("prosperity", ("2",), None, None),
    "Bank": ("prosperity", ("1", "2"), "banka", "Bank"),
    "Bishop": ("prosperity", ("1", "2"), "biskup", None),
    "Charlatan": ("prosperity", ("2",), None, None),
    "City": ("prosperity", ("1", "2"), "město", None),
    "Clerk": ("prosperity", ("2",), None, None),
    "Collection": ("prosperity", ("2",), None, None),
    "Contraband": ("prosperity", ("1",), "kontraband", "Csempészaru"),
    "Counting House": ("prosperity", ("1",), "zastavárna", "Könyvelés"),
    "Crystal Ball": ("prosperity", ("2",), None, None),
    "Expand": ("prosperity", ("1", "2"), "růst", "Bővítés"),
    "Forge": ("prosperity", ("1", "2"), "kování", None),
    "Goons": ("prosperity", ("1",), "hrdlořez", "Bűnözők"),
    "Grand Market": ("prosperity", ("1", "2"), "velký trh", "Nagypiac"),
    "Hoard": ("prosperity", ("1", "2"), "bohatství", "Felhalmozás"),
    "Investment": ("prosperity", ("2",), None, None),
    "King's Court": ("prosperity", ("1", "2"), "královský dvůr", "Királyi udvar"),
    "Loan": ("prosperity", ("1",), "půjčka", None),
    "Magnate": ("prosperity", ("2",), None, None),
    "Mint": ("prosperity", ("1", "2"), "mincovna", "Pénzverde"),
    "Monument": ("prosperity", ("1", "2"), "památník", "Emlékmű"),
    "Mountebank": ("prosperity", ("1",), "mastičkář", "Sarlatán"),
    "Peddler": ("prosperity", ("1", "2"), "podomní obchodník", None),
    "Quarry": ("prosperity", ("1", "2"), "kamenolom", None),
    "Rabble": ("prosperity", ("1", "2"), "dav", "Tombolás"),
    "Royal Seal": ("prosperity", ("1",), "královská pečeť", "Királyi pecsét"),
    "Talisman": ("prosperity", ("1",), "talisman", None),
    "Tiara": ("prosperity", ("2",), None, None),
    "Trade Route": ("prosperity", ("1",), "obchodní stezka", None),
    "Vault": ("prosperity", ("1", "2"), "trezor", "Páncélterem"),
    "Venture": ("prosperity", ("1",), "odvážlivec", "Kockázat"),
    "War Chest": ("prosperity", ("2",), None, None),
    "Watchtower": ("prosperity", ("1", "2"), "strážní věž", None),
    "Worker's Village": ("prosperity", ("1", "2"), "dělnická čtvrť", None),
}

#: Every card of the supported sets, implemented or not, by English name.
DECLARED: dict[str, DeclaredCard] = {
    name: DeclaredCard(set_, editions, cs, hu)
    for name, (set_, editions, cs, hu) in _TABLE.items()
}

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


def _display(local: str) -> str:
    """Capitalize the first letter only, as a Czech or Hungarian title would."""
    return local[:1].upper() + local[1:]


def check_lang(lang: str) -> str:
    """Return ``lang`` if it is supported.

    :raises UnsupportedLanguage: otherwise.
    """
    if lang not in SUPPORTED_LANGS:
        raise UnsupportedLanguage(
            f"unsupported language {lang!r}; use one of {', '.join(SUPPORTED_LANGS)}"
        )
    return lang


def card_name(name: str, lang: str = "en") -> str:
    """The display name of the card ``name`` (English) in ``lang``.

    Falls back to the English name where the seeds give no translation, and
    for registered cards outside the reference table.

    :raises UnsupportedLanguage: on an unknown language code.
    :raises UnknownCard: if ``name`` is neither declared nor registered.
    """
    check_lang(lang)
    declared = DECLARED.get(name)
    if declared is None:
        if name in CARDS:
            return name
        raise UnknownCard(f"unknown card {name!r}")
    if lang == "en":
        return name
    local = declared.cs if lang == "cs" else declared.hu
    return _display(local) if local else name


def is_unofficial(name: str, lang: str) -> bool:
    """Whether the display name of ``name`` in ``lang`` is a stand-in.

    True when no seed gives the card a name in ``lang``, so :func:`card_name`
    shows the English one instead: we add a translation only from a seed
    (rules.md 8), never a guessed or unchecked one. English names are the
    published ones.

    :raises UnsupportedLanguage: on an unknown language code.
    """
    check_lang(lang)
    if lang == "en":
        return False
    declared = DECLARED.get(name)
    local = None if declared is None else (declared.cs if lang == "cs" else declared.hu)
    return local is None


def card_names(lang: str = "en") -> dict[str, str]:
    """English name -> display name in ``lang`` for every declared card.

    :raises UnsupportedLanguage: on an unknown language code.
    """
    return {name: card_name(name, lang) for name in DECLARED}


def english_name(local: str, lang: Optional[str] = None) -> str:
    """The English name of a card given its name in ``lang`` (any case).

    With ``lang=None`` every supported language is tried, English first.
    Untranslated cards are found by their English name in every language,
    and known misspellings from the seeds are accepted.

    :raises UnsupportedLanguage: on an unknown language code.
    :raises UnknownCard: if no card has that name.
    """
    langs = SUPPORTED_LANGS if lang is None else (check_lang(lang),)
    key = local.strip().casefold()
    for code in langs:
        for name, declared in DECLARED.items():
            own = name if code == "en" else (declared.cs if code == "cs" else declared.hu)
            # A card shown under its English name (no translation) is found by it too.
            if (own or name).casefold() == key:
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
    """Every implemented card (those in :data:`dominion.CARDS`), localized.

    Each entry: ``name`` (English identifier), ``local_name`` (in ``lang``),
    ``unofficial`` (``local_name`` is the English name standing in for a
    translation no seed gives, see :func:`is_unofficial`), ``set``,
    ``editions``, ``cost``, ``types``, ``text`` (our English rules text, 2nd
    edition), ``texts`` (edition -> the text a game of that edition plays;
    the two differ only for cards changed functionally, rules.md 9),
    ``basic`` and ``tags``. Sorted by set, basic cards first, then by cost
    and name.

    :raises UnsupportedLanguage: on an unknown language code.
    """
    check_lang(lang)
    cards = sorted(
        CARDS.values(), key=lambda c: (_set_rank(c.set), not c.basic, c.cost, c.name)
    )
    return [
        {
            "name": c.name,
            "local_name": card_name(c.name, lang),
            "unofficial": is_unofficial(c.name, lang),
            "set": c.set,
            "editions": list(c.editions),
            "cost": c.cost,
            "types": _types(c),
            "text": c.text,
            "texts": {e: c.text_for(e) for e in EDITIONS},
            "basic": c.basic,
            "tags": sorted(c.tags),
        }
        for c in cards
    ]

"""Recommended kingdoms named in the rulebooks (seeds), with their local names.

Every recommended 10-card kingdom of rules.md section 7 for the supported sets
(Base, Intrigue, Prosperity) is listed, whether or not its cards are
implemented yet; :attr:`Preset.available` tells which ones can be played now.
The kingdoms that need other expansions (Seaside, Alchemy, ...) are left out.

Several English names are used twice, once for a 1st-edition Base kingdom
(Czech seeds) and once for a 2nd-edition Base kingdom (Hungarian seed): First
Game, Size Distortion, Biggest Money, The King's Army, The Good Life. Each
preset therefore also has a unique ``key``; the 1st-edition one is suffixed
``-1e`` and the 2nd-edition one ``-2e`` (by the Base edition it uses).

Each preset also carries the rules ``edition`` of its rulebook: the Czech seeds
000-003 are 1st-edition rulebooks, the Hungarian seed 004 is a 2nd-edition
one. A game made from a preset plays that edition's texts unless told
otherwise (cards whose text changed functionally, rules.md section 9).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards.card import CARDS
from .errors import InvalidSetup

#: Order in which a preset lists its sets.
_SET_ORDER = ("base", "intrigue", "prosperity")


@dataclass(frozen=True)
class Preset:
    """A named 10-card kingdom from a rulebook.

    :param name: English name (not unique, see the module docstring).
    :param cards: the ten kingdom cards, English names.
    :param sets: the sets the cards come from.
    :param names: language code -> name in the seed's language.
    :param our_names: language code -> our translation, for the languages
        the seeds give no name in.
    :param key: unique identifier, e.g. ``first-game-1e``.
    :param source: ids of the seeds that list this kingdom.
    :param edition: rules edition of the rulebook (``"1"`` or ``"2"``), the
        default edition of a game made from this preset.
    """

    name: str
    cards: tuple[str, ...]
    sets: tuple[str, ...]
    names: dict[str, str] = field(default_factory=dict)
    key: str = ""
    source: tuple[str, ...] = ()
    edition: str = "2"
    our_names: dict[str, str] = field(default_factory=dict)

    @property
    def available(self) -> bool:
        """True when every card is implemented (computed now, so it follows registration)."""
        return all(c in CARDS for c in self.cards)

    def missing(self) -> list[str]:
        """The cards of this preset that are not implemented yet."""
        return [c for c in self.cards if c not in CARDS]

    def local_name(self, lang: str) -> str:
        """The preset's name in ``lang``: the seed's, else ours, else the English one."""
        return self.names.get(lang) or self.our_names.get(lang) or self.name

    def kingdom(self) -> list[str]:
        """The cards, ready for :func:`dominion.new_game`.

        :raises InvalidSetup: if some card is not implemented yet.
        """
        missing = self.missing()
        if missing:
            raise InvalidSetup(
                f"preset {self.name!r} needs cards that are not available yet: "
                + ", ".join(missing)
            )
        return list(self.cards)

    def to_dict(self) -> dict:
        """Plain-data form (for JSON)."""
        return {
            "key": self.key,
            "name": self.name,
            "names": {"en": self.name, **self.our_names, **self.names},
            "names_unofficial": sorted(set(self.our_names) - set(self.names)),
            "cards": list(self.cards),
            "sets": list(self.sets),
            "source": list(self.source),
            "edition": self.edition,
            "available": self.available,
        }


#: Rules edition of each seed's rulebook: the Czech ones (000-003) are 1st
#: edition, the Hungarian one (004) is 2nd edition.
SEED_EDITIONS: dict[str, str] = {"000": "1", "001": "1", "002": "1", "003": "1", "004": "2"}


def _p(key: str, name: str, local: dict[str, str], source: tuple[str, ...],
       sets: tuple[str, ...], cards: str) -> Preset:
    """A preset with its seed names (``local``) and our names for the other languages."""
    editions = {SEED_EDITIONS[s] for s in source}
    assert len(editions) == 1, f"{key}: its seeds disagree on the edition"
    return Preset(
        name,
        tuple(c.strip() for c in cards.split(",")),
        tuple(s for s in _SET_ORDER if s in sets),
        local,
        key,
        source,
        editions.pop(),
        {lang: n for lang, n in _OUR_NAMES[key].items() if lang not in local},
    )


_B, _I, _P = "base", "intrigue", "prosperity"

# Our translations of each preset's name into the languages its seed does not
# speak (Czech seeds name Czech kingdoms, the Hungarian seed Hungarian ones).
_OUR_NAMES: dict[str, dict[str, str]] = {
    "first-game-1e": {"hu": "Első játék"},
    "big-money": {"hu": "Nagy pénz"},
    "interaction": {"hu": "Kölcsönhatás"},
    "size-distortion-1e": {"hu": "Mérettorzítás"},
    "village-square": {"hu": "Főtér"},
    "beginners": {"hu": "Kezdőknek"},
    "friendly-interactive": {"hu": "Barátságos kölcsönhatás"},
    "big-actions": {"hu": "Nagy akciók"},
    "biggest-money-1e": {"hu": "A legtöbb pénz"},
    "kings-army-1e": {"hu": "A király serege"},
    "good-life-1e": {"hu": "Jó élet"},
    "paths-to-victory": {"hu": "Utak a győzelemhez"},
    "all-along-the-watchtower": {"hu": "Az őrtornyok mentén"},
    "lucky-seven": {"hu": "Szerencsés hetes"},
    "victory-dance": {"hu": "Győzelmi tánc"},
    "first-game-2e": {"cs": "První hra"},
    "size-distortion-2e": {"cs": "Změna velikosti"},
    "deck-top": {"cs": "Vršek balíčku"},
    "sleight-of-hand": {"cs": "Zručnost"},
    "improvements": {"cs": "Vylepšení"},
    "silver-and-gold": {"cs": "Stříbro a zlato"},
    "underlings": {"cs": "Poddaní"},
    "grand-scheme": {"cs": "Velký plán"},
    "deconstruction": {"cs": "Demolice"},
    "biggest-money-2e": {"cs": "Hromada peněz"},
    "kings-army-2e": {"cs": "Královské vojsko"},
    "good-life-2e": {"cs": "Dobrý život"},
}

#: Every recommended kingdom, in seed order (000/001, 002, 003, 004).
PRESETS: list[Preset] = [
    # Seeds 000 and 001: Czech Base 1st edition.
    _p("first-game-1e", "First Game", {"cs": "První hra"}, ("000", "001"), (_B,),
       "Cellar, Market, Militia, Mine, Moat, Remodel, Smithy, Village, Woodcutter, Workshop"),
    _p("big-money", "Big Money", {"cs": "Velké peníze"}, ("001",), (_B,),
       "Adventurer, Mine, Feast, Chancellor, Chapel, Laboratory, Moneylender, Market, "
       "Throne Room, Bureaucrat"),
    _p("interaction", "Interaction", {"cs": "Interakce"}, ("001",), (_B,),
       "Moat, Festival, Chancellor, Library, Militia, Spy, Bureaucrat, Village, "
       "Council Room, Thief"),
    _p("size-distortion-1e", "Size Distortion", {"cs": "Změna velikosti"}, ("001",), (_B,),
       "Witch, Workshop, Woodcutter, Feast, Chapel, Laboratory, Cellar, Village, Gardens, Thief"),
    _p("village-square", "Village Square", {"cs": "Náves"}, ("001",), (_B,),
       "Woodcutter, Festival, Library, Smithy, Remodel, Cellar, Market, Throne Room, "
       "Bureaucrat, Village"),
    # Seed 002: Czech Prosperity 1st edition (its Base cards are 1st edition).
    _p("beginners", "Beginners", {"cs": "Začátečník"}, ("002",), (_P,),
       "Bank, Rabble, Worker's Village, Goons, Royal Seal, Venture, Monument, Expand, "
       "Watchtower, Counting House"),
    _p("friendly-interactive", "Friendly Interactive", {"cs": "Přátelská interakce"},
       ("002",), (_P,),
       "Bishop, Worker's Village, Contraband, Forge, Royal Seal, City, Trade Route, Peddler, "
       "Hoard, Vault"),
    _p("big-actions", "Big Actions", {"cs": "Velká akce"}, ("002",), (_P,),
       "Rabble, Quarry, King's Court, City, Mint, Loan, Expand, Vault, Talisman, Grand Market"),
    _p("biggest-money-1e", "Biggest Money", {"cs": "Hromada peněz"}, ("002",), (_B, _P),
       "Bank, Royal Seal, Mint, Venture, Grand Market, Adventurer, Mine, Laboratory, "
       "Moneylender, Spy"),
    _p("kings-army-1e", "The King's Army", {"cs": "Královské vojsko"}, ("002",), (_B, _P),
       "Rabble, Goons, King's Court, Expand, Vault, Moat, Spy, Bureaucrat, Village, "
       "Council Room"),
    _p("good-life-1e", "The Good Life", {"cs": "Dobrý život"}, ("002",), (_B, _P),
       "Contraband, Mountebank, Monument, Hoard, Counting House, Chancellor, Cellar, "
       "Bureaucrat, Village, Gardens"),
    _p("paths-to-victory", "Paths to Victory", {"cs": "Cesta k vítězství"}, ("002",),
       (_I, _P),
       "Bishop, Goons, Monument, Peddler, Counting House, Baron, Harem, Shanty Town, Pawn, "
       "Upgrade"),
    _p("all-along-the-watchtower", "All Along the Watchtower",
       {"cs": "Podél strážních věží"}, ("002",), (_I, _P),
       "Trade Route, Hoard, Vault, Watchtower, Talisman, Mining Village, Bridge, Pawn, "
       "Great Hall, Torturer"),
    # The Czech name ("Good Knight") is not a translation of the English one.
    _p("lucky-seven", "Lucky Seven", {"cs": "Dobrý rytíř"}, ("002",), (_I, _P),
       "Bank, Forge, King's Court, Expand, Vault, Tribute, Coppersmith, Bridge, Swindler, "
       "Wishing Well"),
    # Seed 003: Czech Intrigue 1st edition. The seed only says "for the first
    # game" (pro první hru); the English rulebook calls this set Victory Dance.
    _p("victory-dance", "Victory Dance", {"cs": "První hra"}, ("003",), (_I,),
       "Pawn, Great Hall, Masquerade, Bridge, Ironworks, Scout, Upgrade, Duke, Nobles, Harem"),
    # Seed 004: Hungarian Base 2nd edition.
    _p("first-game-2e", "First Game", {"hu": "Első játék"}, ("004",), (_B,),
       "Remodel, Mine, Village, Merchant, Smithy, Workshop, Market, Cellar, Militia, Moat"),
    _p("size-distortion-2e", "Size Distortion", {"hu": "Mérettorzítás"}, ("004",), (_B,),
       "Witch, Festival, Bureaucrat, Chapel, Artisan, Workshop, Sentry, Gardens, Bandit, "
       "Throne Room"),
    _p("deck-top", "Deck Top", {"hu": "Paklitető"}, ("004",), (_B,),
       "Village, Festival, Harbinger, Bureaucrat, Artisan, Laboratory, Sentry, Council Room, "
       "Moneylender, Vassal"),
    _p("sleight-of-hand", "Sleight of Hand", {"hu": "Kézügyesség"}, ("004",), (_B,),
       "Festival, Harbinger, Smithy, Library, Gardens, Cellar, Militia, Council Room, "
       "Throne Room, Poacher"),
    _p("improvements", "Improvements", {"hu": "Fejlesztések"}, ("004",), (_B,),
       "Remodel, Mine, Witch, Merchant, Artisan, Market, Cellar, Moneylender, Poacher, Moat"),
    _p("silver-and-gold", "Silver & Gold", {"hu": "Ezüst és Arany"}, ("004",), (_B,),
       "Mine, Harbinger, Bureaucrat, Chapel, Merchant, Laboratory, Bandit, Throne Room, "
       "Moneylender, Vassal"),
    # Base + Intrigue 2nd edition. The seed's Csatlós, Udvarhölgy and Udvaronc
    # are Courtier, Minion and Pawn in an unconfirmed order (rules.md 7.5, 8.2).
    # We read them by meaning, as the Hungarian names in i18n.py do: udvaronc
    # is literally "courtier" (Courtier), csatlós "henchman" (Minion), which
    # leaves udvarhölgy, "lady-in-waiting", for Pawn. The kingdom is the same
    # whatever the order; only the names shown change.
    _p("underlings", "Underlings", {"hu": "Alattvalók"}, ("004",), (_B, _I),
       "Festival, Library, Sentry, Cellar, Vassal, Minion, Diplomat, Nobles, Pawn, Courtier"),
    _p("grand-scheme", "Grand Scheme", {"hu": "A Nagy Terv"}, ("004",), (_B, _I),
       "Artisan, Workshop, Market, Militia, Council Room, Mining Village, Bridge, Mill, "
       "Shanty Town, Patrol"),
    _p("deconstruction", "Deconstruction", {"hu": "Felszámolás"}, ("004",), (_B, _I),
       "Remodel, Mine, Village, Bandit, Throne Room, Diplomat, Harem, Lurker, Replace, Swindler"),
    # Base 2E + Prosperity: the seed uses Prosperity 1st-edition cards (rules.md D-S6).
    _p("biggest-money-2e", "Biggest Money", {"hu": "A legtöbb pénz"}, ("004",), (_B, _P),
       "Mine, Harbinger, Artisan, Laboratory, Moneylender, Bank, Royal Seal, Venture, "
       "Grand Market, Mint"),
    _p("kings-army-2e", "The King's Army", {"hu": "A király serege"}, ("004",), (_B, _P),
       "Village, Bureaucrat, Merchant, Council Room, Moat, Expand, Goons, King's Court, "
       "Vault, Rabble"),
    _p("good-life-2e", "The Good Life", {"hu": "Jó élet"}, ("004",), (_B, _P),
       "Village, Bureaucrat, Artisan, Gardens, Cellar, Contraband, Monument, Hoard, "
       "Counting House, Mountebank"),
]


def presets(available_only: bool = False) -> list[Preset]:
    """Every recommended kingdom in seed order; only playable ones if ``available_only``."""
    return [p for p in PRESETS if p.available or not available_only]


def get_preset(name: str) -> Preset:
    """The preset with key, English name or local name ``name`` (any case).

    A key always wins, then a rulebook's name, then our translations. A name
    shared by several presets (e.g. "First Game", or Czech "První hra") gives
    the first one in :data:`PRESETS` order, i.e. the 1st-edition Base
    kingdom; use the key to pick another.

    :raises InvalidSetup: if there is no such preset.
    """
    key = name.strip().casefold()
    for p in PRESETS:
        if p.key == key:
            return p
    for names in (lambda p: [p.name, *p.names.values()], lambda p: p.our_names.values()):
        for p in PRESETS:
            if any(v.casefold() == key for v in names(p)):
                return p
    raise InvalidSetup(f"no preset kingdom called {name!r}")


def preset(name: str) -> list[str]:
    """The cards of the preset called ``name`` (see :func:`get_preset`).

    The list is returned even if some cards are not implemented yet; use
    :meth:`Preset.kingdom` to get a checked, playable list.

    :raises InvalidSetup: if there is no such preset.
    """
    return list(get_preset(name).cards)

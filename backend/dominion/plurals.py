"""CLDR plural rules for the product's languages.

A sentence with a count picks its noun form by the count's plural category,
as Unicode CLDR defines it (the rules ``Intl.PluralRules`` applies in the
browser). For the integers counted here:

- English: ``one`` for 1, ``other`` otherwise ("1 card", "2 cards").
- Czech: ``one`` for 1, ``few`` for 2-4, ``other`` otherwise ("1 karta",
  "3 karty", "5 karet"; CLDR's ``many`` is for decimals only).
- Hungarian: ``one`` for 1, ``other`` otherwise; a noun after a numeral stays
  singular ("2 kártya"), so both forms are usually the same word.
"""

from __future__ import annotations

from typing import Callable, Mapping

#: language code -> rule giving the plural category of a non-negative integer.
_RULES: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "cs": lambda n: "one" if n == 1 else "few" if 2 <= n <= 4 else "other",
    "hu": lambda n: "one" if n == 1 else "other",
}


def category(lang: str, n: int) -> str:
    """The CLDR plural category of the integer ``n`` in ``lang``.

    :raises KeyError: for a language without rules here.
    """
    return _RULES[lang](abs(n))


def plural(lang: str, n: int, forms: Mapping[str, str]) -> str:
    """The form of ``forms`` (category -> text) that goes with ``n``.

    ``forms`` needs ``other``; a missing category falls back to it.

    :raises KeyError: for a language without rules, or ``forms`` without ``other``.
    """
    return forms.get(category(lang, n)) or forms["other"]

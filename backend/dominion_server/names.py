"""Player names: normalized, and free of characters that hide or disguise text.

A name is what other players see, so two names that look the same should be
the same string, and nothing invisible may tell them apart ("Ann" and
"Ann\\u200b"), reorder the text around them (bidi overrides), or break lines.
:func:`normalize_name`:

- normalizes to NFC (a precomposed "Š" and "S" + combining caron are one name);
- strips leading and trailing whitespace and collapses every inner run of
  space characters (any ``Zs``: no-break, ideographic...) to one ASCII space;
- refuses control (``Cc``: tabs, newlines inside a name), format (``Cf``:
  zero-width spaces and joiners, bidi marks, overrides and isolates, BOM,
  soft hyphen, tags), surrogate (``Cs``), private-use (``Co``) and
  unassigned (``Cn``) code points, line and paragraph separators (``Zl``,
  ``Zp``), and the other characters Unicode defines as invisible (Hangul
  fillers, variation selectors, the combining grapheme joiner...);
- refuses a name that starts with a combining mark (it would sit on
  whatever text precedes the name).

Emoji stay whole, deliberately:

- U+200D ZERO WIDTH JOINER is allowed only between two emoji (after a skin
  tone or U+FE0F), which is how family, profession and other ZWJ sequences
  are written ("👩🏽‍💻"); anywhere else it is refused.
- U+FE0E/U+FE0F (text/emoji presentation) are allowed right after an emoji,
  and in keycaps ("1️⃣": digit, U+FE0F, U+20E3).
- Tag characters are allowed only in a flag tag sequence (U+1F3F4, tags,
  U+E007F cancel tag), as in the flags of England, Scotland and Wales.
- Code points still unassigned in Python's Unicode database but reserved
  for emoji (U+1F000..U+1FAFF, U+1FC00..U+1FFFD) are allowed, so emoji newer
  than the running Python are not refused.

"Emoji" here is any character of category ``So`` (other symbol) plus the few
emoji of other categories (``‼ ⁉ ℹ ↔ ⤴ ⤵ 〰 〽`` and four squares). A joiner
between two symbols that form no emoji only renders as the two symbols; that
residue is accepted. Look-alike letters of different scripts ("A" Latin and
"А" Cyrillic) are not this module's business: both are real letters.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Callable

ZWJ = "\u200d"
VS15, VS16 = "\ufe0e", "\ufe0f"
KEYCAP = "\u20e3"
BLACK_FLAG = "\U0001f3f4"
CANCEL_TAG = "\U000e007f"

#: Emoji outside category So: ‼ ⁉ ℹ ↔ ◻ ◼ ◽ ◾ ⤴ ⤵ 〰 〽.
_EMOJI_NOT_SO = frozenset("\u203c\u2049\u2139\u2194\u25fb\u25fc\u25fd\u25fe"
                          "\u2934\u2935\u3030\u303d")
#: Characters an emoji may carry before a joiner: skin tones, emoji presentation.
_EMOJI_EXTENDERS = re.compile("[\U0001f3fb-\U0001f3ff\ufe0f]")
#: Keycap bases: "1️⃣" is 1, U+FE0F, U+20E3.
_KEYCAP_BASES = frozenset("0123456789#*")
_TAGS = re.compile("[\U000e0020-\U000e007e]+\U000e007f")

#: Invisible characters of categories other than Cf (Default_Ignorable_Code_Point
#: in Unicode's DerivedCoreProperties), plus the blank braille pattern.
_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u2800\u3164"
    "\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]")

_REASONS = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned code point",
    "Zl": "a line break",
    "Zp": "a paragraph break",
}

#: Runs of space separators (every character of category Zs).
_SPACES = re.compile("[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+")


class InvalidName(ValueError):
    """A name that :func:`normalize_name` refuses; the message says why."""


def normalize_name(raw: str) -> str:
    """``raw`` as the name to store and show (see the module docstring).

    The result may be empty (a name of spaces only); the caller checks length.

    :raises InvalidName: the name holds a character it must not hold.
    """
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", raw).strip())
    if name and unicodedata.category(name[0]).startswith("M"):
        raise InvalidName(f"must not start with a combining mark ({_describe(name[0])})")
    i = 0
    while i < len(name):
        ch = name[i]
        if ch == BLACK_FLAG and (tags := _TAGS.match(name, i + 1)):
            i = tags.end()  # a subdivision flag: 🏴 + tag letters + cancel tag
            continue
        _check(name, i)
        i += 1
    return name


def _check(name: str, i: int) -> None:
    ch = name[i]
    cat = unicodedata.category(ch)
    if ch == ZWJ:
        if not (_joins_emoji_before(name, i) and i + 1 < len(name)
                and _is_emoji(name[i + 1])):
            raise InvalidName(f"must not contain {_describe(ch)} except between two emoji")
    elif ch in (VS15, VS16):
        if not (i > 0 and (_is_emoji(name[i - 1]) or (
                name[i - 1] in _KEYCAP_BASES and name[i + 1:i + 2] == KEYCAP))):
            raise InvalidName(f"must not contain {_describe(ch)} except after an emoji")
    elif cat == "Cn":
        if not _reserved_for_emoji(ch):
            raise InvalidName(f"must not contain {_describe(ch)}: {_REASONS[cat]}")
    elif cat in _REASONS:
        raise InvalidName(f"must not contain {_describe(ch)}: {_REASONS[cat]}")
    elif _INVISIBLE.match(ch):
        raise InvalidName(f"must not contain {_describe(ch)}: an invisible character")


def _is_emoji(ch: str) -> bool:
    return (unicodedata.category(ch) == "So" or ch in _EMOJI_NOT_SO
            or _reserved_for_emoji(ch))


def _reserved_for_emoji(ch: str) -> bool:
    cp = ord(ch)
    return 0x1F000 <= cp <= 0x1FAFF or 0x1FC00 <= cp <= 0x1FFFD


def _joins_emoji_before(name: str, i: int) -> bool:
    """Whether an emoji (with its skin tone or U+FE0F) ends right before index ``i``."""
    j = i - 1
    while j >= 0 and _EMOJI_EXTENDERS.match(name[j]):
        j -= 1
    return j >= 0 and _is_emoji(name[j])


def _describe(ch: str) -> str:
    """``U+200B ZERO WIDTH SPACE``, or the code point alone when it has no name."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}" if name else f"U+{ord(ch):04X}"


def _refused_anywhere(ch: str) -> bool:
    """Whether :func:`normalize_name` refuses ``ch`` wherever it stands (the joiner,
    presentation selectors and tags too: they pass only inside emoji)."""
    cat = unicodedata.category(ch)
    if cat == "Cn":
        return not _reserved_for_emoji(ch)
    return cat in _REASONS or cat == "Cf" or bool(_INVISIBLE.match(ch))


def _char_class(pred: Callable[[str], bool]) -> str:
    """The code points ``pred`` holds for, as the inside of a regex character class.

    Below U+10000 as ``\\uXXXX`` (the escape ECMA-262, Python and Rust regexes share),
    above as the characters themselves (no astral escape is common to them). Lone
    surrogates are left out: no regex over Unicode scalar values can name them.
    """
    def put(cp: int) -> str:
        return f"\\u{cp:04x}" if cp < 0x10000 else chr(cp)

    out, start = [], None
    for cp in range(0x110000 + 1):
        inside = cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF and pred(chr(cp))
        if inside and start is None:
            start = cp
        elif not inside and start is not None:
            out.append(put(start) if start == cp - 1 else f"{put(start)}-{put(cp - 1)}")
            start = None
    return "".join(out)


@functools.cache
def name_pattern() -> str:
    """A regular expression of the names :func:`normalize_name` accepts, for the
    OpenAPI document: no character refused anywhere, at least one that is not a space,
    and the first of those no combining mark. Built from this Python's Unicode data, so
    it names exactly the code points the server refuses. What it cannot say (a joiner,
    selector or tag inside an emoji sequence, a name longer than 40 characters once
    spaces are collapsed) it leaves out: every name it matches is accepted."""
    # Classes of what is allowed, not negated ones of what is refused: generators such
    # as hypothesis draw from a listed class ten times faster than from a complement.
    allowed = _char_class(lambda ch: not _refused_anywhere(ch))
    first = _char_class(lambda ch: not (_refused_anywhere(ch) or ch.isspace()
                                        or unicodedata.category(ch).startswith("M")))
    return rf"^\s*[{first}][{allowed}]*$"

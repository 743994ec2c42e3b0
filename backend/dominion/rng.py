"""A small deterministic random generator whose whole state is two integers.

Python's :mod:`random` may change its algorithms between versions, and a stored
game must draw the same cards forever, so the engine uses its own generator:
BLAKE2b in counter mode. Each block hashes ``seed || counter`` into sixteen
32-bit words. The state (seed, counter, words already used from the current
block) is plain data that round-trips through JSON.
"""

from __future__ import annotations

import hashlib
import struct
from typing import MutableSequence, TypeVar

T = TypeVar("T")

_WORDS = struct.Struct("<16I")
_MASK64 = (1 << 64) - 1


#: Shuffles of more cards than this go card by card through :meth:`Rng.below`.
_REJECTED_UPTO_MAX = 1024
_rejected: set[int] = set()
_rejected_upto = 1


def _rejected_words(n: int) -> set[int]:
    """Every word ``below(k)`` rejects for some ``k`` in 2..``n`` (at least):
    for each ``t`` below ``k`` only the one word ``w`` with ``w * k`` just at
    or above ``t * 2**32`` can have its low 32 bits under ``2**32 % k``.
    Grown on demand, shared by every generator."""
    global _rejected_upto
    while _rejected_upto < n:
        k = _rejected_upto = _rejected_upto + 1
        threshold = (1 << 32) % k
        for t in range(k):
            w = -(-(t << 32) // k)
            if (w * k) & 0xFFFFFFFF < threshold:
                _rejected.add(w)
    return _rejected


class Rng:
    """Counter-mode BLAKE2b generator.

    :param seed: any non-negative integer below 2**64.
    :param counter: index of the next block to hash.
    :param used: how many words of block ``counter - 1`` are already consumed.
    """

    __slots__ = ("seed", "counter", "_buf", "_pos", "_prefix")

    def __init__(self, seed: int, counter: int = 0, used: int = 16) -> None:
        if not 0 <= seed <= _MASK64:
            raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
        self.seed = seed
        # Every block hashes the seed first: hash it once, copy the state per block.
        self._prefix = hashlib.blake2b(seed.to_bytes(8, "little"), digest_size=64)
        self.counter = counter
        self._buf: tuple[int, ...] = ()
        self._pos = 16
        if used < 16:
            # Re-create the partly consumed block.
            self.counter -= 1
            self._refill()
            self._pos = used

    def _refill(self) -> None:
        block = self._prefix.copy()
        block.update(self.counter.to_bytes(8, "little"))
        self._buf = _WORDS.unpack(block.digest())
        self._pos = 0
        self.counter += 1

    def word(self) -> int:
        """Return the next uniformly distributed 32-bit word."""
        if self._pos == 16:
            self._refill()
        w = self._buf[self._pos]
        self._pos += 1
        return w

    def below(self, n: int) -> int:
        """Return a uniform integer in ``range(n)`` (unbiased, by rejection).

        :raises ValueError: if ``n`` is not positive or exceeds 2**32.
        """
        if not 0 < n <= 1 << 32:
            raise ValueError(f"n must be in 1..2**32, got {n}")
        # Lemire's multiply-shift with rejection of the short interval.
        threshold = (1 << 32) % n
        while True:
            m = self.word() * n
            if (m & 0xFFFFFFFF) >= threshold:
                return m >> 32

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates).

        Position ``i`` (from the end down) swaps with ``below(i + 1)``: the
        words and the permutation are exactly those of calling :meth:`below`
        per card (``tests/test_rng.py`` checks it). Shuffles are the
        simulator's hot path, so the words are taken in one slice and checked
        at once against every word :meth:`below` could reject for this many
        cards or fewer (:func:`_rejected_words`, a chance of about ``n**2``
        in 2**33 per shuffle): without one, each card costs one multiply.
        """
        n = len(items)
        if n < 2:
            return
        start = self.counter, self._buf, self._pos
        if n <= _REJECTED_UPTO_MAX:
            words = self._take(n - 1)
            # The set is grown only for a longer shuffle than any before: no call otherwise.
            rejected = _rejected if n <= _rejected_upto else _rejected_words(n)
            if rejected.isdisjoint(words):
                for w in words:
                    j = w * n >> 32
                    n -= 1
                    items[n], items[j] = items[j], items[n]
                return
            self.counter, self._buf, self._pos = start  # back to the first word
        # A word below() rejects: card by card.
        while n > 1:
            j = self.below(n)
            n -= 1
            items[n], items[j] = items[j], items[n]

    def _take(self, count: int) -> tuple[int, ...] | list[int]:
        """The next ``count`` words (``count`` > 0), as :meth:`word` would give them."""
        pos = self._pos
        end = pos + count
        if end <= 16:
            self._pos = end
            return self._buf[pos:end]
        words = list(self._buf[pos:])
        count -= 16 - pos
        while count > 16:
            self._refill()
            words += self._buf
            count -= 16
        self._refill()
        words += self._buf[:count]
        self._pos = count
        return words

    def to_dict(self) -> dict[str, int]:
        return {"seed": self.seed, "counter": self.counter, "used": self._pos}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> "Rng":
        return cls(data["seed"], data["counter"], data["used"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Rng({self.seed}, counter={self.counter}, used={self._pos})"

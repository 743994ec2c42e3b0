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


class Rng:
    """Counter-mode BLAKE2b generator.

    :param seed: any non-negative integer below 2**64.
    :param counter: index of the next block to hash.
    :param used: how many words of block ``counter - 1`` are already consumed.
    """

    __slots__ = ("seed", "counter", "_buf", "_pos", "_key")

    def __init__(self, seed: int, counter: int = 0, used: int = 16) -> None:
        if not 0 <= seed <= _MASK64:
            raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
        self.seed = seed
        self._key = seed.to_bytes(8, "little")
        self.counter = counter
        self._buf: tuple[int, ...] = ()
        self._pos = 16
        if used < 16:
            # Re-create the partly consumed block.
            self.counter -= 1
            self._refill()
            self._pos = used

    def _refill(self) -> None:
        digest = hashlib.blake2b(
            self._key + self.counter.to_bytes(8, "little"), digest_size=64
        ).digest()
        self._buf = _WORDS.unpack(digest)
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
        per card; the block buffer is read directly because shuffles are the
        simulator's hot path (``tests/test_rng.py`` checks it against below()).
        """
        buf = self._buf
        pos = self._pos
        for n in range(len(items), 1, -1):
            if pos == 16:
                self._refill()
                buf = self._buf
                pos = 0
            m = buf[pos] * n
            pos += 1
            # Lemire's rejection: only when the low word is below 2**32 % n (< n).
            if (m & 0xFFFFFFFF) < n and (m & 0xFFFFFFFF) < 0x100000000 % n:
                self._pos = pos
                word = self.word
                m = word() * n
                while (m & 0xFFFFFFFF) < 0x100000000 % n:
                    m = word() * n
                buf = self._buf
                pos = self._pos
            j = m >> 32
            n -= 1
            items[n], items[j] = items[j], items[n]
        self._pos = pos

    def to_dict(self) -> dict[str, int]:
        return {"seed": self.seed, "counter": self.counter, "used": self._pos}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> "Rng":
        return cls(data["seed"], data["counter"], data["used"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Rng({self.seed}, counter={self.counter}, used={self._pos})"

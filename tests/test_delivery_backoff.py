"""Retry times of the outbox: exponential backoff with full jitter, Retry-After honoured."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from dominion_server.delivery.outbox import BACKOFF_BASE, BACKOFF_CAP, retry_at

NOW = datetime(2026, 11, 27, 12, 0, tzinfo=timezone.utc)


def delays(attempts: int, retry_after=None, n: int = 200) -> list[float]:
    rng = random.Random(attempts)
    return [(retry_at(attempts, NOW, retry_after, rng) - NOW).total_seconds() for _ in range(n)]


def test_the_bound_doubles_up_to_the_cap_and_the_delay_is_spread_below_it():
    for attempts in range(1, 20):
        bound = min(BACKOFF_CAP, BACKOFF_BASE * 2 ** (attempts - 1))
        got = delays(attempts)
        assert all(0 <= d <= bound for d in got)
        assert max(got) - min(got) > bound / 2  # full jitter: not one value for all rows


def test_retry_after_is_the_least_delay():
    assert all(d >= 120 for d in delays(1, retry_after=120))
    assert all(d <= BACKOFF_CAP for d in delays(1, retry_after=10 * BACKOFF_CAP))
    assert retry_at(1, NOW, 0.0, random.Random(1)) - NOW <= timedelta(seconds=BACKOFF_BASE)

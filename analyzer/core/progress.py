"""Progress bars on standard error for long work (tqdm), silent when disabled."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

from tqdm import tqdm

Item = TypeVar("Item")


def progress_bar(items: Iterable[Item], total: int, enabled: bool, description: str) -> Iterator[Item]:
    """Yield ``items``, drawing a bar with an estimated time left on stderr when ``enabled``."""
    if not enabled:
        yield from items
        return
    with tqdm(total=total, desc=description, unit="chunk", file=sys.stderr, leave=False) as bar:
        for item in items:
            yield item
            bar.update(1)

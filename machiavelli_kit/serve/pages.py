"""Counting the app's open pages, each by the browser that opened it, against the class's limits.

Every page of the app runs in a kernel of its own, a Python process of 75 to 130 MiB, so a
browser may have at most :data:`PAGES_PER_BROWSER` pages open at once and the app at most
:data:`PAGES` in all (``machiavelli-kit app --max-pages-per-browser N --max-pages N``).

>>> pages = PageCount()
>>> pages.add("kernel-1", "ada"); pages.add("kernel-2", "ada"); pages.add("kernel-3", "ben")
>>> pages.refusal("ada", per_browser=2, total=10), pages.refusal("ben", per_browser=2, total=10)
(<Refusal.TOO_MANY_PAGES: 429>, None)
>>> pages.remove("kernel-1"); pages.refusal("ada", per_browser=2, total=3)
>>> pages.add("kernel-4", "cleo"); pages.refusal("ada", per_browser=2, total=3)
<Refusal.CLASS_FULL: 503>
"""

from __future__ import annotations

from collections import Counter

from machiavelli_kit.serve.refusals import Refusal

PAGES_PER_BROWSER = 6
"""How many pages one browser may have open at once, by default."""
PAGES = 60
"""How many pages the app may have open in all, by default: two for each learner of a class of 30."""


class PageCount:
    """Which visitor each open page (by its kernel's id) belongs to, and whether one more passes the limits."""

    def __init__(self) -> None:
        self._owners: dict[str, str] = {}
        self._pages: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self._owners)

    def pages(self, visitor: str) -> int:
        """How many pages ``visitor`` has open."""
        return self._pages[visitor]

    def refusal(self, visitor: str, per_browser: int, total: int) -> Refusal | None:
        """Why ``visitor`` may not open one more page, or ``None`` when they may.

        A browser at its own limit is told so first: closing one of its pages is what it can do.
        """
        if self._pages[visitor] >= per_browser:
            return Refusal.TOO_MANY_PAGES
        if len(self._owners) >= total:
            return Refusal.CLASS_FULL
        return None

    def add(self, kernel_id: str, visitor: str) -> None:
        """Count the page whose kernel is ``kernel_id``, opened by ``visitor``."""
        self.remove(kernel_id)
        self._owners[kernel_id] = visitor
        self._pages[visitor] += 1

    def remove(self, kernel_id: str) -> None:
        """Stop counting the page whose kernel is ``kernel_id`` (nothing happens if it was not counted)."""
        visitor = self._owners.pop(kernel_id, None)
        if visitor is not None:
            self._pages[visitor] -= 1
            if not self._pages[visitor]:
                del self._pages[visitor]

"""How much the property and fuzzing tests try: a fixed number of examples a run.

``./test.sh`` runs every such test with the examples written beside it, under one seed per run
that the run prints (``--hypothesis-seed``), so a failure can be replayed exactly. A soak runs
the same tests longer: ``ZT_SOAK=20 ./test.sh -k "fuzz or play or properties"`` multiplies every
budget by 20 (README, "Longer checks").
"""

from __future__ import annotations

import os

#: The factor every budget is multiplied by (``ZT_SOAK``, 1 unless set).
SOAK = max(1, int(os.environ.get("ZT_SOAK", "1")))


def examples(count: int) -> int:
    """The examples a test tries this run: ``count``, times the soak factor."""
    return count * SOAK

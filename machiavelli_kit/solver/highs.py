"""HiGHS as the solver uses it: silent and single-threaded; one per thread for the relaxations,
re-used from program to program, and a new one for each branch and cut."""

from __future__ import annotations

import os
import sys
import threading

import highspy

INFINITY = highspy.kHighsInf
LOCAL = threading.local()
"""This thread's HiGHS for relaxations (``LOCAL.lp``), once made."""
OPTIONS: dict[str, dict[str, str | float | bool]] = {
    "lp": {"presolve": "off"},
    "mip": {
        "presolve": "off",
        "mip_rel_gap": 0.0,
        "mip_abs_gap": 0.999,  # the objectives are integral: a gap below 1 is optimal
        "mip_heuristic_run_feasibility_jump": False,
    },
}
"""HiGHS's options for the relaxations (small, re-solved often: no presolve) and for branch and cut."""


def highs_for(kind: str = "lp") -> highspy.Highs:
    """A silent, single-threaded HiGHS of that kind: for relaxations this thread's own, reused
    (each program passes its model, which replaces the last one), for branch and cut a new one."""
    highs: highspy.Highs | None = getattr(LOCAL, kind, None)
    if highs is None:
        highs = quiet_new_highs()
        highs.setOptionValue("output_flag", False)
        highs.setOptionValue("threads", 1)
        for name, value in OPTIONS[kind].items():
            highs.setOptionValue(name, value)
        if kind == "lp":
            setattr(LOCAL, kind, highs)
    return highs


def quiet_new_highs() -> highspy.Highs:
    """A new HiGHS, made with the process's standard output pointed away: newer HiGHS prints its
    banner there when the first one is made, before any option can silence it, and that line
    would land in the middle of ``solve --json`` or ``--batch`` output."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 1)
            return highspy.Highs()  # type: ignore[no-untyped-call]
    finally:
        os.dup2(saved, 1)
        os.close(saved)

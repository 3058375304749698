"""The question set of the rule search: questions players ask, with the rules that settle them.

tests/data/referee/<game>.txt holds one question a line, ``RULE-ID,RULE-ID | question``, or
``- | question`` for one the table has no rule for. Lines after ``## held-out`` were never used
to tune the search (benchmarks/referee.py scores them apart).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.referee.search import ask

QUESTIONS = Path(__file__).resolve().parent / "data" / "referee"


@dataclass(frozen=True)
class Question:
    game: str
    text: str
    rules: frozenset[str]  # empty: the table has no rule for it
    held_out: bool


def questions(game: str) -> list[Question]:
    out = []
    held_out = False
    for line in (QUESTIONS / f"{game}.txt").read_text("utf-8").splitlines():
        if line.startswith("## held-out"):
            held_out = True
        if not line.strip() or line.startswith("#"):
            continue
        rules, _, text = line.partition("|")
        wanted = frozenset(r.strip() for r in rules.split(",") if r.strip() not in ("-", ""))
        out.append(Question(game, text.strip(), wanted, held_out))
    return out


@dataclass(frozen=True)
class Score:
    asked: int
    settled: int
    top1: float
    top3: float
    covered: float
    misses: tuple[str, ...]


def score(items: list[Question]) -> Score:
    top1 = top3 = right = 0
    misses = []
    settled = [q for q in items if q.rules]
    for q in items:
        answer = ask(q.game, q.text)
        ids = [r.rule.id for r in answer.results]
        if answer.covered == bool(q.rules):
            right += 1
        else:
            misses.append(f"covered={answer.covered}: {q.text} -> {ids[:3]}")
        if q.rules:
            top1 += bool(ids[:1] and ids[0] in q.rules)
            top3 += bool(q.rules.intersection(ids[:3]))
            if not q.rules.intersection(ids[:1]):
                misses.append(f"want {sorted(q.rules)}: {q.text} -> {ids[:3]}")
    n = max(len(settled), 1)
    return Score(len(items), len(settled), top1 / n, top3 / n, right / max(len(items), 1),
                 tuple(misses))  # fmt: skip

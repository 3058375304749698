"""Ask the referee: a question in a player's own words, answered with the rules that settle it.

Each rule is a small document of three fields: its title, its summary, and the words players use
for it and the questions it answers (the game's vocabulary, ``vocab/<game>.txt``). Question and
documents go through the same steps: words are cut down to a stem, players' names for things
(footprints, runners, guns, draw...) are turned into the words of the summaries, and the usual
small words of a question are dropped. The rules are ranked by BM25F over the three fields.

A question is *covered* when the best rule scores at least :data:`MIN_SCORE` and the rules'
words account for at least :data:`MIN_MATCHED` of the question's weight (a word no rule uses
weighs as much as the median word that is used). A word or phrase the game's vocabulary marks
as outside the table (an expansion's dice, a variant) makes the question uncovered whatever it
matches.
docs/REFEREE.md explains the choice and the figures.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from companion.games import GAMES
from companion.games.core import Rule, RuleBook

#: The longest question the referee takes, in characters.
MAX_QUESTION = 200
#: How many rules an answer lists at most.
MAX_RESULTS = 10
#: Weights of a rule's fields: title, summary, players' words and questions.
FIELD_WEIGHTS = (2.0, 1.0, 1.5)
K1, B = 1.2, 0.6
#: What two words of the question side by side add when a rule has them side by side too
#: (as a share of their mean idf): "dice cup" says more than "dice" and "cup" apart.
PAIR_WEIGHT = 0.5
#: What a question that names a rule's whole title ("how does infection work?") adds to that
#: rule, as a share of the title words' idf, scaled by the share of the question's words the
#: title makes up: the more of the question the title is, the more the question is about it.
TITLE_WEIGHT = 1.0
#: Coverage thresholds (calibrated on the tuning questions; docs/REFEREE.md).
MIN_SCORE = 1.2
MIN_MATCHED = 0.4

STOPWORDS = frozenset(
    """
    a about after again all also am an and any are as at be been before being but by can could
    did do does doing don done during each else ever for from get gets getting got had has have
    having he her here hers him his how i if in into is it its just let me mine my myself need
    needs no not now of off on once one only or other our ours out over own please rule rules
    same say says she should so some still such than that the their theirs them then there these
    they thing things this those through to too under until up us very want was way we were what
    whats when where which while who whom whose why will with would yes you your yours
    actually anyway exactly happen happens happened really right wait work works working mean
    means ok okay hey many much ca anyone everyone someone anything
    something everybody somebody anybody down away m ll ve re toward towards
    """.split()
)

#: Endings taken off a word, in the order they are tried, and what replaces each.
SUFFIXES = (("ies", "y"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"),
            ("oes", "o"), ("ing", ""), ("ed", ""), ("es", "e"), ("s", ""))  # fmt: skip
_WORD = re.compile(r"[a-z0-9]+")
_KIND = re.compile(r"\s*\((ruling|setting)[^)]*\)$")
_RULE_ID = re.compile(r"\b([a-z]{2}-[a-z]?\d+|[a-z]{2}-[a-z])\b")


def stem(word: str) -> str:
    """A light suffix stripper: enough to meet plurals, -ing and -ed forms of one word."""
    if len(word) <= 3 or word.isdigit() or word in STOPWORDS:
        return word
    for suffix, keep in SUFFIXES:
        if not word.endswith(suffix) or len(word) - len(suffix) < (1 if suffix == "oes" else 3):
            continue
        if suffix == "s" and word.endswith(("ss", "us", "is")):
            break
        if suffix == "ed" and word.endswith("eed"):
            break
        word = word[: len(word) - len(suffix)] + keep
        if suffix in ("ing", "ed") and word[-1] == word[-2] and word[-1] not in "lsz":
            word = word[:-1]  # stopped, stopping -> stop
        break
    if word.endswith("ie") and len(word) > 4:
        word = word[:-2] + "y"  # zombie, zombies -> zomby
    if word.endswith("e") and len(word) > 4 and not word.endswith("ee"):
        word = word[:-1]  # survive, survived, surviving -> surviv
    return word


def words(text: str) -> list[str]:
    text = text.lower().replace("\u2019", "'").replace("'s ", " ").replace("n't", " not")
    return [stem(w) for w in _WORD.findall(text)]


@dataclass(frozen=True)
class Vocabulary:
    """A game's players' words: synonyms, phrases, what each rule answers, what is outside."""

    synonyms: dict[str, str]  # stem -> the stem the summaries use
    phrases: dict[tuple[str, ...], str]  # stems of a phrase -> one stem
    rule_words: dict[str, str]  # rule id -> players' words and questions
    outside: frozenset[tuple[str, ...]]  # stems of phrases naming things outside the table

    @classmethod
    def parse(cls, texts: Iterable[str]) -> Vocabulary:
        synonyms: dict[str, str] = {}
        phrases: dict[tuple[str, ...], str] = {}
        rule_words: dict[str, list[str]] = {}
        outside: set[tuple[str, ...]] = set()
        for number, line in enumerate(line for text in texts for line in text.splitlines()):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("="):
                head, _, alts = line[1:].partition(":")
                target = " ".join(words(head))
                for alt in alts.split(","):
                    key = tuple(words(alt))
                    if len(key) == 1:
                        synonyms[key[0]] = target
                    elif key:
                        phrases[key] = target
            elif line.startswith("!"):
                outside.update(tuple(words(alt)) for alt in line[1:].split(",") if words(alt))
            else:
                rule, sep, said = line.partition(":")
                if not sep:
                    raise ValueError(f"vocabulary line {number + 1} has no rule id: {line!r}")
                rule_words.setdefault(rule.strip(), []).append(said)
        return cls(
            synonyms, phrases, {k: " ; ".join(v) for k, v in rule_words.items()}, frozenset(outside)
        )

    def is_outside(self, text: str) -> bool:
        """Whether ``text`` names something the table has no rule for."""
        stems = words(text)
        return any(
            tuple(stems[i : i + len(phrase)]) == phrase
            for phrase in self.outside
            for i in range(len(stems) - len(phrase) + 1)
        )

    def terms(self, text: str) -> list[str]:
        """The search terms of ``text``: stems, phrases joined, small words out, synonyms in."""
        stems = words(text)
        out: list[str] = []
        i = 0
        longest = max((len(p) for p in self.phrases), default=1)
        while i < len(stems):
            for n in range(min(longest, len(stems) - i), 1, -1):
                target = self.phrases.get(tuple(stems[i : i + n]))
                if target is not None:
                    out.extend(target.split())
                    i += n
                    break
            else:
                out.append(stems[i])
                i += 1
        kept: list[str] = []
        for term in out:
            if term in STOPWORDS:
                continue
            mapped = self.synonyms.get(term, term)
            mapped = self.synonyms.get(mapped, mapped)  # found -> find -> search
            kept.extend(t for t in mapped.split() if t not in STOPWORDS)
        return kept


@dataclass(frozen=True)
class Result:
    rule: Rule
    score: float
    settings: tuple[dict[str, str], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule.id,
            "title": self.rule.title,
            "summary": self.rule.summary,
            "setting": list(self.settings),
            "score": round(self.score, 3),
        }


@dataclass(frozen=True)
class Answer:
    covered: bool
    results: tuple[Result, ...]

    def to_json(self) -> dict[str, object]:
        return {"covered": self.covered, "results": [r.to_json() for r in self.results]}


@dataclass
class Index:
    """One game's rules, ready to be searched."""

    book: RuleBook
    vocab: Vocabulary
    docs: list[tuple[Rule, tuple[Counter[str], ...]]] = field(default_factory=list)
    lengths: list[float] = field(default_factory=list)
    idf: dict[str, float] = field(default_factory=dict)
    postings: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    pairs: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    titles: list[frozenset[str]] = field(default_factory=list)
    unknown_weight: float = 0.0
    average: float = 0.0

    def __post_init__(self) -> None:
        frequency: Counter[str] = Counter()
        for i, rule in enumerate(self.book.rules):
            fields = (rule.title, rule.summary, self.vocab.rule_words.get(rule.id, ""))
            counts = tuple(Counter(self.vocab.terms(text)) for text in fields)
            # "(ruling)", "(setting)": what kind of rule it is, not what it is about
            self.titles.append(frozenset(self.vocab.terms(_KIND.sub("", rule.title))))
            for text in (*fields[:2], *fields[2].split(";")):
                for pair in set(_pairs(self.vocab.terms(text))):
                    self.pairs.setdefault(pair, []).append(i)
            self.docs.append((rule, counts))
            self.lengths.append(
                sum(w * sum(c.values()) for w, c in zip(FIELD_WEIGHTS, counts, strict=True))
            )
            frequency.update(set().union(*counts))
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in frequency.items()}
        self.unknown_weight = statistics.median(self.idf.values())
        self.average = sum(self.lengths) / n
        # each term's BM25F weight in each rule that has it, computed once
        for i, (_rule, counts) in enumerate(self.docs):
            norm = K1 * (1 - B + B * self.lengths[i] / self.average)
            for term in set().union(*counts):
                tf = sum(w * c[term] for w, c in zip(FIELD_WEIGHTS, counts, strict=True))
                weight = self.idf[term] * tf * (K1 + 1) / (tf + norm)
                self.postings.setdefault(term, []).append((i, weight))

    def score(self, terms: Sequence[str]) -> list[tuple[float, int]]:
        """The rules that share a term with the question, as (score, index), best first."""
        totals: dict[int, float] = {}
        for term in set(terms):
            for i, weight in self.postings.get(term, ()):
                totals[i] = totals.get(i, 0.0) + weight
        for a, b in set(_pairs(terms)):
            bonus = PAIR_WEIGHT * (self.idf.get(a, 0.0) + self.idf.get(b, 0.0)) / 2
            for i in dict.fromkeys(self.pairs.get((a, b), [])):
                totals[i] += bonus
        asked = set(terms)
        for i in totals:
            if self.titles[i] <= asked:
                share = len(self.titles[i]) / len(asked)
                totals[i] += TITLE_WEIGHT * share * sum(self.idf[t] for t in self.titles[i])
        return sorted(((total, i) for i, total in totals.items()), key=lambda s: (-s[0], s[1]))

    def matched(self, terms: Sequence[str]) -> float:
        """The share of the question's weight carried by words some rule uses."""
        unique = set(terms)
        if not unique:
            return 0.0
        weight = {t: self.idf.get(t, self.unknown_weight) for t in unique}
        return sum(w for t, w in weight.items() if t in self.idf) / sum(weight.values())

    def ask(self, question: str) -> Answer:
        named = [m.upper() for m in _RULE_ID.findall(question.lower())]
        named = [rule_id for rule_id in named if rule_id in self.book]
        terms = self.vocab.terms(question)
        ranked = self.score(terms)
        results = [self._result(i, s) for s, i in ranked]
        if named:
            first = [Result(self.book[r], 100.0, self._settings(r)) for r in dict.fromkeys(named)]
            results = first + [r for r in results if r.rule.id not in named]
            return Answer(True, tuple(results[:MAX_RESULTS]))
        top = ranked[0][0] if ranked else 0.0
        covered = (
            top >= MIN_SCORE
            and self.matched(terms) >= MIN_MATCHED
            and not self.vocab.is_outside(question)
        )
        return Answer(covered, tuple(results[:MAX_RESULTS]))

    def _settings(self, rule_id: str) -> tuple[dict[str, str], ...]:
        """The settings that change a rule: those governing it, or one its summary names."""
        summary = self.book[rule_id].summary
        return tuple(
            {"name": s.name, "label": s.label}
            for s in self.book.settings
            if s.rule == rule_id or re.search(rf"\b{re.escape(s.rule)}\b", summary)
        )

    def _result(self, i: int, score: float) -> Result:
        rule = self.docs[i][0]
        return Result(rule, score, self._settings(rule.id))


def _pairs(terms: Sequence[str]) -> list[tuple[str, str]]:
    """Each two terms side by side, in either order ("feet reroll" and "reroll feet" meet)."""
    return [(a, b) if a <= b else (b, a) for a, b in zip(terms, terms[1:], strict=False) if a != b]


def vocabulary_text(game: str) -> str:
    return (resources.files("companion.referee") / "vocab" / f"{game}.txt").read_text("utf-8")


@cache
def index(game: str) -> Index:
    """The search index of ``game`` (``KeyError`` for an unknown game), built once."""
    book = GAMES[game].rulebook
    vocab = Vocabulary.parse([vocabulary_text("common"), vocabulary_text(game)])
    return Index(book, vocab)


def ask(game: str, question: str) -> Answer:
    """The rules of ``game`` that settle ``question``, best first."""
    return index(game).ask(question)

"""Records: what the finished games say about the players and the games.

Every figure is computed from the game logs, replayed with the engines, so games played before
there was a Records page count too. What a game's "score" is:

- Zombie Dice: brains banked (the turn chart: brains after each turn);
- The Lonely Dead: rounds the Horde played (fewer is better: the personal best is the fewest
  rounds of a game won); its turn chart shows the survivors in the graveyard after each round;
- ZOMBIES!!! The Card Game: cards played toward the helipad (draw deck dealt minus cards left);
  a player who is eaten keeps the figure he had reached when he was eaten (his cards leave the
  game then, ZC-T2, and an empty draw deck is not the helipad): it can be below 0, when paying
  for rolls put more cards under his deck than he had played;
- Moore's "Zombies!": points (treasure, and a joker still in hand);
- Zombified: survivors in the player's tableau.

A turn ends when the player to move changes (for The Lonely Dead: when the round changes).
A game's figures are cached in the log's ``game_stats`` (see :mod:`companion.store`): a finished
game is replayed once, and again only after a change to it (an undo or a correction) or when the
way its kind's figures are worked out has changed (:data:`FIGURES`).
"""

from __future__ import annotations

import json
import logging
import threading
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, tzinfo
from statistics import fmean
from typing import Any

from companion.games.core import Game
from companion.games.lonely_dead import LonelyDead
from companion.games.moore_zombies import MooreZombies
from companion.games.zombie_dice import ZombieDice
from companion.games.zombies_card_game import ZombiesCardGame
from companion.games.zombified import Zombified
from companion.history import History
from companion.players import Player, Roster
from companion.store import GameRecord, Store
from companion.when import local, minutes

log = logging.getLogger(__name__)

#: How many of the latest games the Records page offers to follow turn by turn.
RECENT = 50

#: The version of the way a kind's figures are worked out (1 when not named), written into its
#: cached figures: figures cached by an older version are worked out again. 2: ZOMBIES!!! The
#: Card Game no longer credits an eaten player with the whole draw deck.
FIGURES = {"zombies-card-game": 2}


@dataclass(frozen=True)
class Measure:
    score: str  # what a final score counts, in a player's words
    turn: str  # what the turn chart shows
    lower_is_better: bool = False


MEASURES = {
    "zombie-dice": Measure("brains", "Brains after each turn"),
    "lonely-dead": Measure("rounds", "Survivors in the graveyard after each round", True),
    "zombies-card-game": Measure("cards played", "Cards played toward the helipad"),
    "moore-zombies": Measure("points", "Points after each turn"),
    "zombified": Measure("survivors", "Survivors in each tableau after each turn"),
}


def scores(game: Game, before: Sequence[int] | None = None) -> list[int]:
    """Each player's score, in seat order, as :data:`MEASURES` says.

    ``before``: the scores of the state just before ``game``. ZOMBIES!!! needs them once a
    player is eaten: his cards have left the game (ZC-T2), so his empty draw deck says nothing
    of how far he got, and he keeps the score he had when he was eaten."""
    if isinstance(game, ZombieDice):
        return list(game.scores)
    if isinstance(game, LonelyDead):
        return [game.round]
    if isinstance(game, ZombiesCardGame):
        return [_helipad(game, seat, before) for seat in range(len(game.table.seats))]
    if isinstance(game, MooreZombies):
        return [game.points(0), game.points(1)]
    if isinstance(game, Zombified):
        return [len(t.survivors) for t in game.table.tableaus]
    raise KeyError(f"no score for {game.name!r}")


def _helipad(game: ZombiesCardGame, n: int, before: Sequence[int] | None) -> int:
    """Cards played toward the helipad: the draw deck dealt less the cards left in it; an eaten
    player's score as it was when he was eaten (``before``)."""
    seat = game.table.seats[n]
    if seat.alive:
        return game.deal - 6 - len(seat.deck)
    if before is None:
        raise ValueError(f"{seat.name} was eaten: his score is the one he had before")
    return before[n]


def progress(game: Game, before: Sequence[int] | None = None) -> list[int]:
    """What the turn chart follows: the score, but for The Lonely Dead the Horde's victims.
    ``before``: the progress of the state just before ``game``, as for :func:`scores`."""
    if isinstance(game, LonelyDead):
        return [len(game.graveyard)]
    return scores(game, before)


def turn_of(game: Game) -> object:
    if isinstance(game, LonelyDead):
        return game.round
    return game.prompt().player


def summarise(record: GameRecord, history: History) -> tuple[dict[str, Any], dict[str, Any]]:
    """A finished game's figures (``summary``) and its scores turn by turn (``series``)."""
    game = history.game
    outcome = game.outcome()
    names = list(game.players())
    turns, banked, busts = [0] * len(names), [0] * len(names), [0] * len(names)
    reached = progress(history.states[0])
    points = [reached]
    for n, entry in enumerate(history.entries):
        before, after = history.states[n], history.states[n + 1]
        reached = progress(after, reached)  # ZOMBIES!!!: the score a player had when eaten
        if isinstance(before, ZombieDice) and isinstance(after, ZombieDice):
            seat = before.seat
            if entry.action.kind == "stop":
                turns[seat] += 1
                banked[seat] += after.scores[seat] - before.scores[seat]
            elif "bust" in entry.signals:
                turns[seat] += 1
                busts[seat] += 1
        if n == len(history.entries) - 1 or turn_of(after) != turn_of(before):
            points.append(reached)
    summary: dict[str, Any] = {
        "players": names,
        "scores": scores(game, reached),
        "winners": [] if outcome is None else list(outcome.winners),
        "start": record.created,
        "end": record.finished,
        "minutes": round(minutes(record.created, record.finished or record.updated), 2),
    }
    if isinstance(game, ZombieDice):
        summary["zombie_dice"] = {"turns": turns, "banked": banked, "busts": busts}
    series: dict[str, Any] = {
        "players": names,
        "measure": MEASURES[record.kind].turn,
        "points": points,
    }
    if record.kind in FIGURES:  # read back by Records, never shown
        summary["figures"] = series["figures"] = FIGURES[record.kind]
    return summary, series


def _current(kind: str, cached: dict[str, Any]) -> bool:
    """Whether figures cached for a game of ``kind`` were worked out as they are now."""
    return bool(cached.get("figures", 1) == FIGURES.get(kind, 1))


@dataclass
class Line:
    """One player's figures in a selection of games."""

    player: Player
    games: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    won_scores: list[int] = field(default_factory=list)
    streak: int = 0
    run: int = 0
    last_played: str | None = None
    turns: int = 0
    banked: int = 0
    busts: int = 0

    def add(self, won: bool, score: int | None, finished: str | None) -> None:
        self.games += 1
        self.last_played = finished
        if won:
            self.wins += 1
            self.run += 1
            if self.run > self.streak:
                self.streak = self.run
        else:
            self.run = 0
        if score is not None:
            self.scores.append(score)
            if won:
                self.won_scores.append(score)

    def to_json(self, measure: Measure | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "player": self.player.id,
            "name": self.player.name,
            "colour": self.player.colour,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else None,
            "longest_streak": self.streak,
            "last_played": self.last_played,
        }
        if measure is not None:
            pool = self.won_scores if measure.lower_is_better else self.scores
            best = min if measure.lower_is_better else max
            out["best_score"] = best(pool) if pool else None
            out["average_score"] = fmean(self.scores) if self.scores else None
        if self.turns:
            out["brains_per_turn"] = self.banked / self.turns
            out["bust_rate"] = self.busts / self.turns
            out["turns"] = self.turns
        return out


@dataclass
class Holders:
    """A game's record score and who holds it: whoever reached it first (with a tie, all who
    reached it, in the order they did). Scores must be offered oldest first."""

    lower_is_better: bool
    best: int | None = None
    set: str | None = None
    who: list[Player] = field(default_factory=list)

    def offer(self, score: int, won: bool, at: str, player: Player) -> None:
        if self.lower_is_better and not won:
            return  # a record of fewest rounds counts the games won
        if self.best is None or (score < self.best if self.lower_is_better else score > self.best):
            self.best, self.set, self.who = score, at, [player]
        elif score == self.best and all(p is not player for p in self.who):
            self.who.append(player)

    def to_json(self) -> dict[str, Any] | None:
        if self.best is None:
            return None
        return {"score": self.best, "holders": [p.name for p in self.who], "set": self.set}


@dataclass(frozen=True)
class Played:
    """A finished game and its figures (``n``: the number they were cached under)."""

    id: str
    kind: str
    finished: str
    n: int
    summary: dict[str, Any]


class Tally:
    """The figures of a selection of finished games, the games folded in oldest first (so a
    game finishing later is folded into the figures as they are, not worked out anew)."""

    def __init__(self, roster: Roster, everything: list[Played]) -> None:
        self.roster = roster  # made from ``everything``: every finished game, for the names
        self.everything = list(everything)
        self.games: list[Played] = []  # the games chosen, folded in
        self.overall: dict[str, Line] = {}
        self.by_kind: dict[str, dict[str, Line]] = defaultdict(dict)
        self.lengths: dict[str, list[float]] = defaultdict(list)
        self.holders: dict[str, Holders] = {}
        self.wins_over_time: list[dict[str, Any]] = []

    def continue_with(self, everything: list[Played], chosen: list[Played]) -> bool:
        """Fold in the games that finished since, if that is all that changed: ``everything``
        and ``chosen`` begin with this tally's games, unchanged. False: work it out anew."""
        if not (_begins(everything, self.everything) and _begins(chosen, self.games)):
            return False
        for game in everything[len(self.everything) :]:
            self.roster.saw(game.summary["players"], game.finished)
        self.everything = list(everything)
        for game in chosen[len(self.games) :]:
            self.fold(game)
        return True

    def fold(self, game: Played) -> None:
        roster, summary = self.roster, game.summary
        self.games.append(game)
        self.lengths[game.kind].append(summary["minutes"])
        if game.kind not in self.holders:
            self.holders[game.kind] = Holders(MEASURES[game.kind].lower_is_better)
        record = self.holders[game.kind]
        winners = {roster.resolve(w).id for w in summary["winners"]}
        zd = summary.get("zombie_dice")
        lines = self.by_kind[game.kind]
        scores = summary["scores"]
        for seat, name in enumerate(summary["players"]):
            player = roster.resolve(name)
            won = player.id in winners
            score = scores[seat] if seat < len(scores) else None
            line = self.overall.get(player.id)
            if line is None:
                line = self.overall[player.id] = Line(player)
            line.add(won, None, game.finished)
            line = lines.get(player.id)
            if line is None:
                line = lines[player.id] = Line(player)
            line.add(won, score, game.finished)
            if zd:
                line.turns += zd["turns"][seat]
                line.banked += zd["banked"][seat]
                line.busts += zd["busts"][seat]
            if score is not None:
                record.offer(score, won, game.finished, player)
        if winners:
            self.wins_over_time.append({"at": game.finished, "winners": sorted(winners)})

    def to_json(self) -> dict[str, Any]:
        return {
            "games": len(self.games),
            "players": _table(self.overall.values(), None),
            "kinds": {
                k: {
                    "measure": MEASURES[k].score,
                    "lower_is_better": MEASURES[k].lower_is_better,
                    "games": len(self.lengths[k]),
                    "average_minutes": fmean(self.lengths[k]),
                    "record": self.holders[k].to_json(),
                    "players": _table(lines.values(), MEASURES[k]),
                }
                for k, lines in self.by_kind.items()
            },
            "wins_over_time": list(self.wins_over_time),
            "people": {
                p.id: {"name": p.name, "colour": p.colour, "nickname": p.nickname or None}
                for p in (line.player for line in self.overall.values())
            },
            "recent_games": [
                {
                    "id": g.id,
                    "kind": g.kind,
                    "players": g.summary["players"],
                    "winners": g.summary["winners"],
                    "created": g.summary["start"],
                    "finished": g.finished,
                    "minutes": g.summary["minutes"],
                }
                for g in reversed(self.games[-RECENT:])
            ],
        }


class Records:
    """The figures of one game log's finished games, each game's figures computed once."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._summaries: dict[int, dict[str, Any]] = {}  # cached figures by their number
        self._parsed: dict[str, Played] = {}  # each finished game, as last read
        self._newest = 0  # the highest number of cached figures read
        #: The figures last shown, by what was asked: the log's fingerprint then, the tally.
        self._tallies: dict[Any, tuple[Any, Tally, dict[str, Any]]] = {}

    def played(self) -> list[Played]:
        """Every finished game with its figures, oldest first; games not yet cached, or cached
        as figures were worked out before (:data:`FIGURES`), are replayed and cached."""
        rows = self.store.finished()
        numbers: dict[str, int] = {}
        if any(n is not None and n not in self._summaries for *_, n in rows):
            self._read_cached(numbers)
        missing: list[tuple[str, int, dict[str, Any], dict[str, Any]]] = []
        for game_id, kind, _, cached in rows:
            if cached is not None and (
                cached not in self._summaries or _current(kind, self._summaries[cached])
            ):
                continue
            record = self.store.game(game_id)
            if record is None or record.status != "finished":
                continue  # taken back since
            events = self.store.events(game_id)
            try:  # one engine step per action in effect (docs/DESIGN.md, "The game log")
                history = History.restore(record.kind, record.setup, events)
            except (ValueError, KeyError, TypeError):
                history = None
            if history is None or history.game.outcome() is None:
                log.warning("records: game %s does not replay to its end; left out", game_id)
                numbers[game_id] = -1  # not its old figures either
                continue
            try:
                summary, series = summarise(record, history)
            except ValueError as exc:  # times that are not times, from an older import
                log.warning("records: game %s cannot be read (%s); left out", game_id, exc)
                numbers[game_id] = -1
                continue
            missing.append((game_id, len(events), summary, series))
        for start in range(0, len(missing), 500):
            self.store.cache_stats(missing[start : start + 500])
        if missing:
            self._read_cached(numbers)
        games = []
        for game_id, kind, finished, cached in rows:
            cached = numbers.get(game_id, cached)
            if cached is None or cached not in self._summaries:
                continue  # changed or taken back while it was being read: left for next time
            game = self._parsed.get(game_id)
            if game is None or game.n != cached or game.finished != finished:
                game = Played(game_id, kind, finished, cached, self._summaries[cached])
                self._parsed[game_id] = game
            games.append(game)
        return games

    def _read_cached(self, numbers: dict[str, int]) -> None:
        """Read the figures cached since those last read; ``numbers``: each game's number."""
        for number, game_id, text in self.store.summaries_after(self._newest):
            self._summaries[number] = json.loads(text)
            self._newest = max(self._newest, number)
            numbers[game_id] = number

    def series(self, record: GameRecord) -> dict[str, Any] | None:
        """A finished game's scores turn by turn (``None`` while it is not finished)."""
        if record.status != "finished":
            return None
        series = self.store.game_series(record.id)
        if series is None or not _current(record.kind, series):
            with self._lock:
                self.played()
            series = self.store.game_series(record.id)
        if series is not None:
            series.pop("figures", None)
        return series  # type: ignore[no-any-return]

    def roster(self, games: list[Played]) -> Roster:
        plays = [(g.summary["players"], g.finished) for g in games]
        return Roster(plays, self.store.player_events())

    def figures(
        self,
        tz: tzinfo,
        kind: str | None = None,
        start: date | None = None,
        end: date | None = None,
    ) -> dict[str, Any]:
        """Every figure of the Records page, for the finished games of ``kind`` (all when
        ``None``) finished from ``start`` to ``end`` (local dates, both included).

        The figures are kept while the log's :meth:`Store.fingerprint` stays the same; when
        only more games have finished, they are folded into the figures kept."""
        with self._lock:
            asked = (str(tz), kind, start, end)
            fingerprint = self.store.fingerprint()
            kept = self._tallies.get(asked)
            if kept is not None and kept[0] == fingerprint:
                return kept[2]
            games = self.played()
            chosen = [
                g
                for g in games
                if (kind is None or g.kind == kind) and _within(g.finished, tz, start, end)
            ]
            if (
                kept is None
                or kept[0][2] != fingerprint[2]
                or not kept[1].continue_with(games, chosen)
            ):
                tally = Tally(self.roster(games), games)
                for game in chosen:
                    tally.fold(game)
            else:
                tally = kept[1]
            figures = tally.to_json()
            if len(self._tallies) > 16:
                self._tallies.clear()
            self._tallies[asked] = (self.store.fingerprint(), tally, figures)
            return figures


def _begins(games: list[Played], start: list[Played]) -> bool:
    """Whether ``games`` begin with the games of ``start``, their figures unchanged."""
    return len(games) >= len(start) and all(
        a.id == b.id and a.n == b.n for a, b in zip(start, games, strict=False)
    )


def _within(stamp: str, tz: tzinfo, start: date | None, end: date | None) -> bool:
    if start is None and end is None:
        return True
    day = local(stamp, tz).date()
    return (start is None or day >= start) and (end is None or day <= end)


def _table(lines: Iterable[Line], measure: Measure | None) -> list[dict[str, Any]]:
    rows = [line.to_json(measure) for line in lines]
    return sorted(rows, key=lambda r: (-r["wins"], -r["games"], r["name"].casefold()))

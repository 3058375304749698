"""Records: every figure checked against what the test works out itself from hand-made games."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from companion.dice import Roll
from companion.games import GAMES
from companion.games.core import Action
from companion.players import Roster, key
from companion.records import MEASURES, Played, Records, Tally, progress, scores, turn_of
from companion.store import Store
from companion.table import Table
from companion.when import said
from tests.zd import roll

BERLIN = ZoneInfo("Europe/Berlin")


class Clock:
    """The table's clock, moved on by hand."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> str:
        return self.now.isoformat(timespec="seconds")


@dataclass
class Game:
    """A Zombie Dice game as the test plans it: what each turn banked (-1: a bust), in turn
    order, seats taking turns in turn; the figures the test expects follow from it."""

    names: list[str]
    turns: list[int]
    minutes: int = 30
    banked: list[int] = field(init=False)
    busts: list[int] = field(init=False)
    played: list[int] = field(init=False)

    def __post_init__(self) -> None:
        n = len(self.names)
        self.banked, self.busts, self.played = [0] * n, [0] * n, [0] * n
        for i, brains in enumerate(self.turns):
            seat = i % n
            self.played[seat] += 1
            if brains < 0:
                self.busts[seat] += 1
            else:
                self.banked[seat] += brains

    @property
    def winner(self) -> str:
        return self.names[self.banked.index(max(self.banked))]


def play(table: Table, clock: Clock, game: Game) -> str:
    """Play ``game`` through the table: a turn banking b brains rolls b green brains and
    3 - b green feet, then stops; a bust rolls three red shotguns."""
    game_id = table.new_game("zombie-dice", {"players": game.names})
    step = timedelta(minutes=game.minutes) / len(game.turns)
    for brains in game.turns:
        clock.now += step
        if brains < 0:
            table.roll(game_id, roll("rS rS rS"))
        else:
            table.roll(game_id, roll(" ".join(["gB"] * brains + ["gF"] * (3 - brains))))
            table.act(game_id, Action("stop"))
    assert table.record(game_id).status == "finished", table.snapshot(game_id)["prompt"]
    return game_id


#: Hand-made evenings. Brains per turn are at most 3 (one roll of three green dice); each game
#: ends when a seat reaches 13 and the round is played out.
EVENINGS = [
    Game(["Ana", "Ben"], [3, 3, 3, -1, 3, 3, 3, 2, 3, 1]),  # Ana 15, Ben 9: Ana
    Game(["ana ", "Cy"], [3, 3, -1, 3, 3, 3, 3, 3, 3, 3]),  # Ana 11, Cy 15: Cy
    Game(["Ben", "ANA", "Cy"], [3, 3, -1, 3, 3, 2, 3, 3, 3, 3, -1, 3, 2, 3, 3]),  # Ben 14
    Game(["Cy", "Ben"], [-1, 3, 3, 3, 3, 3, 3, 3, 3, 3]),  # Cy 12, Ben 15: Ben
    Game(["Ben", "Ana"], [3, 3, 3, 3, 3, 3, 3, 3, 1, 3]),  # Ben 13, Ana 15: Ana
]


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[tuple[Table, Records, Clock, list[str]]]:
    clock = Clock(datetime(2026, 11, 20, 19, 0, tzinfo=UTC))  # a Friday, 20:00 in Berlin
    store = Store(tmp_path / "table.sqlite3")
    table = Table(store, clock)
    ids = []
    for game in EVENINGS:
        ids.append(play(table, clock, game))
        clock.now += timedelta(hours=1)
    yield table, Records(store), clock, ids
    store.close()


def expected(games: list[Game]) -> dict[str, dict[str, float | int | None]]:
    """The figures per player (by name key), worked out from the plans alone."""
    out: dict[str, dict[str, float | int | None]] = {}
    runs: dict[str, int] = {}
    for game in games:
        for seat, name in enumerate(game.names):
            k = key(name)
            row = out.setdefault(
                k,
                {"games": 0, "wins": 0, "streak": 0, "scores": 0, "best": None,
                 "turns": 0, "banked": 0, "busts": 0},
            )  # fmt: skip
            won = game.winner == name
            row["games"] += 1  # type: ignore[operator]
            row["wins"] += won  # type: ignore[operator]
            runs[k] = runs.get(k, 0) + 1 if won else 0
            row["streak"] = max(row["streak"], runs[k])  # type: ignore[type-var]
            row["scores"] += game.banked[seat]  # type: ignore[operator]
            row["best"] = max(row["best"] or 0, game.banked[seat])
            row["turns"] += game.played[seat]  # type: ignore[operator]
            row["banked"] += game.banked[seat]  # type: ignore[operator]
            row["busts"] += game.busts[seat]  # type: ignore[operator]
    return out


def test_the_plans_are_whole_games(evening: tuple[Table, Records, Clock, list[str]]) -> None:
    table, _, _, ids = evening
    for game_id, game in zip(ids, EVENINGS, strict=True):
        snap = table.snapshot(game_id)
        assert [p["score"] for p in snap["view"]["players"]] == game.banked
        assert snap["outcome"]["winners"] == [game.winner]


def test_every_zombie_dice_figure_per_player(
    evening: tuple[Table, Records, Clock, list[str]],
) -> None:
    _, records, _, _ = evening
    figures = records.figures(BERLIN)
    want = expected(EVENINGS)
    rows = {r["player"]: r for r in figures["kinds"]["zombie-dice"]["players"]}
    assert set(rows) == set(want) == {"ana", "ben", "cy"}  # "ana ", "ANA" are Ana
    for k, w in want.items():
        row = rows[k]
        assert row["games"] == w["games"]
        assert row["wins"] == w["wins"]
        assert row["win_rate"] == pytest.approx(w["wins"] / w["games"])  # type: ignore[operator]
        assert row["longest_streak"] == w["streak"]
        assert row["best_score"] == w["best"]
        assert row["average_score"] == pytest.approx(w["scores"] / w["games"])  # type: ignore[operator]
        assert row["brains_per_turn"] == pytest.approx(w["banked"] / w["turns"])  # type: ignore[operator]
        assert row["bust_rate"] == pytest.approx(w["busts"] / w["turns"])  # type: ignore[operator]
    overall = {r["player"]: r for r in figures["players"]}
    assert {k: (r["games"], r["wins"]) for k, r in overall.items()} == {
        k: (w["games"], w["wins"]) for k, w in want.items()
    }


def test_the_record_score_its_holder_and_the_average_length(
    evening: tuple[Table, Records, Clock, list[str]],
) -> None:
    table, records, _, ids = evening
    kind = records.figures(BERLIN)["kinds"]["zombie-dice"]
    best = max(max(g.banked) for g in EVENINGS)
    first = next(g for g in EVENINGS if best in g.banked)
    holder = " ".join(first.names[first.banked.index(best)].split())
    assert kind["record"]["score"] == best
    assert kind["record"]["holders"][0].casefold() == holder.casefold()
    lengths = []
    for game_id in ids:
        record = table.record(game_id)
        start = datetime.fromisoformat(record.created)
        end = datetime.fromisoformat(record.finished or "")
        lengths.append((end - start).total_seconds() / 60)
    assert kind["average_minutes"] == pytest.approx(sum(lengths) / len(lengths), abs=0.01)
    assert kind["games"] == len(EVENINGS)


def test_filters_by_game_and_by_local_date(
    evening: tuple[Table, Records, Clock, list[str]],
) -> None:
    table, records, clock, _ = evening
    clock.now = datetime(2026, 11, 27, 21, 0, tzinfo=UTC)  # Friday 22:00 to 22:30 in Berlin
    late = play(table, clock, Game(["Dora", "Ana"], [3, 3, 3, 3, 3, 3, 3, 3, 3, 2]))
    assert records.figures(BERLIN)["games"] == len(EVENINGS) + 1
    week = records.figures(BERLIN, start=date(2026, 11, 27), end=date(2026, 11, 27))
    assert week["games"] == 1 and week["recent_games"][0]["id"] == late
    # A game ending at 23:20 UTC on the 28th ends after midnight in Berlin: on the 29th there.
    clock.now = datetime(2026, 11, 28, 22, 50, tzinfo=UTC)
    play(table, clock, Game(["Dora", "Ana"], [3, 3, 3, 3, 3, 3, 3, 3, 3, 2]))
    assert records.figures(BERLIN, start=date(2026, 11, 29))["games"] == 1
    assert records.figures(ZoneInfo("UTC"), start=date(2026, 11, 29))["games"] == 0
    assert records.figures(BERLIN, kind="lonely-dead")["games"] == 0


def test_a_reopened_game_leaves_the_records_and_a_corrected_one_changes_them(
    evening: tuple[Table, Records, Clock, list[str]],
) -> None:
    table, records, _, ids = evening
    before = records.figures(BERLIN)
    assert before["games"] == len(EVENINGS)
    table.reopen(ids[-1])  # the last stop is taken back: the game is in play again
    after = records.figures(BERLIN)
    assert after["games"] == len(EVENINGS) - 1
    table.act(ids[-1], Action("stop"))
    assert records.figures(BERLIN)["games"] == len(EVENINGS)
    # Reopen the first game and correct its first roll: Ana banked 1 brain fewer.
    table.reopen(ids[0])
    first = table.history(ids[0]).entries[0]
    table.correct(ids[0], first.seq, roll("gB gB gF"))
    table.act(ids[0], Action("stop"))
    again = records.figures(BERLIN)
    row = next(r for r in again["kinds"]["zombie-dice"]["players"] if r["player"] == "ana")
    old = next(r for r in before["kinds"]["zombie-dice"]["players"] if r["player"] == "ana")
    assert row["average_score"] == pytest.approx(old["average_score"] - 1 / old["games"])


def test_a_game_finished_later_is_folded_in_as_a_count_from_scratch_would(
    evening: tuple[Table, Records, Clock, list[str]],
) -> None:
    table, records, clock, _ = evening
    for kind in (None, "zombie-dice"):
        records.figures(BERLIN, kind)  # the figures kept, to fold the next game into
    clock.now += timedelta(hours=2)
    play(table, clock, Game(["Ben ", "Eve"], [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, -1]))
    for kind in (None, "zombie-dice"):
        folded = records.figures(BERLIN, kind)
        assert folded == Records(table.store).figures(BERLIN, kind)
        assert folded["games"] == len(EVENINGS) + 1
        assert folded["recent_games"][0]["players"] == ["Ben", "Eve"]


def test_score_per_turn_through_a_zombie_dice_game(
    evening: tuple[Table, Records, Clock, list[str]],
) -> None:
    table, records, _, ids = evening
    game = EVENINGS[2]
    series = records.series(table.record(ids[2]))
    assert series is not None and series["players"] == game.names
    want, totals = [[0] * len(game.names)], [0] * len(game.names)
    for i, brains in enumerate(game.turns):
        totals[i % len(game.names)] += max(brains, 0)
        want.append(list(totals))
    assert series["points"] == want


def test_the_lonely_dead_counts_fewest_rounds_of_a_game_won() -> None:
    """Lower is better: the personal best and the record are the fewest rounds among wins."""
    plays = [("Ana", 7, True), ("Ana", 3, False), ("Ana", 5, True), ("Ben", 4, True)]
    games = [
        Played(f"g{n}", "lonely-dead", f"2026-11-0{n + 1}T20:00:00+00:00", n, {
            "players": [who], "scores": [rounds], "winners": [who] if won else [],
            "start": f"2026-11-0{n + 1}T19:00:00+00:00", "minutes": 60.0,
        })
        for n, (who, rounds, won) in enumerate(plays)
    ]  # fmt: skip
    tally = Tally(Roster([(g.summary["players"], g.finished) for g in games]), games)
    for game in games:
        tally.fold(game)
    figures = tally.to_json()
    kind = figures["kinds"]["lonely-dead"]
    rows = {r["player"]: r for r in kind["players"]}
    assert rows["ana"]["best_score"] == min(r for w, r, won in plays if w == "Ana" and won)
    assert rows["ana"]["average_score"] == pytest.approx((7 + 3 + 5) / 3)
    assert rows["ana"]["longest_streak"] == 1
    assert kind["record"]["score"] == 4 and kind["record"]["holders"] == ["Ben"]


def test_a_lonely_dead_game_given_up_is_a_loss_in_round_zero(table: Table) -> None:
    game_id = table.new_game("lonely-dead", {"players": ["Ana"]})
    table.act(game_id, Action("concede"))
    records = Records(table.store)
    row = records.figures(BERLIN)["kinds"]["lonely-dead"]["players"][0]
    assert (row["games"], row["wins"], row["best_score"], row["average_score"]) == (1, 0, None, 0)
    assert records.series(table.record(game_id)) == {
        "players": ["Ana"],
        "measure": MEASURES["lonely-dead"].turn,
        "points": [[0], [0]],
    }


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_game_kind_has_a_score_per_player_and_a_turn(kind: str) -> None:
    cls = GAMES[kind]
    names = ["Ana"] if kind == "lonely-dead" else ["Ana", "Ben"]
    game = cls.new({"players": names})
    assert len(scores(game)) == len(names) == len(progress(game))
    assert all(isinstance(s, int) for s in scores(game))
    turn_of(game)
    assert kind in MEASURES


def test_times_as_players_say_them() -> None:
    now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)  # a Wednesday
    start, end = "2026-11-20T20:40:00+00:00", "2026-11-20T21:14:00+00:00"
    assert said(start, end, BERLIN, now) == "Friday 21:40, 34 min"
    assert said(start, end, ZoneInfo("UTC"), now) == "Friday 20:40, 34 min"
    assert said("2026-10-02T18:00:00+00:00", None, BERLIN, now) == "Friday 2 October 20:00"
    assert said("2025-10-03T18:00:00+00:00", "2025-10-03T19:05:00+00:00", BERLIN, now) == (
        "Friday 3 October 2025 20:00, 1 h 05 min"
    )
    assert said("2026-11-25T10:00:00+00:00", None, BERLIN, now) == "Today 11:00"


#: The evening a player found wrong: Ben is eaten 13 cards from the helipad (one more than he
#: was dealt: his bullets went under his draw deck) and Ana wins on the helipad.
EATEN = [
    Action("map", {"location": "Hospital", "building": "yes", "zombies": 2}),  # Ana
    Action("roll", {"roll": Roll.of(5).to_json()}),  # killed, Ana draws
    Action("roll", {"roll": Roll.of(2).to_json()}),
    Action("play", {"effect": "roll", "player": "Ben", "card": "Adrenaline Rush", "amount": 2}),
    Action("end_turn"),
    Action("map", {"location": "", "building": "no", "zombies": 3}),  # Ben: 11 to go
    Action("roll", {"roll": Roll.of(1).to_json()}),
    Action("pay"),  # three bullets under his deck (14), the zombie dies, he draws (13)
    Action("roll", {"roll": Roll.of(1).to_json()}),
    Action("pay"),  # no bullets, one map card to spare: eaten
    Action("play", {"effect": "weapon", "player": "Cy", "card": "Shotgun", "amount": 1}),
    Action("map", {"location": "", "building": "no", "zombies": 1}),  # Cy
    Action("roll", {"roll": Roll.of(3).to_json()}),
    Action("end_turn"),
    Action(
        "play",
        {"effect": "draw", "player": "Ana", "target": "Ana", "card": "Run for it", "amount": 9},
    ),
]


def eaten_game(table: Table) -> str:
    game_id = table.new_game("zombies-card-game", {"players": ["Ana", "Ben", "Cy"]})
    for action in EATEN:
        table.act(game_id, action)
    snap = table.snapshot(game_id)
    assert snap["outcome"]["winners"] == ["Ana"]
    ben = snap["view"]["players"][1]
    assert not ben["alive"] and ben["deck_start"] == 12
    return game_id


def test_an_eaten_player_keeps_the_cards_played_he_had_when_eaten(table: Table) -> None:
    """Ben is eaten with 13 cards in his draw deck: -1 card toward the helipad, not the 12 of
    an emptied deck (his cards leave the game, ZC-T2; an empty deck is not the helipad)."""
    game_id = eaten_game(table)
    records = Records(table.store)
    kind = records.figures(BERLIN)["kinds"]["zombies-card-game"]
    rows = {r["player"]: r for r in kind["players"]}
    assert (rows["ana"]["best_score"], rows["ben"]["best_score"], rows["cy"]["best_score"]) == (
        12,
        -1,
        2,
    )
    assert rows["ben"]["average_score"] == -1
    assert kind["record"]["score"] == 12 and kind["record"]["holders"] == ["Ana"]
    series = records.series(table.record(game_id))
    assert series is not None and set(series) == {"players", "measure", "points"}
    assert series["points"] == [[0, 0, 0], [3, 0, 0], [3, -1, 0], [3, -1, 2], [12, -1, 2]]


def test_figures_cached_before_an_eaten_player_counted_right_are_worked_out_again(
    table: Table,
) -> None:
    """A log whose cache holds the old figures (Ben credited with 12) shows the right ones."""
    game_id = eaten_game(table)
    Records(table.store).figures(BERLIN)  # cached as figures are worked out now
    old = {"players": ["Ana", "Ben", "Cy"], "scores": [12, 12, 2], "winners": ["Ana"],
           "start": table.record(game_id).created, "end": table.record(game_id).finished,
           "minutes": 0.0}  # fmt: skip
    points = [[0, 0, 0], [3, 0, 0], [3, 12, 0], [3, 12, 2], [12, 12, 2]]
    series = {"players": old["players"], "measure": MEASURES["zombies-card-game"].turn}
    events = len(table.store.events(game_id))
    table.store.cache_stats([(game_id, events, old, {**series, "points": points})])
    assert table.store.game_series(game_id)["points"] == points  # the old figures, cached
    records = Records(table.store)
    assert records.series(table.record(game_id))["points"][-1] == [12, -1, 2]  # type: ignore[index]
    kind = records.figures(BERLIN)["kinds"]["zombies-card-game"]
    assert kind["record"]["holders"] == ["Ana"]
    assert next(r for r in kind["players"] if r["player"] == "ben")["best_score"] == -1

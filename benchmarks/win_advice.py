"""Does the win advice win more games? Simulated Zombie Dice games between the table's policies.

nice -n 10 python benchmarks/win_advice.py [--games 100000] [--players 2 3 4] [--seed 1]

One player follows the win advice (``win``); every other seat follows one opponent policy:
``brains`` (the most-brains advice) or ``two-shotguns`` (stop once the turn holds two shotguns).
The win player sits in each seat in turn (game ``i``: seat ``i mod players``), so seat order
favours no one. The dice are drawn by this script from its own seeded generator (each die from
the cup without looking, each face of the die's colour equally likely); the rules are those of
the engine (refill ZD-R7 read literally, last round, tiebreaker rounds), and the first games of
each match are played through the engine as well to check that both agree on every winner.

Printed: the win player's share of the games with its 95% confidence interval (Wald), against
the share a player of the same strength as the others would have (1 / players), and the time.
The advice is computed once for each worth of a turn's brains and remembered; policies look
decisions up, they never simulate. The most-brains policy is the same exact turn solve valuing
a turn by its brains (followed to 32 brains, where the table's advice follows four refills: the
two differ only in turns of more than 30 brains).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable

import numpy as np

from companion.dice import Die, Roll
from companion.games.core import Action
from companion.games.zombie_dice import ZombieDice
from companion.games.zombie_dice_advice import CUP
from companion.games.zombie_dice_odds import REACH, Table, trimmed, worth
from companion.games.zombie_dice_turns import shipped, solve

COLOURS = ("green", "yellow", "red")
FACES = (
    ("brain",) * 3 + ("feet",) * 2 + ("shotgun",),
    ("brain",) * 2 + ("feet",) * 2 + ("shotgun",) * 2,
    ("brain",) + ("feet",) * 2 + ("shotgun",) * 3,
)
TARGET = 13
CHECKED = 300  # games of each match also played through the engine

# A turn position as the simulation holds it: cup, feet, brains aside, shotgun dice by colour,
# and the brains a refill sent back.
State = tuple[list[int], list[int], list[int], list[int], int]
Policy = Callable[[Table, State], bool]  # True: roll on


class Plans:
    """Decisions looked up, not simulated: each worth of a turn's brains is solved once, and the
    positions where rolling on is worth more are kept as bits."""

    def __init__(self) -> None:
        self.graph = shipped()
        self.index = {
            (tuple(c[0:3]), tuple(c[3:6]), tuple(c[6:9])): i
            for i, c in enumerate(self.graph.configs.tolist())
        }
        self.plans: dict[tuple[float, ...], tuple[np.ndarray, int]] = {}

    def plan(self, key: tuple[float, ...]) -> tuple[np.ndarray, int]:
        if key not in self.plans:
            values = np.array(key)
            solution = solve(self.graph, values, keep=True)
            assert solution.value is not None
            # roll where playing on is worth more than stopping (the solve stops on a tie)
            rolls = solution.value[:, 0, 0] > values[:, None]
            self.plans[key] = (np.packbits(rolls, axis=1), len(key) - 1)
        return self.plans[key]

    def rolls(self, plan: tuple[np.ndarray, int], state: State) -> bool:
        bits, cap = plan
        cup, feet, aside, shot, noted = state
        config = self.index[(tuple(cup), tuple(feet), tuple(shot))]
        brains = min(noted + sum(aside), cap)
        return bool((bits[brains, config >> 3] >> (7 - (config & 7))) & 1)


class WinPolicy:
    """The win advice: roll when rolling on gives the better chance to win."""

    def __init__(self, plans: Plans) -> None:
        self.plans = plans
        self.tables: dict[Table, tuple[np.ndarray, int]] = {}

    def __call__(self, table: Table, state: State) -> bool:
        if table not in self.tables:
            self.tables[table] = self.plans.plan(trimmed(worth(table)))
        return self.plans.rolls(self.tables[table], state)


class BrainsPolicy:
    """The most-brains advice: the same solve, valuing a turn by its brains."""

    def __init__(self, plans: Plans) -> None:
        self.plans = plans
        self.plan = plans.plan(tuple(float(b) for b in range(REACH + 1)))

    def __call__(self, table: Table, state: State) -> bool:
        return self.plans.rolls(self.plan, state)


def two_shotguns(table: Table, state: State) -> bool:
    return sum(state[3]) < 2


class Game:
    """One game, by the engine's rules, with the dice from ``rng``."""

    def __init__(self, policies: list[Policy], rng: random.Random, record: bool) -> None:
        self.policies = policies
        self.rng = rng
        self.record: list[Action] | None = [] if record else None

    def play(self) -> int:
        n = len(self.policies)
        scores = [0] * n
        contenders = list(range(n))
        final = False
        while True:
            for seat in list(contenders):
                table = Table(tuple(scores), seat, tuple(contenders), final)
                scores[seat] += self.turn(self.policies[seat], table)
                final = final or scores[seat] >= TARGET
            if final:
                best = max(scores[s] for s in contenders)
                contenders = [s for s in contenders if scores[s] == best]
                if len(contenders) == 1:
                    return contenders[0]

    def turn(self, policy: Policy, table: Table) -> int:
        cup, feet, aside, shot, noted = list(CUP), [0, 0, 0], [0, 0, 0], [0, 0, 0], 0
        rolls = 0
        rng = self.rng
        while True:
            if rolls and not policy(table, (cup, feet, aside, shot, noted)):
                if self.record is not None:
                    self.record.append(Action("stop"))
                return noted + sum(aside)
            if sum(feet) < 3 and sum(cup) < 3 and sum(aside) > 0:  # ZD-R7
                cup = [c + a for c, a in zip(cup, aside, strict=True)]
                noted += sum(aside)
                aside = [0, 0, 0]
            hand = list(feet)
            for _ in range(min(3 - sum(feet), sum(cup))):
                pick = rng.randrange(sum(cup))
                colour = 0 if pick < cup[0] else 1 if pick < cup[0] + cup[1] else 2
                cup[colour] -= 1
                hand[colour] += 1
            feet = [0, 0, 0]
            dice = []
            for colour, count in enumerate(hand):
                for _ in range(count):
                    face = FACES[colour][rng.randrange(6)]
                    dice.append(Die(face, COLOURS[colour]))
                    if face == "brain":
                        aside[colour] += 1
                    elif face == "feet":
                        feet[colour] += 1
                    else:
                        shot[colour] += 1
            if self.record is not None:
                self.record.append(Action("roll", {"roll": Roll(tuple(dice)).to_json()}))
            rolls += 1
            if sum(shot) >= 3:
                return 0


def engine_winner(players: int, actions: list[Action]) -> int:
    game = ZombieDice.new({"players": [f"P{i}" for i in range(players)]})
    for action in actions:
        step = game.apply(action)
        assert isinstance(step.game, ZombieDice)
        game = step.game
    assert game.winner is not None
    return game.seat_of(game.winner)


def match(players: int, rival: str, games: int, seed: int, win: Policy, brains: Policy) -> None:
    others: Policy = brains if rival == "brains" else two_shotguns
    rng = random.Random(f"{seed}-{players}-{rival}")
    won = 0
    began = time.perf_counter()
    for i in range(games):
        seat = i % players
        policies: list[Policy] = [others] * players
        policies[seat] = win
        game = Game(policies, rng, record=i < CHECKED)
        winner = game.play()
        if game.record is not None:
            assert engine_winner(players, game.record) == winner, f"game {i}: engine disagrees"
        won += winner == seat
        if (i + 1) % 10_000 == 0 or i + 1 == games:
            report(players, rival, won, i + 1, began)


def report(players: int, rival: str, won: int, games: int, began: float) -> None:
    share = won / games
    half = 1.96 * math.sqrt(share * (1 - share) / games)
    fair = 1 / players
    verdict = "better" if share - half > fair else "worse" if share + half < fair else "level"
    print(
        f"{players} players, win advice vs {rival:12}: won {won}/{games} = {share:.4f} "
        f"± {half:.4f} (95%) against a fair share of {fair:.4f}: {verdict}; "
        f"{time.perf_counter() - began:.0f} s",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--rivals", nargs="+", default=["brains", "two-shotguns"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    plans = Plans()
    win, brains = WinPolicy(plans), BrainsPolicy(plans)
    began = time.perf_counter()
    for players in args.players:
        for rival in args.rivals:
            match(players, rival, args.games, args.seed, win, brains)
    print(
        f"{args.games} games a match; {len(plans.plans)} turns solved; "
        f"{time.perf_counter() - began:.0f} s in all ({time.process_time():.0f} s CPU)"
    )


if __name__ == "__main__":
    main()

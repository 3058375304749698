"""ZOMBIES!!! The Card Game: the turn, the combat roll and the card count of every pile."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Self

from companion.games.core import (
    JSON,
    ROLLED,
    Action,
    ActionKind,
    ActionSpec,
    Field,
    Game,
    Outcome,
    Param,
    Prompt,
    RollRequest,
    RuleError,
    Ruling,
    SetupError,
    Step,
    check_roll,
    int_param,
    parse_roll,
    player_names,
    plural,
    unknown_action,
)
from companion.games.zombies_card_game import effects
from companion.games.zombies_card_game.combat import KILL, Fight, Payment, Record
from companion.games.zombies_card_game.phases import (
    AFTER,
    FIGHT,
    MAP,
    MAX_ZOMBIES,
    OVER,
    PAY,
    ZOMBIES_FIELD,
    check_params,
    text_param,
    yes_no,
)
from companion.games.zombies_card_game.piles import (
    BRAIN_CRAMP,
    NO_GUTS,
    POWER_OUTAGE,
    WEAPON,
    InPlay,
    MapCard,
    Seat,
    Table,
)
from companion.games.zombies_card_game.rules import LOST_CARDS, LOST_TO_BOX, RULES

MIN_PLAYERS, MAX_PLAYERS = 2, 6
CARDS_IN_BOX = 104
COMBAT_DIE = RollRequest(1)

SETUP_FIELDS: tuple[Field, ...] = (
    Field("players", "players", "Players in seat order", min=MIN_PLAYERS, max=MAX_PLAYERS),
    LOST_CARDS.field(),
)


#: Every kind of action the game takes, with its parameters (the API is described from these,
#: and a typed action is checked against them).
KINDS = (
    ActionKind(
        "map",
        "Lay the turn's map card",
        (
            Param("location", "text", "the location's name, left out when it has none", False),
            Param("building", "choice", "whether it is a building", False, options=("no", "yes")),
            Param("zombies", "int", "the zombies on it", min=0, max=MAX_ZOMBIES),
        ),
    ),
    ActionKind("roll", "Roll the combat die", (ROLLED,)),
    ActionKind("pay", "Pay for a failed combat roll"),
    ActionKind(
        "arm",
        "Pick the weapon for the next combat roll",
        (
            Param(
                "weapon",
                "int",
                "the weapon's card number, or null for none",
                False,
                "offer",
                nullable=True,
            ),
        ),
    ),
    ActionKind("end_turn", "End the turn"),
    ActionKind(
        "end",
        "A card lying in front of a player is over",
        (Param("card", "int", "the card's number", given="offer"),),
    ),
    effects.PLAY,
)


def deal_size(players: int) -> int:
    """Cards dealt to each player (ZC-3)."""
    return 18 if players <= 4 else 17


@dataclass(frozen=True)
class ZombiesCardGame(Game):
    name = "zombies-card-game"
    title = "ZOMBIES!!! The Card Game"
    rulebook = RULES
    setup_fields = SETUP_FIELDS
    actions = KINDS

    table: Table
    deal: int
    lost_cards: str = LOST_CARDS.default
    turn: int = 0  # the seat whose turn it is
    phase: str = MAP
    zombies_left: int = 0  # zombies still to fight at the current player's location
    fought: int = 0  # combat rolls resolved at this location
    change: int = 0  # card changes waiting for the next combat roll (ZC-T4)
    fight: Fight | None = None  # a failed roll waiting to be paid (ZC-T4)
    stopped: bool = False  # fighting is over for the turn (ZC-15, ZC-28)
    combat: tuple[Record, ...] = ()  # this turn's combat rolls
    winners: tuple[str, ...] = ()
    reason: str = ""
    last: str = ""

    @classmethod
    def new(cls, setup: Mapping[str, JSON]) -> Self:
        unknown = set(setup) - {"players", LOST_CARDS.name}
        if unknown:
            raise SetupError(f"unknown option(s): {', '.join(sorted(unknown))}")
        names = player_names(
            setup.get("players"),
            MIN_PLAYERS,
            MAX_PLAYERS,
            f"ZOMBIES!!! The Card Game takes {MIN_PLAYERS} to {MAX_PLAYERS} players (ZC-3)",
        )
        lost = setup.get(LOST_CARDS.name, LOST_CARDS.default)
        if lost not in LOST_CARDS.choices:
            raise SetupError(f"lost_cards must be one of: {', '.join(LOST_CARDS.choices)}")
        deal = deal_size(len(names))
        seats = tuple(Seat.deal(n, range(i * deal, (i + 1) * deal)) for i, n in enumerate(names))
        return cls(Table(seats), deal, str(lost))

    # -- what the table sees -----------------------------------------------------------------

    def players(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.table.seats)

    @property
    def seat(self) -> Seat:
        """The seat whose turn it is."""
        return self.table.seats[self.turn]

    @property
    def player(self) -> str:
        return self.seat.name

    def payment(self) -> Payment | None:
        """How the waiting failed roll would be paid, if one waits."""
        if self.fight is None:
            return None
        return Payment.plan(self.fight.short, len(self.seat.bullets), self.table.spare)

    def prompt(self) -> Prompt:
        """Who plays, and the one step to take; what a roll adds up to is its die's label, and
        the roll waiting to be paid is on the board."""
        who = self.player
        if self.phase == OVER:
            return Prompt(f"Game over: {' and '.join(self.winners)} won ({self.reason}).")
        if self.phase == MAP:
            return Prompt(f"{who}: lay the top card of your deck, map side up.", who)
        if self.phase == FIGHT:
            text = f"{who}: roll the combat die for zombie {self.fought + 1}."
            return Prompt(text, who, COMBAT_DIE, "roll")
        if self.phase == PAY:
            return Prompt(self._pay_text(), who)
        if self.stopped:
            return Prompt(f"{who}: fighting is over; end your turn.", who)
        return Prompt(f"{who}: no zombie left here; end your turn.", who)

    def _pay_text(self) -> str:
        plan = self.payment()
        assert plan is not None
        if plan.unpaid and self.seat.has(NO_GUTS):
            return f"{self.player} cannot pay: No Guts, No Glory ends the turn."
        if plan.unpaid:
            return f"{self.player} cannot pay and will be eaten."
        return f"{self.player}: pay {plan.means()}."

    def _pay_label(self) -> str:
        """The pay button says what paying costs beyond bullets (ZC-14, ZC-15, ZC-28)."""
        plan = self.payment()
        assert plan is not None
        if plan.unpaid:
            return "Pay: the turn ends" if self.seat.has(NO_GUTS) else "Pay, and be eaten"
        return "Pay with the map stack" if plan.from_map else "Pay for the roll"

    def roll_label(self) -> str:
        """The combat die's label: the zombie, what the roll adds to the die, what kills."""
        weapon = self.seat.weapon_card()
        using = f"with {weapon.label()}" if weapon else "without a weapon"
        extra = f", {self.change:+d} from cards" if self.change else ""
        which = f"Zombie {self.fought + 1} of {self.fought + self.zombies_left}"
        return f"{which}, {using}{extra}: {KILL} or more kills it."

    def legal_actions(self) -> list[ActionSpec]:
        if self.phase == OVER:
            return []
        specs: list[ActionSpec] = []
        if self.phase == MAP:
            specs += [
                ActionSpec(
                    "map",
                    "Lay the map card",
                    fields=(
                        Field("location", "text", "Location name"),
                        Field("building", "choice", "A building?", options=("no", "yes")),
                        ZOMBIES_FIELD,
                    ),
                ),
                ActionSpec("map", "Lay the map card without its name", fields=(ZOMBIES_FIELD,)),
            ]
        elif self.phase == FIGHT:
            die = Field("roll", "roll", self.roll_label())
            specs.append(ActionSpec("roll", "Combat roll", fields=(die,)))
        elif self.phase == PAY:
            specs.append(ActionSpec("pay", self._pay_label()))
        else:
            specs.append(ActionSpec("end_turn", "End the turn"))
        if self.phase in (MAP, FIGHT):
            specs += self._weapon_specs()
        specs += effects.specs(self)
        specs += [
            ActionSpec("end", f"{seat.name}: {card.label()} is over", {"card": card.card})
            for seat in self.table.seats
            for card in seat.in_play
        ]
        return specs

    def _weapon_specs(self) -> list[ActionSpec]:
        seat = self.seat
        specs = [
            ActionSpec("arm", f"Use {c.label()} for the next roll", {"weapon": c.card})
            for c in seat.in_play
            if c.kind == WEAPON and c.card != seat.weapon
        ]
        if seat.weapon is not None:
            specs.append(ActionSpec("arm", "Fight without a weapon", {"weapon": None}))
        return specs

    def outcome(self) -> Outcome | None:
        return Outcome(self.winners, self.reason) if self.winners else None

    def default_action(self) -> Action | None:
        return {PAY: Action("pay"), AFTER: Action("end_turn")}.get(self.phase)

    def view(self) -> dict[str, JSON]:
        top, plan = self.table.top, self.payment()
        waiting = None if self.fight is None or plan is None else Record(self.fight, plan, "unpaid")
        return {
            "players": [self._seat_view(i, s) for i, s in enumerate(self.table.seats)],
            "current": self.player,
            "phase": self.phase,
            "location": None if top is None else top.to_json(),
            "zombies_left": self.zombies_left,
            "map_stack": {
                "cards": [c.to_json() for c in self.table.map_stack],
                "spare": self.table.spare,
            },
            "combat": [r.to_json() for r in self.combat],
            "waiting_roll": None if waiting is None else waiting.to_json(),
            "roll_change": self.change,
            "fighting_over": self.stopped,
            "deal": self.deal,
            "box": CARDS_IN_BOX - self.deal * len(self.table.seats),
            "lost_cards": self.lost_cards,
            "winners": list(self.winners),
            "last": self.last,
        }

    def _seat_view(self, i: int, seat: Seat) -> dict[str, JSON]:
        return {
            "name": seat.name,
            "alive": seat.alive,
            "current": i == self.turn and self.phase != OVER,
            "deck": len(seat.deck),
            "deck_start": self.deal - 6,
            "hand": len(seat.hand),
            "bullets": len(seat.bullets),
            "out": len(seat.out),
            "played_this_round": seat.played,
            "in_play": [
                {**c.to_json(), "label": c.label(), "picked": c.card == seat.weapon}
                for c in seat.in_play
            ],
        }

    # -- playing -------------------------------------------------------------------------------

    def apply(self, action: Action) -> Step:
        if self.phase == OVER:
            raise RuleError("ZC-1", "The game is over.")
        if action.kind == "map":
            return self._map(action)
        if action.kind == "roll":
            return self._roll(action)
        if action.kind == "pay":
            return self._pay(action)
        if action.kind == "arm":
            return self._arm(action)
        if action.kind == "end_turn":
            return self._end_turn(action)
        if action.kind == "end":
            return self._end(action)
        if action.kind == "play":
            return effects.play(self, action)
        raise unknown_action(self, action)

    def _map(self, action: Action) -> Step:
        if self.phase != MAP:
            raise RuleError("ZC-7", f"{self.player}'s map card for this turn is already down.")
        check_params(action, ("zombies", "location", "building"))
        zombies = int_param(action, "zombies", 0, MAX_ZOMBIES, "ZC-T7")
        location = text_param(action, "location", "A location's name")
        building = yes_no(action, "building")
        table, card = self.table.lay_map(self.player, zombies, location, building)
        game = replace(self, table=table, combat=(), fought=0)
        return game.arrive(card, [])

    def arrive(self, card: MapCard, rulings: list[Ruling]) -> Step:
        """The current player is at ``card``: fight its zombies (ZC-7, ZC-8, ZC-T7)."""
        rulings.append(
            Ruling(
                "ZC-7",
                f"{self.player} is at {card.label()}: {plural(card.zombies, 'zombie')} "
                f"({plural(len(self.seat.deck), 'card')} left in the draw deck).",
            )
        )
        if card.zombies == 0:
            rulings.append(Ruling("ZC-T7", "No zombies here: nothing to fight this time."))
            return replace(self, phase=AFTER, zombies_left=0).settle(rulings)
        return replace(self, phase=FIGHT, zombies_left=card.zombies).settle(rulings)

    def _roll(self, action: Action) -> Step:
        if self.phase == MAP:
            raise RuleError("ZC-8", "Lay the map card first; then fight its zombies.")
        if self.phase == PAY:
            raise RuleError("ZC-T4", "Pay for the failed roll first, or play a card on it.")
        if self.phase == AFTER:
            if self.stopped:
                raise RuleError("ZC-15", "Fighting is over for this turn.")
            raise RuleError("ZC-11", "Every zombie here has had its roll.")
        check_params(action, ("roll",))
        roll = parse_roll(action)
        check_roll(roll, COMBAT_DIE)
        die = roll.dice[0].value
        assert isinstance(die, int)
        weapon = self.seat.weapon_card()
        fight = Fight(
            self.fought + 1,
            die,
            weapon.name if weapon else "",
            weapon.bonus if weapon else 0,
            self.change,
        )
        # what the roll did comes first: it is why the table asks for the next step
        armed = [Ruling("ZC-16", f"{self.player} fights with {weapon.label()}.")] if weapon else []
        game = replace(self, fought=self.fought + 1, change=0)
        if fight.short == 0:
            killed = Ruling("ZC-11", f"{self.player} {fight.sum_text()}: the zombie dies.")
            return game.kill(fight, None, [killed, *armed])
        short = Ruling(
            "ZC-12",
            f"{self.player} {fight.sum_text()}: {fight.short} short of {KILL}, to be paid "
            f"with bullets ({self.player} has {len(self.seat.bullets)}).",
        )
        waiting = replace(game, phase=PAY, fight=fight)
        return waiting.settle([short, *waiting.cost_rulings(), *armed], ("attention",))

    def cost_rulings(self) -> list[Ruling]:
        """What paying the waiting roll will cost beyond bullets, told before it is paid."""
        plan = self.payment()
        assert plan is not None
        who = self.player
        if plan.unpaid and self.seat.has(NO_GUTS):
            return [Ruling("ZC-28", f"No Guts, No Glory: {who} cannot pay, and the turn ends.")]
        if plan.unpaid:
            return [Ruling("ZC-14", f"The map stack cannot cover the rest: {who} will be eaten.")]
        if plan.from_map:
            return [
                Ruling(
                    "ZC-15",
                    f"{plural(plan.from_map, 'map stack card')} must pay: {who} will draw no "
                    "card, lose every card in front of them and fight no more this turn.",
                )
            ]
        return []

    def kill(self, fight: Fight, payment: Payment | None, rulings: list[Ruling]) -> Step:
        """The zombie dies and its killer draws the reward card (ZC-11, ZC-T3)."""
        seat, drew = self.seat.draw(1)
        rulings.append(
            Ruling(
                "ZC-T3",
                f"{self.player} draws a card for the kill ({len(seat.hand)} in hand, "
                f"{len(seat.deck)} left in the draw deck).",
            )
        )
        left = self.zombies_left - 1
        game = replace(
            self,
            table=self.table.put(seat),
            fight=None,
            zombies_left=left,
            phase=FIGHT if left else AFTER,
            combat=(*self.combat, Record(fight, payment, "killed", drew == 1)),
        )
        return game.settle(rulings)

    def _pay(self, action: Action) -> Step:
        if self.phase != PAY or self.fight is None:
            raise RuleError("ZC-12", "No failed roll is waiting to be paid.")
        check_params(action, ())
        fight, plan = self.fight, self.payment()
        assert plan is not None
        rulings = self._payment_notes()
        if plan.unpaid and not self.seat.has(NO_GUTS):
            return self._eaten(fight, plan, rulings)
        seat, _ = self.seat.bullets_to_deck(plan.bullets)
        game = replace(self, table=self.table.put(seat))
        if plan.bullets:
            rulings.append(
                Ruling(
                    "ZC-12",
                    f"{self.player} pays {plural(plan.bullets, 'bullet')}, put under the draw "
                    f"deck ({len(seat.bullets)} left).",
                )
            )
        if not plan.from_map and not plan.unpaid:
            return game.kill(fight, plan, rulings)
        if plan.unpaid:
            rulings += [
                Ruling("ZC-28", f"No Guts, No Glory: {self.player} is not eliminated."),
                Ruling("ZC-24", "The card overrides ZC-14 while it is in effect."),
                Ruling("ZC-T10", "No map card is taken and the turn's fighting ends."),
            ]
            result, signal = "turn over", "attention"
        else:
            game = replace(
                game,
                table=game.table.take_from_map(self.player, plan.from_map),
                zombies_left=game.zombies_left - 1,
            )
            rulings.append(
                Ruling(
                    "ZC-13",
                    f"{self.player} takes {plural(plan.from_map, 'card')} from the bottom of the "
                    f"map stack and puts them under the draw deck.",
                )
            )
            result, signal = "killed, no draw", "wound"
        return game.stop(fight, plan, result, rulings, signal)

    def _payment_notes(self) -> list[Ruling]:
        """Reminders of the cards that leave payment as usual (ZC-26, ZC-29)."""
        notes = []
        if any(s.has(POWER_OUTAGE) for s in self.table.seats):
            notes.append(Ruling("ZC-26", "Power Outage is out, and the roll is paid as usual."))
        if any(
            c.kind == BRAIN_CRAMP and c.target == self.player
            for s in self.table.seats
            for c in s.in_play
        ):
            notes.append(
                Ruling("ZC-29", f"Brain Cramp: {self.player} still pays for the roll as usual.")
            )
        return notes

    def stop(
        self, fight: Fight, plan: Payment, result: str, rulings: list[Ruling], signal: str
    ) -> Step:
        """No draw, the cards in front are lost, and fighting is over for the turn (ZC-15)."""
        seat = self.seat
        lost = ", ".join(c.label() for c in seat.in_play) or "nothing"
        where = "out of the game" if self.lost_cards == LOST_TO_BOX else "onto the bullet pile"
        rulings.append(
            Ruling(
                "ZC-15",
                f"{self.player} draws no card, loses the cards in front ({lost}, {where}) and "
                "fights no more this turn.",
            )
        )
        game = replace(
            self,
            table=self.table.put(seat.lose_all(self.lost_cards == LOST_TO_BOX)),
            fight=None,
            phase=AFTER,
            stopped=True,
            combat=(*self.combat, Record(fight, plan, result)),
        )
        return game.settle(rulings, (signal,))

    def _eaten(self, fight: Fight, plan: Payment, rulings: list[Ruling]) -> Step:
        """Too few cards to pay: the player is dead and out (ZC-14, ZC-T2, ZC-T6)."""
        rulings.append(
            Ruling(
                "ZC-14",
                f"{self.player} cannot pay: {plan.text()}. {self.player} is eaten and out of "
                "the game.",
            )
        )
        rulings.append(
            Ruling(
                "ZC-T2",
                f"{self.player}'s cards leave the game; the map cards they laid stay in the stack.",
            )
        )
        game = replace(
            self,
            table=self.table.put(self.seat.eliminate()),
            fight=None,
            combat=(*self.combat, Record(fight, plan, "eaten")),
            last=f"{self.player} was eaten.",
        )
        living = game.table.living()
        if len(living) == 1:
            rulings.append(Ruling("ZC-T1", f"{living[0]} is the last one alive and wins."))
            return Step(
                replace(game, phase=OVER, winners=living, reason="last player alive"),
                tuple(rulings),
                ("bust", "game_over"),
            )
        return game.pass_turn(rulings, ("bust",))

    def _arm(self, action: Action) -> Step:
        if self.phase not in (MAP, FIGHT):
            raise RuleError("ZC-16", "The weapon is picked before the roll.")
        check_params(action, ("weapon",))
        choice = action.params.get("weapon")
        seat = self.seat
        picked = None
        if choice is None:
            text = f"{self.player} will fight without a weapon."
        else:
            found = self._lying(choice)
            if found is None or found[0] != seat or found[1].kind != WEAPON:
                raise RuleError("ZC-16", f"{self.player} has no such weapon in front of them.")
            picked = found[1].card
            text = f"{self.player} picks {found[1].label()} for the next roll."
        game = replace(self, table=self.table.put(replace(seat, weapon=picked)))
        return Step(game, (Ruling("ZC-16", text),))

    def _lying(self, card: JSON) -> tuple[Seat, InPlay] | None:
        """The card of that number lying in front of a player, and whose it is."""
        if isinstance(card, bool) or not isinstance(card, int):
            return None
        for seat in self.table.seats:
            for lying in seat.in_play:
                if lying.card == card:
                    return seat, lying
        return None

    def _end(self, action: Action) -> Step:
        check_params(action, ("card",))
        found = self._lying(action.params.get("card"))
        if found is None:
            raise RuleError("ZC-22", "No such card lies in front of a player.")
        seat, lying = found
        table = self.table.put(seat.finish(lying.card))
        text = f"{lying.label()} is over: onto {seat.name}'s bullet pile."
        return Step(replace(self, table=table), (Ruling("ZC-22", text),))

    def _end_turn(self, action: Action) -> Step:
        if self.phase == MAP:
            raise RuleError("ZC-7", "Lay the map card first.")
        if self.phase == FIGHT:
            raise RuleError("ZC-11", f"{plural(self.zombies_left, 'zombie')} here still to fight.")
        if self.phase == PAY:
            raise RuleError("ZC-12", "Pay for the failed roll first.")
        check_params(action, ())
        rulings = [Ruling("ZC-T1", f"{self.player} ends the turn.")]
        return replace(self, last=f"{self.player} ended the turn.").pass_turn(rulings, ())

    def pass_turn(self, rulings: list[Ruling], signals: tuple[str, ...]) -> Step:
        """Brain Cramp on the player ends (ZC-T11); the next living player starts a round."""
        table = self.table
        for seat in table.seats:
            for card in seat.in_play:
                if card.kind == BRAIN_CRAMP and card.target == self.player:
                    table = table.put(table.seat(seat.name).finish(card.card))
                    rulings.append(
                        Ruling("ZC-T11", f"Brain Cramp on {self.player} is over: it is discarded.")
                    )
        n = len(table.seats)
        nxt = next(
            j % n for j in range(self.turn + 1, self.turn + n + 1) if table.seats[j % n].alive
        )
        seat = table.seats[nxt]
        rulings.append(
            Ruling("ZC-9", f"{seat.name}'s turn and round begin: one card may be played again.")
        )
        game = replace(
            self,
            table=table.put(replace(seat, played=False)),
            turn=nxt,
            phase=MAP,
            zombies_left=0,
            fought=0,
            change=0,
            fight=None,
            stopped=False,
            combat=(),
        )
        return Step(game, tuple(rulings), signals)

    def settle(self, rulings: list[Ruling], signals: tuple[str, ...] = ()) -> Step:
        """Close the step: anyone whose draw deck is now empty has reached the helipad (ZC-R6)."""
        done = tuple(s.name for s in self.table.seats if s.alive and not s.deck)
        if not done:
            return Step(self, tuple(rulings), signals)
        who = " and ".join(done)
        rulings.append(Ruling("ZC-R6", f"{who}'s draw deck is empty: the helipad! {who} wins."))
        game = replace(self, phase=OVER, winners=done, reason="reached the helipad")
        return Step(game, tuple(rulings), (*signals, "game_over"))

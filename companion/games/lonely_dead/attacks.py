"""The Zombies Attack phase: which plays the Horde may make, and why a play is refused.

One function, :func:`refusal`, says whether a play is allowed; :func:`options` lists every
allowed play by asking it, so the buttons on the screen and the referee never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.games.core import Action, RuleError
from companion.games.lonely_dead.cards import FACES, JOKER, show, suit, value
from companion.games.lonely_dead.state import Survivor, Zombie

MAX_ZOMBIES = 3  # LD-13


@dataclass(frozen=True)
class Attack:
    """A play in the Zombies Attack phase."""

    kind: str  # "single" | "strong" | "contagious" | "join" | "joker"
    position: int  # the survivor, from 0
    cards: tuple[str, ...]

    def action(self) -> Action:
        survivor = self.position + 1
        if self.kind == "joker":
            return Action("joker", {"survivor": survivor})
        if self.kind == "join":
            return Action("join", {"survivor": survivor, "card": self.cards[0]})
        return Action("attack", {"survivor": survivor, "cards": list(self.cards)})

    def label(self, target: Survivor) -> str:
        who = target.label(self.position)
        cards = " + ".join(show(c) for c in self.cards)
        if self.kind == "joker":
            return f"Joker on {who}: instant wound and infection"
        if self.kind == "join":
            return f"{cards} joins the {value(self.cards[0])} on {who}: Contagious"
        kind = {"strong": "Strong ", "contagious": "Contagious "}.get(self.kind, "")
        return f"{kind}{cards} attacks {who}"

    def zombie(self) -> Zombie:
        """The zombie this play puts on the survivor (not for a join or the joker)."""
        return Zombie(self.cards, self.kind)


def pair_kind(cards: Sequence[str]) -> str:
    """'strong' for two cards of one suit, 'contagious' for two of one number, else ''."""
    a, b = cards
    if suit(a) == suit(b):
        return "strong"
    if value(a) == value(b):
        return "contagious"
    return ""


def refusal(survivors: Sequence[Survivor], hand: Sequence[str], attack: Attack) -> RuleError | None:
    """Why ``attack`` is not allowed now, or ``None`` when it is."""
    target = survivors[attack.position]
    for card in attack.cards:
        if card not in hand:
            return RuleError("LD-8", f"{show(card)} is not in your Zombie Hand.")
    if len(set(attack.cards)) != len(attack.cards):
        return RuleError("LD-17", "A pair needs two different cards.")
    if attack.kind == "joker":
        return None  # any survivor, no limits (LD-39, LD-R8)
    if JOKER in attack.cards:
        return RuleError("LD-39", "The joker is played on its own, on any survivor.")
    who = target.label(attack.position)
    if target.attacked:
        return RuleError("LD-12", f"{who} has already been attacked this round.")
    if attack.kind == "join":
        return _join_refusal(target, who, attack.cards[0])
    if len(target.zombies) >= MAX_ZOMBIES:
        return RuleError("LD-13", f"{who} already has {MAX_ZOMBIES} zombies on it.")
    if attack.kind == "single":
        card = attack.cards[0]
        if suit(card) != target.suit:
            return RuleError("LD-11", f"{show(card)} does not match the suit of {who}.")
        return None
    return _pair_refusal(target, who, attack)


def _join_refusal(target: Survivor, who: str, card: str) -> RuleError | None:
    numbers = [z for z in target.zombies if z.value == value(card)]
    if not numbers:
        return RuleError("LD-16", f"No zombie numbered {value(card)} is attacking {who}.")
    if all(z.kind != "single" for z in numbers):
        return RuleError("LD-R10", "A card can only join a single-card zombie, not a pair.")
    return None


def _pair_refusal(target: Survivor, who: str, attack: Attack) -> RuleError | None:
    kind = pair_kind(attack.cards)
    if not kind:
        return RuleError(
            "LD-14",
            "Two cards attack together only with one suit (Strong) or one number (Contagious).",
        )
    if kind == "strong":
        risen = [c for c in attack.cards if c in FACES]
        if len(risen) == 2:
            return RuleError("LD-38", "Two Zombie Survivors never make a Strong Zombie.")
        if risen:
            return RuleError("LD-R9", "A Zombie Survivor cannot be part of a Strong Zombie.")
        if suit(attack.cards[0]) != target.suit:
            return RuleError("LD-R9", f"A Strong Zombie must have the suit of {who}.")
        return None
    if target.suit not in {suit(c) for c in attack.cards}:
        return RuleError("LD-15", f"One card of a Contagious Zombie must match the suit of {who}.")
    return None


def candidates(survivors: Sequence[Survivor], hand: Sequence[str]) -> list[Attack]:
    """Every play to consider, allowed or not."""
    plays: list[Attack] = []
    for position in range(len(survivors)):
        if JOKER in hand:
            plays.append(Attack("joker", position, (JOKER,)))
        if survivors[position].attacked:
            continue  # nothing but the joker (LD-12, LD-R8)
        for card in hand:
            plays.append(Attack("single", position, (card,)))
        for pair in combinations(hand, 2):
            kind = pair_kind(pair)
            if kind:
                plays.append(Attack(kind, position, pair))
        for card in hand:
            plays.append(Attack("join", position, (card,)))
    return plays


def options(survivors: Sequence[Survivor], hand: Sequence[str]) -> list[Attack]:
    """Every play the Horde may make now."""
    return [a for a in candidates(survivors, hand) if refusal(survivors, hand, a) is None]


def can_attack(card: str, survivors: Sequence[Survivor]) -> bool:
    """Whether a card could ever attack one of these survivors: by suit, or the joker (LD-R22)."""
    return card == JOKER or any(suit(card) == s.suit for s in survivors)

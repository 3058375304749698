"""The rules reference of Moore's Zombies!, summarised in our own words, and the table settings."""

from __future__ import annotations

from companion.games.core import Field, Rule, RuleBook, Setting

SETTINGS = (
    Setting(
        "first_attacker",
        "Army that attacks in the first battle",
        ("red", "black"),
        "red",
        "MZ-T2",
    ),
    Setting(
        "revive_reshuffle",
        "Optional rule: reshuffle the treasure card after a revive",
        ("off", "on"),
        "off",
        "MZ-16",
    ),
    Setting(
        "zombie_limits",
        "Zombies in a regular battle use up the army and wizard limits",
        ("no", "yes"),
        "no",
        "MZ-T3",
    ),
)

SETUP_FIELDS = (
    Field("players", "players", "Players: red army first, then black army", min=2, max=2),
    *(s.field() for s in SETTINGS),
)

RULES = RuleBook(
    "moore-zombies",
    (
        Rule(
            "MZ-1",
            "What you need",
            "A standard deck with both jokers and two ordinary six-sided dice. Two players: one "
            "leads the red army, the other the black army.",
        ),
        Rule(
            "MZ-2",
            "The treasure pile",
            "The twelve aces, twos and threes are shuffled into a face-down treasure pile, and "
            "its top card is turned face up: that card is the prize of the next battle. An ace "
            "is worth 1 point, a two 2, a three 3.",
        ),
        Rule(
            "MZ-3",
            "The armies",
            "All the other cards of a player's colour (4 to 10, jack, queen and king of both "
            "suits: twenty cards) and one joker make up that player's army, held as a secret "
            "hand. Number cards are armies; jacks, queens and kings are wizards.",
        ),
        Rule(
            "MZ-4",
            "Wizards",
            "An activated wizard adds one roll of a die (1 to 6) to its side's total, so nobody "
            "knows its strength beforehand. Afterwards it goes to the dead pile.",
        ),
        Rule(
            "MZ-5",
            "Jokers",
            "A joker can stand in for any army from 4 to 10, for a wizard, or for a zombie in a "
            "zombie attack. Once used for anything it leaves the game for good. Nobody is ever "
            "made to place or activate a joker, and a joker still unused at the end scores 2 "
            "points.",
        ),
        Rule("MZ-6", "The goal", "Finish the game with more points than your opponent."),
        Rule(
            "MZ-7",
            "A battle every turn",
            "Each turn both armies lay exactly three cards face down. One of them is put in the "
            "activated slot: that card will certainly fight and be lost. Fighting with the other "
            "two is optional.",
        ),
        Rule(
            "MZ-8",
            "Reveal, then activate",
            "All six cards are turned over together. The attacker says first which of its two "
            "other cards also fight; then the defender decides for its own.",
        ),
        Rule(
            "MZ-9",
            "Who wins a battle",
            "Each side adds up its activated cards: an army counts its number, a wizard one die "
            "roll. The higher total wins.",
        ),
        Rule(
            "MZ-10",
            "Two armies, two wizards",
            "A side may never place or activate more than two armies, nor more than two wizards, "
            "in one battle. Only a zombie attack is free of this limit.",
        ),
        Rule("MZ-11", "Ties", "Equal totals: the attacker wins the battle."),
        Rule(
            "MZ-12",
            "After the fight",
            "Cards that did not fight go back to their owner's hand. Activated armies and wizards "
            "of both sides go onto one shared, face-up dead pile. A joker that was used leaves the "
            "game.",
        ),
        Rule(
            "MZ-13",
            "The spoils",
            "The winner either takes the face-up treasure card, after which the next one is turned "
            "up, or instead takes cards from the dead pile: at most as many as the treasure card "
            "is worth. A zombie treasure card (higher than 3) cannot be swapped for dead cards.",
        ),
        Rule(
            "MZ-14",
            "The dead-pile roll-off",
            "A winner going to the dead pile first rolls a die against the loser's die. Rolling at "
            "least as high lets the winner look through the pile and choose; if the loser rolls "
            "higher, the winner takes the cards blind, at random.",
        ),
        Rule(
            "MZ-15",
            "Taking turns to attack",
            "After every battle the defender becomes the attacker.",
        ),
        Rule(
            "MZ-16",
            "Optional: new stakes after a revive",
            "When the table plays with this option and the winner takes dead cards instead of "
            "the treasure card, the face-up treasure card goes back into the treasure pile, which "
            "is shuffled, and a new one is turned up.",
        ),
        Rule(
            "MZ-17",
            "Zombies",
            "A card of the opponent's colour taken from the dead pile is a zombie in its new "
            "owner's hand. A player's own joker, while still hidden in hand, can also act as a "
            "zombie. Jokers never reach the dead pile, so they are never revived.",
        ),
        Rule(
            "MZ-18",
            "Zombie attack",
            "A player holding three zombies may lay them as the three battle cards. Once they are "
            "revealed nothing can stop the attack, and four things follow in order (MZ-19 to "
            "MZ-22).",
        ),
        Rule(
            "MZ-19",
            "Zombie attack, 1: protected cards",
            "The other player takes all three of their battle cards back into hand, safe from the "
            "attack.",
        ),
        Rule(
            "MZ-20",
            "Zombie attack, 2: a random victim",
            "The zombies kill one card picked at random from the other player's hidden hand. Both "
            "players see it, and it goes to the dead pile.",
        ),
        Rule(
            "MZ-21",
            "Zombie attack, 3: the prize",
            "The zombie player takes the treasure card that was being fought for.",
        ),
        Rule(
            "MZ-22",
            "Zombie attack, 4: where the zombies go",
            "Zombie number cards are shuffled into the treasure pile, zombie wizards go back to "
            "the dead pile, and a joker used as a zombie leaves the game.",
        ),
        Rule(
            "MZ-23",
            "Zombies against zombies",
            "If both players attack with zombies in the same battle, each kills a card from the "
            "other's hand and each side's zombies go where MZ-22 sends them. The treasure card "
            "goes to the higher zombie total, counting number cards at their number and each "
            "zombie wizard as a die roll; the attacker wins a tie.",
        ),
        Rule(
            "MZ-24",
            "Zombies in a regular battle",
            "A zombie may also be laid in a regular battle, where it counts 0. Zombies count as "
            "cards in hand for the length of the game. A player makes at most one zombie attack "
            "per battle.",
        ),
        Rule(
            "MZ-25",
            "The last battle",
            "Once a player has fewer than three cards in hand (zombies and joker included), the "
            "next battle is the last one.",
        ),
        Rule(
            "MZ-26",
            "Short hands in the last battle",
            "A player with fewer than three cards lays every card they have, though a joker may "
            "be kept back. Each empty slot is made up by a die roll: one card plays with two dice, "
            "two cards with one die. This holds for both players if both are short.",
        ),
        Rule(
            "MZ-27",
            "A lone joker",
            "A player whose only card after a battle is their joker says so at once and chooses: "
            "end the game now and score the joker's 2 points, or fight the last battle with the "
            "joker, as an army, a wizard or a zombie, plus two dice. The game ends after that "
            "battle.",
        ),
        Rule(
            "MZ-28",
            "Scoring",
            "At the end each player adds up the treasure cards they took, plus 2 for a joker "
            "never used. The higher score wins.",
        ),
        Rule(
            "MZ-R8",
            "Zombie treasure, and the optional rule (ruling 8)",
            "A zombie number card that turns up in the treasure pile scores its own number, 4 to "
            "10, for the player who takes it. The optional reshuffle after a revive (MZ-16) is a "
            "table setting, off unless the table turns it on.",
            ruling=True,
        ),
        Rule(
            "MZ-T1",
            "Who is who",
            "The first player named leads the red army, the second the black army. The red army's "
            "joker is entered as JK1 and the black army's as JK2; as the two jokers do the same "
            "job, either name entered for an army's card means that army's own joker.",
            ruling=True,
        ),
        Rule(
            "MZ-T2",
            "The first attacker",
            "The text does not say who attacks first. The red army does, unless the table setting "
            "gives the first attack to the black army.",
            ruling=True,
        ),
        Rule(
            "MZ-T3",
            "Zombies and the limits",
            "A zombie in a regular battle counts 0, and by default it uses up neither the army "
            "limit nor the wizard limit of MZ-10. A table setting makes each zombie use up the "
            "limit of its rank instead.",
            ruling=True,
        ),
        Rule(
            "MZ-T4",
            "A joker's role",
            "A placed joker takes a role only when it is activated: its owner names it an army "
            "of 4 to 10, a wizard or a zombie (worth 0) while deciding what to activate. An army "
            "or wizard role uses up that limit of MZ-10. A joker placed but not activated goes "
            "back to hand, unused.",
            ruling=True,
        ),
        Rule(
            "MZ-T5",
            "When the limits leave a slot empty",
            "If a player's hand cannot supply three cards within the limits, they lay as many as "
            "the limits allow, and the empty slot counts nothing (dice fill slots only in the "
            "last battle). A joker is never needed to fill a slot.",
            ruling=True,
        ),
        Rule(
            "MZ-T6",
            "Declaring a zombie attack",
            "Three zombies revealed together are always a zombie attack. Two zombies and the "
            "player's own joker are a zombie attack only when the player declares it at the "
            "reveal; otherwise they fight a regular battle in which the zombies count 0.",
            ruling=True,
        ),
        Rule(
            "MZ-T7",
            "A killed joker",
            "If the card the zombies kill is a joker, it leaves the game instead of going to the "
            "dead pile, since a joker is never revived.",
            ruling=True,
        ),
        Rule(
            "MZ-T8",
            "Order in zombies against zombies",
            "When both armies attack with zombies, the attacker's zombies kill first, then the "
            "defender's. A joker acting as a zombie counts 0 in the comparison of totals.",
            ruling=True,
        ),
        Rule(
            "MZ-T9",
            "How many dead cards",
            "The winner says how many dead cards to take (at least one, at most the treasure "
            "card's value and the size of the dead pile) before the roll-off. With an empty dead "
            "pile, or a zombie treasure card, the winner takes the treasure card.",
            ruling=True,
        ),
        Rule(
            "MZ-T10",
            "When the end is checked",
            "Hand sizes are looked at when a battle is completely over, after any dead cards are "
            "taken and before the next treasure card is turned up. A lone joker is declared at "
            "the same moment, the attacker's first when both armies have one.",
            ruling=True,
        ),
        Rule(
            "MZ-T11",
            "An empty hand",
            "A player with no cards at all when the last battle begins fights it with three dice.",
            ruling=True,
        ),
        Rule(
            "MZ-T12",
            "Dice in empty slots",
            "Dice that make up empty slots in the last battle always count toward the total; they "
            "need no activation.",
            ruling=True,
        ),
        Rule(
            "MZ-T13",
            "The prize of the last battle",
            "The winner of the last battle takes the treasure card, since dead cards are worth "
            "nothing once the game is over.",
            ruling=True,
        ),
        Rule(
            "MZ-T14",
            "No treasure left",
            "When the treasure card is taken and the treasure pile is empty, nothing is left to "
            "fight for: the game ends and is scored.",
            ruling=True,
        ),
        Rule(
            "MZ-T15",
            "Equal scores",
            "If both players finish with the same score, they share the win.",
            ruling=True,
        ),
    ),
    SETTINGS,
)

"""The Lonely Dead's rule reference: every rule with its id, our readings, the table settings."""

from __future__ import annotations

from companion.games.core import Rule, RuleBook, Setting

#: Item effects, in the order the printed list gives them (and the order they are used in).
EFFECTS = ("kill", "extra-die", "heal", "swap")
EFFECT_NAMES = {
    "kill": "kill the zombie",
    "extra-die": "roll an extra die",
    "heal": "heal or avoid a wound",
    "swap": "swap for a new item",
}
#: The default suit of each effect (LD-R1), suits in the order C, D, H, S.
DEFAULT_EFFECTS = ("kill", "extra-die", "heal", "swap")
#: The round limit variation (LD-46): off, or the rounds after which the survivors are rescued.
ROUND_LIMITS = ("off", "5", "8", "10", "12", "15", "20")


def _item_setting(suit: str, default: str) -> Setting:
    """The effect of one suit's items; its default comes first, as the start form shows the
    first choice of every setting."""
    choices = (default, *(e for e in EFFECTS if e != default))
    return Setting(f"item_{suit}", f"Items in {suit}", choices, default, "LD-R1", EFFECT_NAMES)


SETTINGS = (
    *(
        _item_setting(suit, default)
        for suit, default in zip(
            ("clubs", "diamonds", "hearts", "spades"), DEFAULT_EFFECTS, strict=True
        )
    ),
    Setting(
        "replace_zombified",
        "Replace a survivor who rises as a zombie",
        ("yes", "no"),
        "yes",
        "LD-R20",
    ),
    Setting(
        "round_limit",
        "Survivors are rescued after",
        ROUND_LIMITS,
        "off",
        "LD-46",
        {"off": "no round limit", **{n: f"{n} rounds" for n in ROUND_LIMITS[1:]}},
    ),
)


def _rule(rule_id: str, title: str, summary: str) -> Rule:
    return Rule(rule_id, title, summary)


def _ruling(rule_id: str, title: str, summary: str) -> Rule:
    return Rule(rule_id, f"{title} (ruling)", summary, ruling=True)


RULES = RuleBook(
    "lonely-dead",
    (
        # -- setting up ---------------------------------------------------------------------
        _rule(
            "LD-1",
            "What you need",
            "One player, who plays the zombie Horde against the survivors. A standard deck with "
            "one joker, a few six-sided dice, and coins to mark wounds.",
        ),
        _rule(
            "LD-2",
            "Survivors and numbered cards",
            "Jacks, queens, kings and aces are the survivors. The cards 2 to 10 and the joker "
            "are the numbered cards: zombies for the Horde, items for the survivors.",
        ),
        _rule(
            "LD-3",
            "Thinning the Safehouse",
            "Roll one die and put that many survivor cards aside without looking at them. The "
            "survivor cards left over form the Safehouse, the reserve of survivors.",
        ),
        _rule(
            "LD-4", "Wound limits", "A jack can take 2 wounds, a queen 3, a king 3 and an ace 4."
        ),
        _rule(
            "LD-5",
            "Affinity",
            "A survivor's suit is its Affinity. When an item of that same suit is checked "
            "against the dice, the survivor may count either die or the total one higher or one "
            "lower.",
        ),
        _rule(
            "LD-6",
            "Two decks",
            "The numbered cards and the joker are dealt into two face-down decks: the Survivor "
            "Deck and the Zombie Deck.",
        ),
        _rule(
            "LD-7",
            "Four survivors in play",
            "Deal four survivors from the Safehouse face up in a row; they are survivors 1 to 4 "
            "from the left.",
        ),
        _rule(
            "LD-8", "The Zombie Hand", "Take three cards from the Zombie Deck: this is your hand."
        ),
        # -- the round --------------------------------------------------------------------
        _rule(
            "LD-9",
            "A round",
            "Every round has five phases, always in this order: Horde Replenish, Zombies Attack, "
            "Fight (with the use of items), Survivor Search, Worsening Infection.",
        ),
        _rule(
            "LD-10",
            "Horde Replenish",
            "Draw from the Zombie Deck until you hold three cards. When the Zombie Deck runs "
            "out, shuffle the Zombie Discard and use it as the new Zombie Deck.",
        ),
        _rule(
            "LD-11",
            "Attacking by suit",
            "A card from your hand attacks a survivor of the same suit: put it on that survivor. "
            "It stays there as an attacking zombie.",
        ),
        _rule(
            "LD-12",
            "One attack per survivor",
            "Apart from the special attacks, each survivor can be attacked with only one card in "
            "a round.",
        ),
        _rule(
            "LD-13",
            "Three zombies at most",
            "No survivor may have more than three zombies attacking it; with three already on it "
            "(played over three rounds, say) it takes no more.",
        ),
        _rule(
            "LD-14",
            "Strong Zombie",
            "Two cards of one suit from your hand may attack a survivor together. In the fight "
            "their values count added together.",
        ),
        _rule(
            "LD-15",
            "Contagious Zombie",
            "Two cards of the same number from your hand may attack together when one of them "
            "has the survivor's suit. Their values are not added. A survivor this zombie wounds "
            "is infected.",
        ),
        _rule(
            "LD-16",
            "Contagious with a zombie in play",
            "Unlike a Strong Zombie, a Contagious Zombie can be made from one card in hand and a "
            "zombie of the same number already attacking a survivor.",
        ),
        _rule(
            "LD-17",
            "A pair is one zombie",
            "The two cards of a Strong or Contagious Zombie count as a single zombie.",
        ),
        _rule(
            "LD-18",
            "No valid attack",
            "When no card in your hand can attack a survivor in play, you hold no joker, and no "
            "two cards can make a Contagious Zombie, your whole hand goes to the Survivor "
            "Discard.",
        ),
        # -- the fight --------------------------------------------------------------------
        _rule(
            "LD-19",
            "Fight roll",
            "Each zombie on a survivor gets a fight: roll two dice for the survivor and add "
            "them. Above the zombie's value, the survivor holds it off unhurt; the zombie stays "
            "on the survivor for the next round.",
        ),
        _rule(
            "LD-20",
            "Wound",
            "Below the zombie's value, the survivor takes a wound (put a coin on it), and every "
            "zombie on that survivor goes to the Zombie Discard.",
        ),
        _rule(
            "LD-21",
            "Doubles",
            "When the two dice match: above the zombie's value the zombie is killed and goes "
            "to the Survivor Discard; below it the survivor avoids the wound, but the zombie "
            "stays.",
        ),
        _rule("LD-22", "Ties", "When the total equals the zombie's value, the zombie wins."),
        # -- items ------------------------------------------------------------------------
        _rule(
            "LD-23",
            "Using an item",
            "After the fight roll, an item of the survivor whose number equals one die or the "
            "total can be used: its effect counts and the item goes to the Survivor Discard. The "
            "effect comes before any wound.",
        ),
        _rule(
            "LD-24",
            "Kill item",
            "The zombie dies on the spot (to the Survivor Discard) and the survivor stays "
            "unhurt, however low the roll.",
        ),
        _rule(
            "LD-25",
            "Extra die item",
            "Roll one more die and add it to the roll. With doubles among the dice, a total "
            "above the zombie kills it (to the Survivor Discard), and a total below it avoids "
            "the wound while the zombie stays.",
        ),
        _rule(
            "LD-26",
            "Heal item",
            "With a total above the zombie's value, the survivor may take one of its wounds off. "
            "Otherwise the wound is avoided, and the zombie stays.",
        ),
        _rule(
            "LD-27",
            "Swap item",
            "The survivor throws the item away and takes a replacement from the Survivor Deck "
            "straight away. If the new card's number equals a die or the total, its effect is "
            "used too.",
        ),
        _rule(
            "LD-28",
            "Several items",
            "A survivor uses every item the dice call for. An extra die can make further items "
            "usable. Affinity (LD-5) also counts for items of the survivor's own suit.",
        ),
        # -- the search -------------------------------------------------------------------
        _rule(
            "LD-29",
            "Survivor Search",
            "When every fight is over, roll one die and draw the top card of the Survivor Deck. "
            "On 1 to 4 that survivor finds an item: put the card above it. On 5 or 6 the "
            "card was a zombie after all: it goes to the Zombie Discard.",
        ),
        _rule(
            "LD-30",
            "Fewer survivors",
            "With three survivors, 1 to 3 finds an item and 4 to 6 a zombie; with two, 1 and 2; "
            "with one, only a 1.",
        ),
        _rule(
            "LD-31",
            "Empty Survivor Deck",
            "When the Survivor Deck runs out, shuffle the Survivor Discard and use it as the new "
            "Survivor Deck.",
        ),
        # -- infection --------------------------------------------------------------------
        _rule(
            "LD-32",
            "Worsening Infection",
            "In the last phase of the round, every infection die on a survivor goes down by one.",
        ),
        _rule(
            "LD-33",
            "Infection",
            "A survivor wounded by a Contagious Zombie or by the Horde's joker is infected: "
            "right then, roll one die and put it on the survivor showing the number rolled.",
        ),
        _rule(
            "LD-34",
            "Fresh infections wait",
            "An infection die is not turned down in the round its wound was taken.",
        ),
        _rule(
            "LD-35",
            "Execution",
            "When an infection die reaches 0, the other survivors put the infected one down: "
            "the card goes to the Graveyard and its items to the Survivor Discard.",
        ),
        _rule(
            "LD-36",
            "Zombie Survivors",
            "An infected survivor killed before its die runs out rises as a Zombie Survivor: the "
            "card and its items go to the Zombie Discard.",
        ),
        _rule(
            "LD-37",
            "Zombie Survivor values",
            "A Zombie Survivor attacks like any zombie, by suit, and is worth: jack 11, queen "
            "12, king 13, ace 14.",
        ),
        _rule(
            "LD-38",
            "Zombie Survivor pairs",
            "Two Zombie Survivors of one suit never make a Strong Zombie, but two of the same "
            "value make a Contagious Zombie Survivor.",
        ),
        # -- the joker --------------------------------------------------------------------
        _rule(
            "LD-39",
            "The Horde's joker",
            "A joker that comes to your hand can be played on any survivor: it is wounded at "
            "once, the other zombies on it are discarded, and it is infected. No item stops "
            "this. If the wound is fatal, the survivor rises as a Zombie Survivor right away, "
            "items and all.",
        ),
        _rule(
            "LD-40",
            "The Survivors' joker",
            "A joker the search roll gives to a survivor is a bomb: every zombie in play goes "
            "to the Survivor Discard (with no zombie in play nothing happens). When the search "
            "roll gives no survivor, the joker goes to the Zombie Discard like any zombie.",
        ),
        _rule(
            "LD-41", "One use", "Once either side has used the joker, it leaves the game for good."
        ),
        # -- the end ----------------------------------------------------------------------
        _rule(
            "LD-42",
            "Graveyard and replacement",
            "A survivor killed without rising goes to the Graveyard, and a new survivor from "
            "the Safehouse takes its place at once.",
        ),
        _rule(
            "LD-43",
            "The Horde wins",
            "The game ends in your favour when every survivor is dead or has risen as a zombie.",
        ),
        _rule(
            "LD-44",
            "The Horde is spent",
            "The game ends in the survivors' favour when you have no card left, in hand or in "
            "your piles, that can attack.",
        ),
        _rule(
            "LD-45",
            "The endgame",
            "A hand that cannot attack is thrown away and new cards are drawn; zombies already "
            "in play go on fighting, and a card matching a zombie in play by number can still "
            "be played (LD-16). Play on until you can do nothing more.",
        ),
        # -- variations ----------------------------------------------------------------------
        _rule(
            "LD-46",
            "Round limit (variation)",
            "A table setting, off by default: the game lasts a chosen number of rounds. If the "
            "Horde has not won when the last of them ends, the survivors are rescued and win.",
        ),
        # -- rulings ----------------------------------------------------------------------
        _ruling(
            "LD-R1",
            "Which suit does what",
            "The printed list of item effects lost its suit symbols. By default clubs kill "
            "the zombie, diamonds roll an extra die, hearts heal, spades swap for a new item. "
            "Each suit's effect is a table setting; every effect must belong to one suit.",
        ),
        _ruling(
            "LD-R2",
            "Ties and doubles",
            "The zombie wins every tie, even when the survivor rolled doubles: a tie is a wound.",
        ),
        _ruling(
            "LD-R3",
            "Several zombies on one survivor",
            "Each zombie (a pair counts as one) has its own fight, in the order the zombies "
            "arrived. A wound clears the survivor, so the zombies after it do not roll.",
        ),
        _ruling(
            "LD-R4",
            "Dealing the two decks",
            "Deal the numbered cards and the joker one at a time, Survivor Deck first, then "
            "Zombie Deck, and so on: 19 cards in the Survivor Deck and 18 in the Zombie Deck.",
        ),
        _ruling(
            "LD-R5",
            "Infected twice",
            "A survivor already infected that is infected again keeps the die it has; no new roll.",
        ),
        _ruling(
            "LD-R6",
            "Reaching the wound limit",
            "A survivor dies when its wounds reach its limit: a jack falls at its second "
            "wound, an ace at its fourth. The supply list's twelve coins fit this reading.",
        ),
        _ruling(
            "LD-R7",
            "Order of the fights",
            "Fights go survivor by survivor, from survivor 1 to the last, and on each survivor "
            "in the order its zombies arrived (LD-R3). Every zombie fights once a round.",
        ),
        _ruling(
            "LD-R8",
            "What counts as the survivor's attack",
            "A survivor receives at most one play a round: a single card, a Strong or "
            "Contagious pair, or one card joining a zombie already there. The joker is no "
            "attack and ignores the limits.",
        ),
        _ruling(
            "LD-R9",
            "Strong pairs",
            "Both cards of a Strong Zombie must have the survivor's suit, and no Zombie "
            "Survivor card can be part of one.",
        ),
        _ruling(
            "LD-R10",
            "Joining a zombie in play",
            "A hand card of any suit can join a single-card zombie of the same number on a "
            "survivor, making it a Contagious Zombie. It cannot join a pair. It uses that "
            "survivor's play for the round.",
        ),
        _ruling(
            "LD-R11",
            "When the joker is played",
            "The Horde's joker is played in a Zombies Attack phase: the one right after it is "
            "drawn, or any later one while it stays in your hand.",
        ),
        _ruling(
            "LD-R12",
            "When a hand is thrown away",
            "Whether you have a valid attack is judged as the Zombies Attack phase begins, "
            "with every limit applied (one play per survivor, three zombies). New cards come "
            "with the next Horde Replenish.",
        ),
        _ruling(
            "LD-R13",
            "How items are used",
            "Items are used without asking, one at a time: kill items first, then extra dice, "
            "then heals, then swaps; lower numbers first. An item that cannot help stays with "
            "the survivor: nothing is used once the zombie is already killed, except a heal "
            "for a wound; a heal is kept when there is no wound to take off or to avoid. "
            "With three dice, an item matches any one die or the total of all of them.",
        ),
        _ruling(
            "LD-R14",
            "After an extra die",
            "The fight is read again with all the dice: doubles means any two dice match. "
            "Above the zombie, doubles kill and no doubles fend it off; below it, doubles "
            "avoid the wound and no doubles take one. Ties still go to the zombie.",
        ),
        _ruling(
            "LD-R15",
            "A heal on a tie",
            "A heal item used on a tie is not 'above the zombie', so it avoids the wound and "
            "the zombie stays.",
        ),
        _ruling(
            "LD-R16",
            "The swapped-in item",
            "The card drawn by a swap becomes the survivor's item and is used at once if the "
            "dice match it. An empty Survivor Deck is first renewed from the discard, the "
            "swapped item included (LD-31). A joker drawn this way is the survivors' bomb "
            "(LD-40).",
        ),
        _ruling(
            "LD-R17",
            "A fatal contagious wound",
            "A survivor killed by the wound of a Contagious Zombie rises as a Zombie Survivor "
            "at once, as with the joker; no infection die is rolled.",
        ),
        _ruling(
            "LD-R18",
            "Items of the fallen",
            "A survivor killed without rising leaves its items in the Survivor Discard.",
        ),
        _ruling(
            "LD-R19",
            "Numbering the survivors",
            "A new survivor takes the place of the one it replaces. When the Safehouse is "
            "empty the others close up and are numbered again from 1 on the left, so the "
            "search roll always counts survivors in play (LD-30).",
        ),
        _ruling(
            "LD-R20",
            "Replacing a Zombie Survivor",
            "The printed replacement rule mentions only the Graveyard. By default a survivor "
            "who rises as a zombie is replaced from the Safehouse too (a table setting).",
        ),
        _ruling(
            "LD-R21",
            "Risen cards keep their value",
            "A face card that has risen as a Zombie Survivor counts 11 to 14 wherever it goes "
            "afterwards, also when the survivors draw it as an item.",
        ),
        _ruling(
            "LD-R22",
            "When the Horde is spent",
            "Judged as each Zombies Attack phase begins: no zombie in play, and no card in "
            "your hand, Zombie Deck or Zombie Discard could attack a survivor in play (by "
            "suit, or the joker). Cards the survivors may still find for you do not count.",
        ),
        _ruling(
            "LD-R23",
            "Empty piles",
            "If the Zombie Deck and Zombie Discard are both empty, your hand stays short. If "
            "the Survivor Deck and Survivor Discard are both empty, the search finds nothing.",
        ),
        _ruling(
            "LD-R24",
            "Score and giving up",
            "The score is the round the game ended in (round 1 starts when setup is done). "
            "You may give up at any time; the survivors then win.",
        ),
        _ruling(
            "LD-R25",
            "Zombies of an executed survivor",
            "Zombies attacking a survivor who is put down for its infection go back to the "
            "Zombie Discard, as after a wound.",
        ),
        _ruling(
            "LD-R26",
            "Counting the round limit",
            "Rounds are counted as the score counts them (LD-R24): round 1 begins when setup "
            "is done. The limit is reached when the last round's infections have worsened and "
            "its executions are done; a game the Horde wins within that round is the Horde's.",
        ),
    ),
    SETTINGS,
)

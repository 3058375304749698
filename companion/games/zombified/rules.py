"""The Zombified rule book: every rule of the printed text in our words, the FAQ answers, and the
readings the table takes where the text says nothing."""

from __future__ import annotations

from companion.games.core import Rule, RuleBook, Setting

ZOMBIE_EVENTS = Setting(
    "zombie_events",
    "Zombie events (Penetration, Speed, Toughness) change",
    ("one", "horde"),
    "one",
    "ZF-R6",
    {"one": "one zombie", "horde": "the whole horde"},
)

_TEXT = (
    Rule(
        "ZF-1",
        "Players",
        "Two or more players (the table takes 2 to 8), seated in the order entered. The first "
        "seat plays first and turns go round the table.",
    ),
    Rule(
        "ZF-2",
        "The shared deck",
        "Everyone draws from one deck of 99 cards of five kinds: survivors, zombies, weapons, "
        "locations and events. The card list gives each card's copies and numbers: Penetration "
        "(P), Toughness (T), Speed, Escape (E), weapon bonus (B), Safety, uses, Strong, and the "
        "impromptu attack cards (IAC). A card the table has already seen in play or in the "
        "discard pile cannot be played again.",
    ),
    Rule(
        "ZF-3",
        "Modified 2D6 rolls",
        "Penetration, weapon and escape rolls use two six-sided dice. Add and subtract the "
        "bonuses that apply; a total of 7 or more succeeds.",
    ),
    Rule(
        "ZF-4",
        "Setup",
        "Each player begins with one survivor chosen at random and in play, then is dealt a "
        "hand of seven cards.",
    ),
    Rule(
        "ZF-5",
        "No early attacks",
        "A player's zombies cannot attack before that player's second turn.",
    ),
    Rule(
        "ZF-6",
        "Nine phases",
        "A turn runs through nine phases in order: draw, survivor, location, zombie, weapon, "
        "penetration, fire, escape, end. Cards of each kind come into play in their own phase.",
    ),
    Rule("ZF-7", "Draw phase", "Take the top card of the deck into your hand."),
    Rule("ZF-8", "Survivor phase", "You may put one survivor from your hand into play."),
    Rule(
        "ZF-9",
        "Location phase",
        "Only a player with no location in play may put one down from the hand; a player never "
        "holds two.",
    ),
    Rule("ZF-10", "Zombie phase", "You may add one zombie from your hand to your horde."),
    Rule(
        "ZF-11",
        "Weapon phase",
        "You may give one weapon from your hand to one of your survivors. A survivor carries "
        "one weapon at most.",
    ),
    Rule(
        "ZF-12",
        "Penetration phase",
        "Your whole horde goes after a single opponent. Each zombie card rolls 2D6, adds its "
        "Penetration and takes off the Safety of the defender's location, if any. On 7 or more "
        "that zombie is in: it is an incoming zombie.",
    ),
    Rule(
        "ZF-13",
        "Fire phase",
        "Every survivor of the defender that has a weapon may attack one incoming zombie, once.",
    ),
    Rule(
        "ZF-14",
        "Impromptu attacks",
        "A survivor without a weapon may still attack by discarding an impromptu attack card; "
        "the card's bonus takes the place of a weapon's for that roll.",
    ),
    Rule(
        "ZF-15",
        "Weapon roll",
        "The attack rolls 2D6, adds the weapon's bonus and the survivor's own weapon bonus, and "
        "takes off the target's Toughness. On 7 or more the zombie is destroyed and discarded.",
    ),
    Rule(
        "ZF-16",
        "Losing the weapon",
        "If the two dice alone show 4 or less, the weapon is discarded, whatever the total: it "
        "jammed, broke or was dropped.",
    ),
    Rule(
        "ZF-17",
        "Escape phase",
        "If incoming zombies are left after the fire phase, they chase the defender's "
        "survivors, and each survivor rolls 2D6 to get away: add its Escape, take off the Speed "
        "of the fastest chasing zombie. On 7 or more it escapes.",
    ),
    Rule(
        "ZF-18",
        "Caught survivors",
        "For each chasing zombie, one survivor picked at random among those that failed to "
        "escape is destroyed.",
    ),
    Rule(
        "ZF-19",
        "Losing the location",
        "When the survivors have had to roll to escape, the defender's location is discarded.",
    ),
    Rule(
        "ZF-20",
        "End phase",
        "A hand holds at most eight cards: discard down to eight.",
    ),
    Rule(
        "ZF-21",
        "End of the game",
        "Once the deck is empty, the game lasts until every player has had a turn with nothing "
        "to draw.",
    ),
    Rule("ZF-22", "Winning", "The player with the most survivors in play at the end wins."),
    Rule(
        "ZF-23",
        "Strong",
        "The Shovel, the Bat, the Chainsaw and the Crush Skull attack only work in the hands of "
        "a Strong survivor (Strong Survivor, Gun Nut, Combat Professional, Heroic Zombie Killer).",
    ),
    Rule(
        "ZF-24",
        "Firearm uses",
        "Pistol, Rifle, Assault Rifle and Shotgun come with a number of uses; each attack roll "
        "spends one.",
    ),
)

_EVENTS = (
    Rule(
        "ZF-30",
        "Events",
        "An event card does what its line in the card list says, then goes to the discard pile "
        "(Badly Injured stays on its survivor).",
    ),
    Rule(
        "ZF-31",
        "Escape events",
        "Motorcycle: two survivors get Escape +3. Air Conditioning Vents, Getaway Car, Backdoor, "
        "Narrow Ledge, Sewer System, Set Fire: every survivor of a player gets Escape +2. Give Up "
        "Hope, Futile Attack: one survivor gets Escape -4.",
    ),
    Rule(
        "ZF-32",
        "Safety events",
        "Locked Door, Barricade, Basement, Attic: Safety +3 against penetration rolls.",
    ),
    Rule(
        "ZF-33",
        "Penetration events",
        "Zombies Everywhere, Break Windows: Penetration +3.",
    ),
    Rule(
        "ZF-34",
        "Speed events",
        "Surrounded, Trapped, Dead End: Speed +2. Stop to Eat Victims: Speed -2.",
    ),
    Rule(
        "ZF-35",
        "Toughness events",
        "Get Right Back Up, Regenerate, Already Dead: Toughness +2.",
    ),
    Rule(
        "ZF-36",
        "Turn on the Lights",
        "The attacking horde goes after a player of your choice instead.",
    ),
    Rule(
        "ZF-37",
        "Zombie Bite",
        "A survivor turns: it leaves its player and becomes a zombie in your horde.",
    ),
    Rule(
        "ZF-38",
        "Badly Injured",
        "A survivor gets Escape -2 and weapon rolls -2 for good.",
    ),
    Rule("ZF-39", "Come With Us", "A survivor of another player becomes yours."),
    Rule("ZF-40", "Make a Run for It", "Every player draws three cards."),
    Rule("ZF-41", "Zombie Migration", "A zombie of another player's horde becomes yours."),
    Rule("ZF-42", "Find Ammo", "A firearm has all its uses again."),
    Rule("ZF-43", "Broken", "A weapon in play is discarded."),
)

_FAQ = (
    Rule(
        "ZF-F1",
        "FAQ: your own cards in play",
        "Every player keeps their own survivors, weapons and location in play in front of them.",
    ),
    Rule(
        "ZF-F2",
        "FAQ: where zombies go",
        "Your zombies are put down at the cards in play of the player they attack.",
    ),
    Rule(
        "ZF-F3",
        "FAQ: zombies stay",
        "A zombie not destroyed in the fire phase stays in play after the chase, whether it "
        "caught a survivor or not.",
    ),
    Rule(
        "ZF-F4",
        "FAQ: hand weapons last",
        "Weapons without a number of uses can be used for ever; only firearms run out, and are "
        "discarded when they do.",
    ),
    Rule(
        "ZF-F5",
        "FAQ: the weapon of an eaten survivor",
        "When a survivor is destroyed in the escape phase, its weapon is discarded too.",
    ),
    Rule(
        "ZF-F6",
        "FAQ: when events are played",
        "Events may be played at any moment that suits, as many per turn as you like.",
    ),
)

_READINGS = (
    Rule(
        "ZF-R1",
        "Hands stay hidden",
        "The table only counts the cards in each hand; a card is entered when it is shown. Since "
        "nobody else can see your hand, the survivor, location, zombie and weapon phases may be "
        "passed, and a player with an empty hand passes them at once.",
        ruling=True,
    ),
    Rule(
        "ZF-R2",
        "Dealing the starting survivors",
        "Take the survivor cards out of the deck, shuffle them, give one to each player in seat "
        "order, shuffle the rest back and deal seven cards each.",
        ruling=True,
    ),
    Rule(
        "ZF-R3",
        "Whose second turn",
        "ZF-5 counts the attacking player's own turns: in each player's first turn the "
        "penetration, fire and escape phases are passed over.",
        ruling=True,
    ),
    Rule(
        "ZF-R4",
        "The horde must attack",
        "From a player's second turn, a horde with any zombie in it is always sent, and every "
        "zombie in it rolls, including one put down this turn. The zombies stay in their "
        "owner's horde afterwards (ZF-F3), ready to be sent again next turn.",
        ruling=True,
    ),
    Rule(
        "ZF-R5",
        "How long an event lasts",
        "Any player holding a card may play an event at any moment once the first turn has "
        "begun, in anyone's turn. Events that change Escape, Safety, Penetration, Speed or "
        "Toughness last until the end of the turn in which they are played and count only for "
        "rolls made after them: a roll already made stands.",
        ruling=True,
    ),
    Rule(
        "ZF-R6",
        "One zombie or the whole horde",
        "The Penetration, Speed and Toughness events do not say whether they change one zombie "
        "card or a whole horde. By default they change the one zombie card picked; the table "
        "setting can make them change every zombie in that zombie's horde.",
        ruling=True,
    ),
    Rule(
        "ZF-R7",
        "Whose survivors, whose safety",
        "An 'all survivors' escape event covers the survivors of one player; Motorcycle covers "
        "any two survivors (one if only one is in play). A safety event protects one player "
        "and adds to the Safety of their location, or counts alone if they have none.",
        ruling=True,
    ),
    Rule(
        "ZF-R8",
        "When the lights go on",
        "Turn on the Lights is played after a horde has been sent and before its first "
        "penetration roll. The new target is anyone but the horde's owner and the player it "
        "was going after.",
        ruling=True,
    ),
    Rule(
        "ZF-R9",
        "Changing hands",
        "Zombie Bite, Come With Us and Zombie Migration take a card of another player. A bitten "
        "survivor becomes a plain zombie with no bonuses, and its weapon and injuries are "
        "discarded; if it is destroyed later, its card is discarded. A survivor who comes with "
        "you keeps its weapon, uses and injuries. A card that changes hands leaves any attack "
        "under way and does not join one.",
        ruling=True,
    ),
    Rule(
        "ZF-R10",
        "Weapon roll details",
        "One roll can both destroy the zombie (total 7 or more) and lose the weapon (dice 4 or "
        "less). An impromptu attack card is discarded when it is played; the survivor's own "
        "weapon bonus and injuries still count, and there is no weapon to lose. An attack whose "
        "survivor, weapon or zombie is gone before its roll is called off.",
        ruling=True,
    ),
    Rule(
        "ZF-R11",
        "Escape details",
        "A defender with no survivors rolls nothing and keeps the location. When fewer "
        "survivors failed than zombies chase, all that failed are destroyed; otherwise the "
        "table picks at random (with a die, say) and enters each pick. Only zombies still "
        "chasing when the rolls are done count.",
        ruling=True,
    ),
    Rule(
        "ZF-R12",
        "Hand limit in your own end phase",
        "The hand limit is checked only in your own end phase; the cards you discard are shown "
        "and entered.",
        ruling=True,
    ),
    Rule(
        "ZF-R13",
        "Drawing three",
        "For Make a Run for It the player of the card draws first, then the others in seat "
        "order; when the deck runs out the drawing stops.",
        ruling=True,
    ),
    Rule(
        "ZF-R14",
        "Find Ammo and Broken",
        "Find Ammo is played on a firearm; Broken on any weapon in play.",
        ruling=True,
    ),
    Rule(
        "ZF-R15",
        "Ties",
        "The end of the game is checked at the end of each turn. Players tied for the most "
        "survivors share the win.",
        ruling=True,
    ),
)

RULES = RuleBook("zombified", _TEXT + _EVENTS + _FAQ + _READINGS, (ZOMBIE_EVENTS,))

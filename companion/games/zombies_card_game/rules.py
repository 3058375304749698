"""The rule reference of ZOMBIES!!! The Card Game, in our own words, and its table settings."""

from __future__ import annotations

from companion.games.core import Rule, RuleBook, Setting

#: Where cards lost under ZC-15 go (the table setting of ZC-T5).
LOST_TO_BULLETS = "bullet pile"
LOST_TO_BOX = "out of the game"

LOST_CARDS = Setting(
    "lost_cards",
    "Cards lost after paying from the map stack go to",
    (LOST_TO_BULLETS, LOST_TO_BOX),
    LOST_TO_BULLETS,
    "ZC-T5",
)

RULES = RuleBook(
    "zombies-card-game",
    (
        Rule(
            "ZC-1",
            "The goal",
            "Each player races through a deck of their own. The first to run their draw deck dry "
            "has reached the helipad, escapes, and wins.",
        ),
        Rule(
            "ZC-2",
            "Two-sided cards",
            "Every card can serve two ways: from your hand for the effect printed on its face, or "
            "from the top of your draw deck as a map card, whose back names a place and the "
            "number of zombies there.",
        ),
        Rule(
            "ZC-3",
            "Dealing",
            "Shuffle all 104 cards. With two to four players each gets 18; with five or six, 17. "
            "Whatever is left over goes back in the box and is not used.",
        ),
        Rule(
            "ZC-4",
            "Your draw deck",
            "Your dealt cards make one face-down pile in front of you: your draw deck. Cards leave "
            "it from the top and come back under the bottom.",
        ),
        Rule(
            "ZC-5",
            "Your bullets",
            "Before play, lay the top three cards of your draw deck face up and sideways beside "
            "it. That is your bullet pile; the cards you play are discarded onto it later.",
        ),
        Rule(
            "ZC-6",
            "Your starting hand",
            "Then take the next three cards of your draw deck into your hand.",
        ),
        Rule(
            "ZC-7",
            "Laying a map card",
            "Your turn opens with the top card of your draw deck turned map side up onto the "
            "shared map stack in the middle. The top card of that stack is where you are and "
            "tells how many zombies wait there.",
        ),
        Rule(
            "ZC-8",
            "Then fight",
            "Once the map card is down, you fight the zombies at that location, one at a time.",
        ),
        Rule(
            "ZC-9",
            "One card a round",
            "Each player may play one card per round, the round running from the start of their "
            "own turn to the start of their next, so a card may be played on anyone's turn. A "
            "played card is discarded onto its player's bullet pile.",
        ),
        Rule("ZC-10", "No hand limit", "You may hold any number of cards in your hand."),
        Rule(
            "ZC-11",
            "The combat roll",
            "Roll the die once for every zombie at your location. Four or better kills that "
            "zombie, and as a reward you take the top card of your draw deck into your hand.",
        ),
        Rule(
            "ZC-12",
            "Paying with bullets",
            "A roll under four has to be brought up to four: every card taken from your bullet "
            "pile adds one. Those cards go under your draw deck. When the bullets make it up to "
            "four, the zombie dies and you draw a card as for a good roll.",
        ),
        Rule(
            "ZC-13",
            "Paying from the map stack",
            "If your bullets run out before the roll reaches four, the rest is paid with cards "
            "from the bottom of the map stack, which also go under your draw deck. The top map "
            "card is the current location: it never counts as part of the stack for paying and "
            "never moves.",
        ),
        Rule(
            "ZC-14",
            "Eaten",
            "If the map stack, leaving out its top card, holds too few cards to pay what is still "
            "owed, you are dead and out of the game.",
        ),
        Rule(
            "ZC-15",
            "What the map stack costs",
            "Having to take even one map stack card means you draw no card for that zombie, "
            "every weapon and other card lying in front of you is lost, and your fighting is over "
            "for the turn however many zombies are still there.",
        ),
        Rule(
            "ZC-16",
            "One weapon per roll",
            "Only one weapon can help a combat roll, and you name it before you roll.",
        ),
        Rule(
            "ZC-17",
            "When you draw",
            "You only draw because an effect tells you to, or for a zombie you killed without "
            "needing the map stack.",
        ),
        Rule(
            "ZC-18",
            "The helipad",
            "Drawing the last card of your draw deck gets you to the helipad: you win.",
        ),
        Rule(
            "ZC-19",
            "Losing a bullet",
            "When a card makes you lose a bullet, move a card from your bullet pile to the "
            "bottom of your draw deck.",
        ),
        Rule(
            "ZC-20",
            "Discarding a bullet (Butter Fingers)",
            "A card that makes you discard a bullet works the same way as losing one: the card "
            "goes from your bullet pile to the bottom of your draw deck. Butter Fingers is such "
            "a card.",
        ),
        Rule(
            "ZC-21",
            "Weapons tied to a place",
            "A weapon that names a location can be played whenever that location is the top card "
            "of the map stack, on anyone's turn; it does not have to be your own location.",
        ),
        Rule(
            "ZC-22",
            "Cards that last",
            "A card whose effect lasts beyond your turn lies face up in front of you while it "
            "works. When its effect is over it goes onto your bullet pile.",
        ),
        Rule(
            "ZC-23",
            "Movement",
            "When a card tells a player to move, that player lays a map card from their draw deck "
            "onto the map stack.",
        ),
        Rule(
            "ZC-24",
            "Cards beat rules",
            "While a card is in effect and says something different from these rules, the card "
            "is followed.",
        ),
        Rule(
            "ZC-25",
            "Buildings and locations",
            "Every building is a location, but many locations are not buildings. Both are map "
            "cards.",
        ),
        Rule(
            "ZC-26",
            "Power Outage",
            "While Power Outage is out, failed combat rolls are still paid with bullets and map "
            "stack cards in the usual way.",
        ),
        Rule(
            "ZC-27",
            "Oooooh, What Luck!",
            "This card may be played even when its player has already played their card for "
            "the round.",
        ),
        Rule(
            "ZC-28",
            "No Guts, No Glory",
            "With this card, a player who is out of bullets and cannot pay a failed roll from the "
            "map stack is not eliminated: their turn simply ends.",
        ),
        Rule(
            "ZC-29",
            "Brain Cramp",
            "Brain Cramp does not stop the current player from paying for failed rolls with "
            "bullets and map stack cards as usual.",
        ),
        Rule(
            "ZC-R6",
            "An empty deck wins (ruling)",
            "A player wins the moment their draw deck is empty, whatever took its last card: a "
            "draw, a map card, or any other effect.",
            ruling=True,
        ),
        Rule(
            "ZC-T1",
            "Turn order and the last survivor (ruling)",
            "Seats follow the order the players were entered and the first seat starts. Turns "
            "pass to the next player still alive. When only one player is left alive, that "
            "player wins.",
            ruling=True,
        ),
        Rule(
            "ZC-T2",
            "The dead leave the table (ruling)",
            "An eliminated player's draw deck, hand, bullets and cards in front of them go out of "
            "the game. The map cards they laid belong to the shared map stack and stay there.",
            ruling=True,
        ),
        Rule(
            "ZC-T3",
            "The reward card is always drawn (ruling)",
            "The text says you may draw after a kill. Drawing only brings you closer to the "
            "helipad and there is no hand limit, so the table records the draw every time.",
            ruling=True,
        ),
        Rule(
            "ZC-T4",
            "A failed roll waits to be paid (ruling)",
            "After a roll short of four the table pauses so cards can still be played on it "
            "(a change to the roll, a re-roll, No Guts, No Glory); paying is the default next "
            "step. A card that changes a roll which already killed its zombie has to be played "
            "before that roll: it then counts for the next roll.",
            ruling=True,
        ),
        Rule(
            "ZC-T5",
            "Where lost cards go (ruling, table setting)",
            "The text names the bullet pile as the discard pile, so cards lost under ZC-15 go "
            "onto their player's bullet pile. Tables that read 'lost' as gone for good can set "
            "them out of the game instead.",
            ruling=True,
        ),
        Rule(
            "ZC-T6",
            "The whole bullet pile goes first (ruling)",
            "When the bullets cannot cover a failed roll, every bullet is spent before any map "
            "card is taken. When even the map stack cannot cover the rest, nothing more is "
            "moved: the player is out (ZC-14 and ZC-T2).",
            ruling=True,
        ),
        Rule(
            "ZC-T7",
            "Zombie counts (ruling)",
            "A map card is entered with the number of zombies it shows, 0 to 10. With none "
            "there, there is nothing to fight and the turn can end at once.",
            ruling=True,
        ),
        Rule(
            "ZC-T8",
            "Weapons as numbers (ruling)",
            "A weapon lies in front of its player with the number it adds to a combat roll (a "
            "weapon that kills on three adds one). The weapon you pick stays picked until you "
            "pick another or it leaves play; playing a weapon when you have none picked picks it.",
            ruling=True,
        ),
        Rule(
            "ZC-T9",
            "Moving in the middle of a fight (ruling)",
            "When the current player moves while zombies are still to be fought, the zombies "
            "left behind stay behind and the new location's zombies are fought instead. Any "
            "other move only puts a new card on top of the map stack.",
            ruling=True,
        ),
        Rule(
            "ZC-T10",
            "How No Guts, No Glory works here (ruling)",
            "No Guts, No Glory protects the player it lies in front of. When it saves them, "
            "their bullets pay as far as they go, no map card is taken, no card is drawn, the "
            "cards in front of them are lost as under ZC-15 (No Guts, No Glory with them, its "
            "work done) and their turn is over.",
            ruling=True,
        ),
        Rule(
            "ZC-T11",
            "Brain Cramp lasts the turn (ruling)",
            "Brain Cramp is played on the current player and lies in front of the player who "
            "played it until that turn ends; then it goes onto their bullet pile.",
            ruling=True,
        ),
        Rule(
            "ZC-T12",
            "What Luck comes free (ruling)",
            "Oooooh, What Luck! does not use up its player's card for the round: they may still "
            "play another card that round.",
            ruling=True,
        ),
        Rule(
            "ZC-T13",
            "Cards the table knows, and all the others (ruling)",
            "The five cards the text clarifies are known by name (capitals, punctuation and "
            "doubled letters do not matter). Power Outage and Brain Cramp are followed as "
            "printed and the table keeps their payment rule. Any other card is entered with "
            "what it does to the cards and the fight: change a roll, roll again, draw, lose or "
            "discard bullets, add bullets, discard from hand, move, change the zombies, or an "
            "effect the players follow themselves.",
            ruling=True,
        ),
        Rule(
            "ZC-T14",
            "Checking a weapon's place (ruling)",
            "A weapon tied to a place is checked against the top map card: if that card's name "
            "was entered it must match; a weapon for any building needs a top card entered as a "
            "building. An unnamed top card is taken on the players' word.",
            ruling=True,
        ),
        Rule(
            "ZC-T15",
            "A card with two effects (ruling)",
            "A card whose text does two things is played once, with both: first its own effect, "
            "then a second one that is over at once (change the roll, roll again, draw, lose or "
            "add bullets, discard from hand, move, change the zombies). The second is carried "
            "out only if it can be at that point; a card that won the game ends it there.",
            ruling=True,
        ),
    ),
    (LOST_CARDS,),
)

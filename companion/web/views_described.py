"""What each game's ``view`` holds (the board its screen draws), as JSON Schemas.

An engine builds its view as plain JSON; these are the shapes a script may rely on. The tests
check real views of full games of every kind against them (tests/test_openapi.py).
"""

from __future__ import annotations

from companion.web.schema_parts import (
    BOOL,
    INT,
    NUM,
    STR,
    Schema,
    arr,
    enum,
    mapping,
    null,
    obj,
    ref,
)

COLOUR_COUNT = mapping(INT)
STRS = arr(STR)
INTS = arr(INT)

ZOMBIE_DICE = obj(
    players=arr(obj(name=STR, score=INT, in_round=BOOL)),
    current=STR,
    cup=COLOUR_COUNT,
    feet=COLOUR_COUNT,
    brains=COLOUR_COUNT,
    shotguns=COLOUR_COUNT,
    noted_brains=INT,
    turn_brains=INT,
    rolls=INT,
    final_round=BOOL,
    tiebreaks=INT,
    last=STR,
    win_chance=null(NUM),
    advice=null(
        obj(
            bust_probability=NUM,
            win=obj(roll=NUM, stop=NUM, best=enum("roll", "stop")),
            brains=obj(roll=NUM, stop=NUM, best=enum("roll", "stop")),
            follows=enum("win", "brains"),
            best=enum("roll", "stop"),
        )
    ),
)

_LD_CARD = obj(card=STR, label=STR, value=INT)
LONELY_DEAD = obj(
    round=INT,
    step=STR,
    phase=STR,
    phases=arr(obj(key=STR, name=STR, current=BOOL)),
    survivors=arr(
        obj(
            number=INT,
            card=STR,
            label=STR,
            value=INT,
            suit=STR,
            wounds=INT,
            limit=INT,
            infection=null(INT),
            infected_now=BOOL,
            attacked=BOOL,
            fighting=BOOL,
            items=arr(obj(card=STR, label=STR, value=INT, effect=STR)),
            zombies=arr(
                obj(cards=STRS, kind=STR, value=INT, fought=BOOL, labels=STRS, fighting=BOOL)
            ),
        )
    ),
    hand=arr(_LD_CARD),
    piles=mapping(INT),
    survivor_discard=STRS,
    zombie_discard=STRS,
    graveyard=STRS,
    removed=obj(named=STRS, unseen=INT),
    out=STRS,
    fight=null(
        obj(
            survivor=INT,
            zombie=STRS,
            labels=STRS,
            value=INT,
            dice=INTS,
            items=STRS,
            waiting=STR,
        )
    ),
    fights=arr(
        obj(
            survivor=INT,
            survivor_card=STR,
            zombie=STRS,
            value=INT,
            dice=INTS,
            items=STRS,
            result=STR,
            rule=STR,
            text=STR,
        )
    ),
    search_roll=null(INT),
    effects=mapping(obj(effect=STR, text=STR)),
    replace_risen=BOOL,
    round_limit=null(INT),
    over=BOOL,
    horde_won=BOOL,
    ended=null(STR),
    score=INT,
)

_ZC_ROLL = obj(
    zombie=INT,
    die=INT,
    weapon=STR,
    bonus=INT,
    change=INT,
    total=INT,
    short=INT,
    bullets=INT,
    map_cards=INT,
    unpaid=INT,
    result=STR,
    drew=BOOL,
    text=STR,
)
_ZC_MAP_CARD = obj(card=INT, owner=STR, zombies=INT, name=STR, building=BOOL)
ZOMBIES_CARD_GAME = obj(
    players=arr(
        obj(
            name=STR,
            alive=BOOL,
            current=BOOL,
            deck=INT,
            deck_start=INT,
            hand=INT,
            bullets=INT,
            out=INT,
            played_this_round=BOOL,
            in_play=arr(
                obj(
                    {"place": STR, "target": STR},
                    card=INT,
                    name=STR,
                    kind=STR,
                    bonus=INT,
                    label=STR,
                    picked=BOOL,
                )
            ),
        )
    ),
    current=STR,
    phase=STR,
    location=null(_ZC_MAP_CARD),
    zombies_left=INT,
    map_stack=obj(cards=arr(_ZC_MAP_CARD), spare=INT),
    combat=arr(_ZC_ROLL),
    waiting_roll=null(_ZC_ROLL),
    roll_change=INT,
    fighting_over=BOOL,
    deal=INT,
    box=INT,
    lost_cards=STR,
    winners=STRS,
    last=STR,
)

_MZ_SIDE = obj(
    cards=arr(obj(card=STR, designated=BOOL, activated=null(BOOL))),
    fill=INT,
    zombie_attack=BOOL,
    deciding=BOOL,
    joker_roles=STRS,
    joker_role=null(STR),
    dice=null(INTS),
    total=null(INT),
)
_MZ_DECIDED = obj(cards=STRS, dice=INTS, total=INT)
MOORE_ZOMBIES = obj(
    phase=STR,
    waiting_for=null(STR),
    battle=INT,
    final=BOOL,
    attacker=STR,
    armies=arr(
        obj(
            side=enum("red", "black"),
            player=STR,
            hand=INT,
            zombies=STRS,
            joker=STR,
            won=STRS,
            treasure_points=INT,
            points=INT,
            attacking=BOOL,
        )
    ),
    treasure=obj(card=null(STR), points=null(INT), zombie=BOOL, pile=INT, zombies_in_pile=STRS),
    dead=STRS,
    out=STRS,
    board=null(obj(red=_MZ_SIDE, black=_MZ_SIDE)),
    revive=null(obj(count=INT, rolloff=INTS, at_random=null(BOOL))),
    last=STR,
    decided=null(obj(red=_MZ_DECIDED, black=_MZ_DECIDED)),
    settings=mapping(STR),
)

_ZF_STATUS = null(STR)
ZOMBIFIED = obj(
    phase=STR,
    phase_number=null(INT),
    phases=STRS,
    dealing=BOOL,
    current=null(STR),
    actor=null(STR),
    deck=INT,
    discard=STRS,
    hand_limit=INT,
    target=INT,
    players=arr(
        obj(
            name=STR,
            seat=INT,
            hand=INT,
            survivor_count=INT,
            survivors=arr(
                obj(
                    id=INT,
                    label=STR,
                    card=STR,
                    escape=INT,
                    weapon_bonus=INT,
                    strong=BOOL,
                    weapon=null(
                        obj(
                            card=STR,
                            bonus=INT,
                            uses=null(INT),
                            max_uses=null(INT),
                            needs_strong=BOOL,
                        )
                    ),
                    injuries=STRS,
                    status=_ZF_STATUS,
                )
            ),
            location=null(obj(card=STR, safety=INT)),
            horde=arr(
                obj(
                    id=INT,
                    label=STR,
                    card=STR,
                    bitten=BOOL,
                    penetration=INT,
                    toughness=INT,
                    speed=INT,
                    status=_ZF_STATUS,
                )
            ),
            sent_to=null(STR),
            turns=INT,
            had_empty_draw=BOOL,
            is_current=BOOL,
            under_attack=BOOL,
        )
    ),
    attack=null(
        obj(
            attacker=STR,
            target=STR,
            sent=INT,
            incoming=STRS,
            aim=null(obj(survivor=STR, zombie=STR, impromptu=null(STR))),
            to_destroy=INT,
            caught=STRS,
            destroyed=INT,
        )
    ),
    effects=arr(obj(card=STR, kind=STR, amount=INT, on=STRS)),
    rolls=arr(
        obj(
            kind=STR,
            player=STR,
            subject=STR,
            dice=INTS,
            modifiers=arr(obj(label=STR, value=INT)),
            modifier_total=INT,
            total=INT,
            target=INT,
            success=BOOL,
            note=STR,
        )
    ),
    zombie_events=STR,
    cards=mapping(obj(type=STR, text=STR, unseen=INT, needs_strong=BOOL)),
    outcome=null(ref("Outcome")),
)

#: Each game's view, by the game's name.
VIEWS: dict[str, Schema] = {
    "zombie-dice": ZOMBIE_DICE,
    "lonely-dead": LONELY_DEAD,
    "zombies-card-game": ZOMBIES_CARD_GAME,
    "moore-zombies": MOORE_ZOMBIES,
    "zombified": ZOMBIFIED,
}

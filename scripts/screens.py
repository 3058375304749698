"""Screenshots of every screen at tablet (1024x768) and phone (390x844) size, into docs/screens/.

    .venv/bin/python scripts/screens.py                 # every screen
    .venv/bin/python scripts/screens.py zombie-dice     # the screens whose name starts so

Each screen is a scenario: a function that brings a fresh table (the real service, on a
temporary game log) to the moment shown, through the API, and returns the page to open, plus an
optional step done on the page (open the menu, a dialog). The pages are opened with the tests'
helpers (tests/screens.py), so they look as the tests see them. A game adds its screens to
SCREENS below. Needs Debian's chromium and chromium-driver, like the browser tests.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser import wait  # noqa: E402
from tests.footage import watching  # noqa: E402
from tests.screens import SIZES, live, open_screen, unlock_screen  # noqa: E402
from tests.server import Server  # noqa: E402
from tests.vision_scenes import faint_die_scene  # noqa: E402

OUT = ROOT / "docs" / "screens"

Page = Any  # a selenium WebDriver


@dataclass(frozen=True)
class Screen:
    name: str
    #: Brings the table to the moment shown; returns the path to open.
    scenario: Callable[[Server], str]
    #: Done on the opened page before the picture (unlock, open the menu...).
    then: Callable[[Page], None] | None = None
    #: Whether the page is unlocked with the PIN (a player's view, not a spectator's).
    unlocked: bool = True
    #: The pictures the camera over the tray sees (the table watches a folder of them).
    frames: Callable[[], list[np.ndarray]] | None = None


def post(server: Server, path: str, body: dict[str, Any]) -> Any:
    status, data = server.post(path, body)
    if status >= 300:
        raise RuntimeError(f"{path}: {status} {data}")
    return data


def zombie_dice(server: Server, players: tuple[str, ...] = ("Ana", "Ben", "Cleo")) -> str:
    game = post(server, "/api/games", {"kind": "zombie-dice", "setup": {"players": list(players)}})
    return str(game["id"])


def zd_roll(server: Server, game: str, *dice: str) -> None:
    """A roll as 'gB yF rS' (colour letter, face letter)."""
    colors = {"g": "green", "y": "yellow", "r": "red"}
    faces = {"B": "brain", "F": "feet", "S": "shotgun"}
    post(server, f"/api/games/{game}/rolls",
         {"dice": [{"color": colors[d[0]], "value": faces[d[1]]} for d in dice]})  # fmt: skip


def zd_stop(server: Server, game: str) -> None:
    post(server, f"/api/games/{game}/actions", {"kind": "stop"})


def zd_start(server: Server) -> str:
    return f"/games/{zombie_dice(server)}"


def zd_turn(server: Server) -> str:
    game = zombie_dice(server)
    zd_roll(server, game, "gB", "gB", "yF")
    zd_stop(server, game)
    zd_roll(server, game, "gB", "rS", "yF")
    return f"/games/{game}"


def zd_bust(server: Server) -> str:
    game = zombie_dice(server)
    zd_roll(server, game, "gB", "gB", "yF")
    zd_stop(server, game)
    zd_roll(server, game, "rS", "rS", "yF")
    zd_roll(server, game, "yS", "gB", "gF")
    return f"/games/{game}"


def zd_end(server: Server) -> str:
    game = zombie_dice(server, ("Ana", "Ben"))
    for roll in (("gB",) * 3, ("gB",) * 3, ("yB",) * 3, ("yB", "rS", "rB"), ("gB", "rB", "yF")):
        zd_roll(server, game, *roll)
    zd_stop(server, game)
    zd_roll(server, game, "rS", "rS", "rS")
    return f"/games/{game}"


def home(server: Server) -> str:
    zd_end(server)
    zombie_dice(server)
    return "/"


def settings(server: Server) -> str:
    zd_end(server)
    zombie_dice(server)
    return "/settings"


def records(server: Server) -> str:
    zd_end(server)
    zd_end(server)
    return "/records"


def camera_reading(server: Server) -> str:
    """A Zombie Dice game in play, and the camera's read of the tray waiting for a tap, with a
    faint spot it asks about."""
    zombie_dice(server, ("Ana", "Ben"))
    return "/camera"


def doubt_shown(page: Page) -> None:
    wait(page, "document.querySelectorAll('#overlay rect.doubt').length === 1", timeout=30)
    wait(page, "document.getElementById('photo').naturalWidth > 0", timeout=30)


def click(selector: str, opened: str | None = None) -> Callable[[Page], None]:
    def step(page: Page) -> None:
        page.execute_script(f"document.querySelector({selector!r}).click()")
        if opened:
            wait(page, f"document.querySelector({opened!r}) !== null")

    return step


def zc_game(server: Server) -> str:
    setup = {"players": ["Ana", "Ben", "Cleo"]}
    game = post(server, "/api/games", {"kind": "zombies-card-game", "setup": setup})
    return str(game["id"])


def zc_act(server: Server, game: str, kind: str, **params: Any) -> None:
    post(server, f"/api/games/{game}/actions", {"kind": kind, "params": params})


def zc_fight(server: Server) -> str:
    """Ana's shotgun, a building with three zombies, one killed, one roll waiting to be paid."""
    game = zc_game(server)
    zc_act(server, game, "play", effect="weapon", player="Ana", card="Shotgun", amount=1)
    zc_act(server, game, "map", zombies=3, location="Mall", building="yes")
    for die in (5, 1):
        post(server, f"/api/games/{game}/rolls", {"dice": [die]})
    return f"/games/{game}"


def zc_map(server: Server) -> str:
    """Ana has played a weapon; her map card is next."""
    game = zc_game(server)
    zc_act(server, game, "play", effect="weapon", player="Ana", card="Shotgun", amount=1)
    return f"/games/{game}"


def zc_end(server: Server) -> str:
    """Empty places all round, until Ana's draw deck runs out: the helipad."""
    game = zc_game(server)
    laid = {"kind": "map", "params": {"zombies": 0}}
    while post(server, f"/api/games/{game}/actions", laid)["status"] != "finished":
        zc_act(server, game, "end_turn")
    return f"/games/{game}"


def menu_form(label: str) -> Callable[[Page], None]:
    """Open the menu and the form of the action whose button says ``label``."""

    def step(page: Page) -> None:
        click("#menu", "#sheet[open]")(page)
        wait(page, "document.getElementById('sheet-body').textContent.includes('Table settings')")
        page.execute_script(
            "[...document.querySelectorAll('#sheet-body [data-action]')]"
            ".find((b) => b.textContent.includes(arguments[0])).click()",
            label,
        )
        wait(page, "document.querySelector('#sheet-body .action-form') !== null")

    return step


def zc_lose_bullets(page: Page) -> None:
    """The card play "lose or discard bullets" on Ben: the counts stop at his bullets."""
    menu_form("lose or discard bullets")(page)
    page.execute_script(
        "[...document.querySelectorAll('#sheet-body fieldset')]"
        ".find((f) => f.querySelector('legend').textContent === 'Which player')"
        ".querySelector('button[data-value=\"Ben\"]').click()"
    )


def zf_game(server: Server, players: tuple[str, ...] = ("Ana", "Ben")) -> str:
    game = post(server, "/api/games", {"kind": "zombified", "setup": {"players": list(players)}})
    return str(game["id"])


def zf_steps(server: Server, game: str, *steps: dict[str, Any]) -> None:
    for s in steps:
        path = "/rolls" if "dice" in s else "/actions"
        post(server, f"/api/games/{game}{path}", s)


ZF_OPENING = (
    {"kind": "starting_survivor", "params": {"card": "Kid"}},
    {"kind": "starting_survivor", "params": {"card": "Gun Nut"}},
    {"kind": "draw"},
    {"kind": "play_survivor", "params": {"card": "Average Survivor"}},
    {"kind": "play_location", "params": {"card": "Hospital"}},
    {"kind": "play_zombie", "params": {"card": "Body Part"}},
)


def zf_weapon(server: Server) -> str:
    """Ana's weapon phase: only the weapons that can still be in a hand are offered."""
    game = zf_game(server)
    zf_steps(server, game, *ZF_OPENING)
    return f"/games/{game}"


def zf_fire(server: Server) -> str:
    """Ana's Body Part got through to Ben, who may fire at it."""
    game = zf_game(server)
    zf_steps(
        server, game, *ZF_OPENING,
        {"kind": "play_weapon", "params": {"card": "Pistol", "survivor": 1}},
        {"kind": "draw"}, {"kind": "next"},
        {"kind": "play_location", "params": {"card": "Mall"}},
        {"kind": "play_zombie", "params": {"card": "Zombie Dogs"}},
        {"kind": "play_weapon", "params": {"card": "Shotgun", "survivor": 2}},
        {"kind": "draw"}, {"kind": "next"}, {"kind": "next"}, {"kind": "next"},
        {"kind": "attack", "params": {"target": "Ben"}},
        {"dice": [6, 5]},
    )  # fmt: skip
    return f"/games/{game}"


def zf_motorcycle(page: Page) -> None:
    """Motorcycle in the menu: Ana's Kid picked first, so the second survivor cannot be him."""
    menu_form("two survivors escape more easily")(page)
    page.execute_script(
        "[...document.querySelectorAll('#sheet-body [role=group] button')]"
        ".find((b) => b.textContent.trim() === 'Ana').click();"
        "document.querySelector('#sheet-body fieldset .playcard').click()"
    )


def fix_last_roll(page: Page) -> None:
    click("#menu", "#sheet[open]")(page)
    click("#log li button.fix", "dialog.fix-dialog")(page)


def lonely_dead(server: Server, rounds: int) -> str:
    """The Lonely Dead as its screen test plays it: `rounds` 1 stops at round 2's attacks, 2 in
    round 2's fights (an infected ace, an item, wounds)."""
    game = post(server, "/api/games", {"kind": "lonely-dead", "setup": {"players": ["Ana"]}})["id"]

    def act(kind: str, **params: Any) -> None:
        post(server, f"/api/games/{game}/actions", {"kind": kind, "params": params})

    def roll(*dice: int) -> None:
        post(server, f"/api/games/{game}/rolls", {"dice": list(dice)})

    roll(2)
    act("remove", cards=[])
    for card in ("AS", "QH", "KD", "JC", "7S", "4H", "5D"):
        act("deal_survivor" if card[0] in "AQKJ" else "draw_zombie", card=card)
    for survivor, card in ((1, "7S"), (2, "4H"), (3, "5D")):
        act("attack", survivor=survivor, cards=[card])
    roll(2, 3)
    roll(3, 3)
    roll(1, 2)
    roll(2)
    act("search_card", card="9C")
    act("worsen")
    for card in ("6S", "6H", "2C"):
        act("draw_zombie", card=card)
    if rounds > 1:
        act("attack", survivor=1, cards=["6H", "6S"])
        act("attack", survivor=4, cards=["2C"])
        roll(1, 2)
        roll(4)
    return f"/games/{game}"


def lonely_dead_dealt(server: Server) -> str:
    """The Lonely Dead with its four survivors dealt: the first zombie card is asked for."""
    game = post(server, "/api/games", {"kind": "lonely-dead", "setup": {"players": ["Ana"]}})["id"]
    actions = f"/api/games/{game}/actions"
    post(server, f"/api/games/{game}/rolls", {"dice": [2]})
    post(server, actions, {"kind": "remove", "params": {"cards": []}})
    for card in ("AS", "QH", "KD", "JC"):
        post(server, actions, {"kind": "deal_survivor", "params": {"card": card}})
    return f"/games/{game}"


def moore_zombies(server: Server, battles: int) -> str:
    """Moore's Zombies!: `battles` 0 stops at the first reveal, 1 at red's choice of what fights
    (its joker laid), 2 at the spoils of a won battle."""
    setup = {"players": ["Ann", "Bob"]}
    game = post(server, "/api/games", {"kind": "moore-zombies", "setup": setup})["id"]

    def act(kind: str, **params: Any) -> None:
        post(server, f"/api/games/{game}/actions", {"kind": kind, "params": params})

    act("flip", card="2H")
    if battles >= 1:
        act("reveal", red=["5H", "JK1", "QH"], black=["6S", "8S", "KS"])
    if battles >= 2:
        act("activate", cards=["QH"])
        act("activate", cards=[])
        post(server, f"/api/games/{game}/rolls", {"dice": [5]})
    return f"/games/{game}"


SCREENS = [
    Screen("home", home, unlocked=False),
    Screen("settings", settings),
    Screen("records", records, unlocked=False),
    Screen("rules", lambda server: "/rules/zombie-dice", unlocked=False),
    Screen("camera", lambda server: "/camera", unlocked=False),
    Screen("camera-reading", camera_reading, doubt_shown, frames=lambda: [faint_die_scene()]),
    Screen("not-found", lambda server: "/games/gone", unlocked=False),
    Screen("zombie-dice-start", zd_start),
    Screen("zombie-dice-spectator", zd_turn, unlocked=False),
    Screen("zombie-dice-turn", zd_turn),
    Screen("zombie-dice-bust", zd_bust),
    Screen("zombie-dice-menu", zd_turn, click("#menu", "#sheet[open]")),
    Screen("zombie-dice-fix", zd_turn, fix_last_roll),
    Screen("zombie-dice-end", zd_end),
    Screen(
        "lonely-dead-attack",
        lambda server: lonely_dead(server, 1),
        click('.ld-hand-card[data-card="6S"]'),
    ),
    Screen("lonely-dead-fight", lambda server: lonely_dead(server, 2)),
    Screen("lonely-dead-greyed", lonely_dead_dealt, click('#entry .chip.rank[data-rank="J"]')),
    Screen("moore-zombies-reveal", lambda server: moore_zombies(server, 0)),
    Screen(
        "moore-zombies-battle",
        lambda server: moore_zombies(server, 1),
        click('.mz-line[data-side="red"] button.mz-slot[data-card="JK1"]'),
    ),
    Screen("moore-zombies-spoils", lambda server: moore_zombies(server, 2)),
    Screen("zombies-card-game-map", zc_map),
    Screen("zombies-card-game-fight", zc_fight),
    Screen("zombies-card-game-play", zc_fight, zc_lose_bullets),
    Screen("zombies-card-game-end", zc_end),
    Screen("zombified-weapon", zf_weapon),
    Screen("zombified-fire", zf_fire),
    Screen("zombified-event", zf_weapon, zf_motorcycle),
]


def shoot(screen: Screen, server: Server, profile: Path) -> list[Path]:
    path = screen.scenario(server)
    made = []
    for size in SIZES:
        with open_screen(profile / screen.name, size) as page:
            page.get(server.url + path)
            if path.startswith("/games/") and "gone" not in path:
                live(page)
            if screen.unlocked:
                unlock_screen(page)
            if screen.then:
                screen.then(page)
            wait(page, "document.getAnimations().every((a) => a.playState !== 'running')")
            time.sleep(0.3)
            out = OUT / f"{screen.name}-{size}.png"
            page.save_screenshot(str(out))
            made.append(out)
    return made


def main(prefixes: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    chosen = [s for s in SCREENS if not prefixes or s.name.startswith(tuple(prefixes))]
    with tempfile.TemporaryDirectory() as tmp:
        for screen in chosen:
            if screen.frames:
                server = watching(Path(tmp) / screen.name, screen.frames())
            else:
                server = Server(Path(tmp) / f"{screen.name}.sqlite3").start()
            try:
                for out in shoot(screen, server, Path(tmp)):
                    print(out.relative_to(ROOT))
            finally:
                server.stop()


if __name__ == "__main__":
    main(sys.argv[1:])

"""Players as people: one person across games, whatever the case and spacing of the name typed.

A player is known by the key of a name (:func:`key`: spacing collapsed, case ignored). Renames,
merges, colours and nicknames are events in the log's ``player_events``; folding them gives a
mapping from the names typed in games to players. The games' own logs are never rewritten.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.store import Event, Store

#: Player colours, by the design: each carries white text at 4.5:1 or more.
PALETTE = ("#1f5fbf", "#b3261e", "#2e7d32", "#6a3d9a", "#b34d00", "#00737a", "#a3195b", "#6d4c41")
NAME_MAX = 24
NICKNAME_MAX = 12
COLOUR = re.compile(r"#[0-9a-f]{6}")


class PlayerError(ValueError):
    """A change to the players that cannot be made, with the reason in a player's words."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def key(name: str) -> str:
    """The name as the table tells people apart: spacing collapsed, case ignored."""
    return " ".join(name.split()).casefold()


@dataclass
class Player:
    id: str  # the key of the first name the player was known by
    name: str
    colour: str
    nickname: str = ""
    games: int = 0
    last_played: str | None = None
    keys: set[str] = field(default_factory=set)  # every name key that means this player

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "nickname": self.nickname or None,
            "colour": self.colour,
            "games": self.games,
            "last_played": self.last_played,
            "names": sorted(self.keys),
        }


class Roster:
    """Every player the games name, with the player events folded in."""

    def __init__(
        self, plays: Iterable[tuple[Sequence[str], str]], events: Iterable[Event] = ()
    ) -> None:
        """``plays``: each game's players and when it was played, oldest first."""
        self.alias: dict[str, str] = {}  # a name key -> the player it now belongs to
        self.renamed: dict[str, str] = {}
        self.colours: dict[str, str] = {}
        self.nicknames: dict[str, str] = {}
        self.players: dict[str, Player] = {}
        self.built = False  # whether the games have been read: changes then update players too
        self._named: dict[str, Player] = {}  # a name as typed -> its player
        for event in events:
            try:
                self.apply(event.type, event.payload)
            except PlayerError:
                continue  # an imported event that no longer fits (checked when it was written)
        for names, when in plays:
            self.saw(names, when)
        self.built = True

    def saw(self, names: Sequence[str], when: str) -> None:
        """Count a game these players played (games are counted oldest first)."""
        for name in names:
            player = self.resolve(name)
            player.games += 1
            player.last_played = when
            if player.id not in self.renamed and key(name) == player.id:
                player.name = " ".join(name.split())  # the latest spelling (a merged name is not)

    # -- reading ---------------------------------------------------------------------------------

    def follow(self, name_key: str) -> str:
        seen = set()
        while name_key in self.alias and name_key not in seen:
            seen.add(name_key)
            name_key = self.alias[name_key]
        return name_key

    def _player(self, player_id: str) -> Player:
        player = self.players.get(player_id)
        if player is None:
            name = self.renamed.get(player_id, player_id)
            player = Player(player_id, name, self._free(player_id))
            self.players[player_id] = player
        player.keys.add(player_id)
        player.colour = self.colours.get(player_id, player.colour)
        player.nickname = self.nicknames.get(player_id, "")
        return player

    def _free(self, player_id: str) -> str:
        """A new player's colour: the first of the design's colours, from one the id picks,
        that no player has yet (the id's own when every one is taken), so that the first eight
        players of a table each have a colour of their own in the charts."""
        taken = {p.colour for p in self.players.values()}
        first = zlib.crc32(player_id.encode()) % len(PALETTE)
        turned = PALETTE[first:] + PALETTE[:first]
        return next((c for c in turned if c not in taken), turned[0])

    def resolve(self, name: str) -> Player:
        """The player a name typed in a game means."""
        player = self._named.get(name)
        if player is None:
            name_key = key(name)
            player = self._player(self.follow(name_key))
            player.keys.add(name_key)
            self._named[name] = player
        return player

    def get(self, player_id: str) -> Player:
        player = self.players.get(player_id)
        if player is None:
            raise PlayerError(f"There is no player {player_id!r}.", 404)
        return player

    def recent(self) -> list[Player]:
        """Players, the most recently seen at the table first."""
        return sorted(self.players.values(), key=lambda p: p.last_played or "", reverse=True)

    # -- changing --------------------------------------------------------------------------------

    def check(self, type_: str, payload: Mapping[str, Any]) -> None:
        """Refuse, with the reason, a player event that cannot be applied now."""
        player = payload.get("player")
        if not isinstance(player, str) or player not in self.players:
            raise PlayerError(f"There is no player {player!r}.", 404)
        if type_ == "rename":
            name = payload.get("name")
            if not isinstance(name, str) or not 0 < len(" ".join(name.split())) <= NAME_MAX:
                raise PlayerError(f"A name has 1 to {NAME_MAX} characters.")
            other = self.follow(key(name))
            if other != player and other in self.players:
                raise PlayerError(
                    f"{self.players[other].name} is another player: merge the two instead.", 409
                )
        elif type_ == "merge":
            into = payload.get("into")
            if not isinstance(into, str) or into not in self.players:
                raise PlayerError(f"There is no player {into!r} to merge into.", 404)
            if into == player:
                raise PlayerError("A player cannot be merged into themselves.")
        elif type_ == "colour":
            colour = payload.get("colour")
            if not isinstance(colour, str) or not COLOUR.fullmatch(colour):
                raise PlayerError("A colour is written #rrggbb, e.g. #1f5fbf.")
        elif type_ == "nickname":
            nickname = payload.get("nickname")
            if not isinstance(nickname, str) or len(nickname.strip()) > NICKNAME_MAX:
                raise PlayerError(f"A nickname has at most {NICKNAME_MAX} characters.")
        else:
            raise PlayerError(f"Unknown player change {type_!r}.")

    def apply(self, type_: str, payload: Mapping[str, Any]) -> None:
        """Fold one player event in (the fold of the log; :meth:`check` first for a new one)."""
        player = payload.get("player")
        if not isinstance(player, str):
            raise PlayerError("no player")
        self._named.clear()
        if type_ == "rename":
            name = " ".join(str(payload["name"]).split())
            if key(name) != player:
                self.alias[key(name)] = player
            self.renamed[player] = name
            if self.built:
                self._player(player).name = name
        elif type_ == "merge":
            into = str(payload["into"])
            if self.follow(into) == player:
                raise PlayerError("a merge in a circle")
            self.alias[player] = into
            if self.built:
                self._absorb(player, into)
        elif type_ == "colour":
            self.colours[player] = str(payload["colour"])
            if self.built:
                self._player(player)
        elif type_ == "nickname":
            self.nicknames[player] = str(payload["nickname"]).strip()
            if self.built:
                self._player(player)

    def _absorb(self, gone: str, into: str) -> None:
        old, new = self.players.pop(gone), self._player(into)
        new.keys |= old.keys
        new.games += old.games
        new.last_played = max(filter(None, (old.last_played, new.last_played)), default=None)


class Players:
    """The players of one game log: read them, and change them through the log."""

    def __init__(self, store: Store, clock: Any) -> None:
        self.store = store
        self.clock = clock

    def roster(self) -> Roster:
        plays = [(g.players, g.finished or g.updated) for g in self.store.games()]
        return Roster(sorted(plays, key=lambda p: p[1]), self.store.player_events())

    def change(self, type_: str, payload: dict[str, Any]) -> Player:
        """Check a change against the players as they are, log it, and return the player."""
        roster = self.roster()
        roster.check(type_, payload)
        self.store.append_player_event(type_, payload, self.clock())
        roster.apply(type_, payload)
        return roster.get(roster.follow(payload["player"]))

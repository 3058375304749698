"""A simulated tower for MicroPython's Unix port, so the unmodified firmware runs on a computer.

Set in the environment:

    ZOMBIE_TOWER_SERIAL     the serial device to talk on, e.g. one end of a socat pty pair;
                            opened again whenever it goes away, like a USB cable replugged
    ZOMBIE_TOWER_SIM        a text file of commands, read as lines are appended to it
                            (from its end at the firmware's start)
    ZOMBIE_TOWER_SETTLE_MS  the settle time (default 40)
    ZOMBIE_TOWER_GAP_MS     the pause after a roll has settled before the next command
                            (default 120)
    ZOMBIE_TOWER_TRACE      optional: a file to log each line sent, after time.time_ns()
    ZOMBIE_TOWER_SEED       optional: seed for dice orientations and sensor noise

Commands, one a line:

    roll D [D [D]]   dice land in cradles 1 to 3 (cradles not named stay empty). D is the
                     top face 1-6, optionally with a colour: 5/green; "-" for an empty
                     cradle; or "x" and seven 0/1 for a raw sensor pattern (1 dark).
    button           press and release the button
    fault            the next reading of a cradle fails, as a loose wire would make it

Each command happens after the previous one is over, so commands may come in a burst.
Dice land in a random orientation, bounce for a while after the beam, and every seventh
reading of a cradle has one sensor wrong, as a glint would.
"""

import os
import random
import select
import sys
import time

import clock
import colours
import faces

CRADLES = 3
THRESHOLD = 20000
BEAM_MS = 15  # how long the dice take to pass the beam
PRESS_MS = 60
COMMAND_POLL_MS = 5
REOPEN_MS = 100

_HANGUP = select.POLLHUP | select.POLLERR


def _colour_counts(name):
    if name == "black":
        return (30, 30, 30, 90)
    for ref in colours.REFERENCES:
        if ref[0] == name:
            return (ref[1] * 8, ref[2] * 8, ref[3] * 8, (ref[1] + ref[2] + ref[3]) * 8)
    raise ValueError("no simulated colour " + name)


def _die(token):
    """(sensor mask, colour counts or None) for a die token of a roll command."""
    if token == "-":
        return (faces.ALL_DARK, None)
    if token[0] == "x" and len(token) == 1 + len(faces.SENSORS):
        mask = 0
        for i in range(len(faces.SENSORS)):
            if token[1 + i] == "1":
                mask |= 1 << i
        return (mask, None)
    parts = token.split("/")
    top = int(parts[0])
    if not 1 <= top <= 6:
        raise ValueError("a die shows 1 to 6")
    cells = random.choice(faces.orientations(faces.top(top)))
    counts = _colour_counts(parts[1]) if len(parts) > 1 else None
    return (faces.mask_of(cells), counts)


class PtySerial:
    """A serial device file, read and written without blocking; reopened after a hangup."""

    def __init__(self, path, trace):
        self._path = path
        self._trace = trace
        self._file = None
        self._poll = None
        self._retry_at = 0

    def _connected(self, now):
        if self._file is None and now >= self._retry_at:
            self._retry_at = now + REOPEN_MS
            try:
                self._file = open(self._path, "r+b")
            except OSError:
                return False
            self._poll = select.poll()
            self._poll.register(self._file, select.POLLIN | select.POLLOUT)
        return self._file is not None

    def _drop(self):
        self._file.close()
        self._file = None

    def _events(self):
        """Poll flags; 0 after a hangup, which closes the device."""
        ready = self._poll.poll(0)
        flags = ready[0][1] if ready else 0
        if flags & _HANGUP:
            self._drop()
            return 0
        return flags

    def read(self, now):
        data = b""
        try:
            while len(data) < 256 and self._connected(now) and self._events() & select.POLLIN:
                data += self._file.read(1)
        except OSError:
            self._drop()
        return data

    def write(self, data, now):
        if not (self._connected(now) and self._events() & select.POLLOUT):
            return  # like USB serial with no host: the line is lost
        try:
            self._file.write(data)
        except OSError:
            self._drop()
            return
        if self._trace:
            with open(self._trace, "a") as trace:
                trace.write(f"{time.time_ns()} {data.decode()}")


class SimBoard:
    cradles = CRADLES
    threshold = THRESHOLD

    def __init__(self):
        self.settle_ms = int(os.getenv("ZOMBIE_TOWER_SETTLE_MS") or 40)
        self._gap_ms = int(os.getenv("ZOMBIE_TOWER_GAP_MS") or 120)
        seed = os.getenv("ZOMBIE_TOWER_SEED")
        if seed:
            random.seed(int(seed))
        self._clock = clock.Clock()
        self._serial = PtySerial(os.getenv("ZOMBIE_TOWER_SERIAL"), os.getenv("ZOMBIE_TOWER_TRACE"))
        self._commands = os.getenv("ZOMBIE_TOWER_SIM")
        self._offset = self._command_file_size()  # what happened before this start is past
        self._polled_at = -COMMAND_POLL_MS
        self._queue = []  # commands not yet begun
        self._free_at = 0  # when the command under way is over
        self._beam_until = 0
        self._beam_fell = False  # a beam break not yet seen by beam_broken()
        self._bounce_until = 0
        self._button_until = 0
        self._dice = [(faces.ALL_DARK, None)] * CRADLES
        self._readings = [0] * CRADLES
        self._faults = 0  # cradle readings still to fail

    def now_ms(self):
        return self._clock.now_ms()

    def idle(self, ms):
        time.sleep_ms(ms)

    def _update(self):
        now = self.now_ms()
        if now - self._polled_at >= COMMAND_POLL_MS:
            self._polled_at = now
            self._queue.extend(self._new_commands())
        while self._queue and now >= self._free_at:
            self._begin(self._queue.pop(0), now)
        return now

    def _command_file_size(self):
        try:
            return os.stat(self._commands)[6]
        except OSError:
            return 0

    def _new_commands(self):
        try:
            with open(self._commands, "rb") as f:
                f.seek(self._offset)
                text = f.read()
        except OSError:
            return []
        end = text.rfind(b"\n") + 1
        self._offset += end
        return [line.split() for line in text[:end].decode().split("\n") if line.strip()]

    def _begin(self, words, now):
        try:
            if words[0] == "roll" and len(words) <= CRADLES + 1:
                dice = [_die(token) for token in words[1:]]
                self._dice = dice + [(faces.ALL_DARK, None)] * (CRADLES - len(dice))
                self._beam_until = now + BEAM_MS
                self._beam_fell = True
                self._bounce_until = self._beam_until + self.settle_ms // 2
                self._free_at = self._beam_until + self.settle_ms + self._gap_ms
            elif words == ["fault"]:
                self._faults += 1
            elif words == ["button"]:
                self._button_until = now + PRESS_MS
                self._free_at = self._button_until + self._gap_ms
            else:
                raise ValueError("unknown command")
        except ValueError as e:
            sys.stderr.write(f"simulated tower: {' '.join(words)}: {e}\n")

    def beam_broken(self):
        broken = self._beam_fell or self._update() < self._beam_until
        self._beam_fell = False
        return broken

    def button_pressed(self):
        return self._update() < self._button_until

    def read_cradle(self, cradle):
        if self._faults:
            self._faults -= 1
            raise OSError(5)  # EIO
        if self._update() < self._bounce_until:
            mask = random.getrandbits(len(faces.SENSORS))
        else:
            mask = self._dice[cradle][0]
            self._readings[cradle] += 1
            count = self._readings[cradle]
            if count % 7 == 0:
                mask ^= 1 << (count // 7 % len(faces.SENSORS))
        readings = []
        for i in range(len(faces.SENSORS)):
            if mask & (1 << i):
                readings.append(3000 + random.getrandbits(11))
            else:
                readings.append(40000 + random.getrandbits(13))
        return readings

    def read_colour(self, cradle):
        return self._dice[cradle][1]

    def set_led(self, rgb):
        pass

    def serial_read(self):
        return self._serial.read(self.now_ms())

    def serial_write(self, data):
        self._serial.write(data, self.now_ms())

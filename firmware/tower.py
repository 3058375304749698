"""The tower's logic: noticing a roll, reading the cradles, and talking to the Pi.

It runs on the Pico and on a computer alike; the hardware sits behind a board object
(board.PicoBoard on the Pico, simboard.SimBoard under MicroPython's Unix port) with:

    cradles            number of cradles (1 to 3)
    settle_ms          quiet time after the beam clears before the dice are read
    threshold          reflectance below which a sensor reads dark
    now_ms()           milliseconds since some start; never wraps
    beam_broken()      True while something falls through the chute
    read_cradle(i)     seven reflectances for cradle i, in faces.SENSORS order
    read_colour(i)     (red, green, blue, clear) counts, or None without a colour sensor
    button_pressed()   True while the button is held
    set_led(rgb)       the status LED's colour
    serial_read()      the bytes received since the last call (possibly none)
    serial_write(data) send bytes to the Pi; dropped when no Pi listens

Call start() once, then step() over and over (every millisecond or so).
"""

import binascii
import os

import colours
import faces
import frames

PROTOCOL = 1
VERSION = "1.0.0"

SAMPLES = 5  # readings of the cradles per roll; each sensor takes the majority
SAMPLE_GAP_MS = 4
HEARTBEAT_MS = 1000
RESEND_MS = 500  # an unacknowledged roll is sent again this often
MAX_PENDING = 32  # unacknowledged rolls kept; past this the oldest is dropped
DEBOUNCE_MS = 200

# Status LED
READY = (0, 16, 0)  # green: waiting for dice, every roll acknowledged
READING = (0, 0, 40)  # blue: dice falling or being read
WAITING = (32, 12, 0)  # amber: rolls the Pi has not acknowledged yet
UNREADABLE = (48, 0, 0)  # red: the last read had a die it could not read

IDLE = 0
FALLING = 1
SAMPLING = 2


def new_boot_id():
    """Eight hex digits, new at every start of the tower."""
    return binascii.hexlify(os.urandom(4)).decode().upper()


class Tower:
    def __init__(self, board, boot_id):
        self.board = board
        self.boot_id = boot_id
        self.seq = 0
        self.pending = []  # (seq, frame line) of unacknowledged rolls, oldest first
        self.sent = None  # (seq, time) of the last sending of the oldest pending roll
        self.stage = IDLE
        self.samples = []
        self.unreadable = False
        self.rx = bytearray()
        self.led = None
        self.button_was = False
        now = board.now_ms()
        self.booted_at = now
        self.last_beam = now
        self.next_sample = now
        self.last_heartbeat = now
        self.last_press = now - DEBOUNCE_MS

    def start(self):
        self._send(self._hello())
        self._show()

    def step(self):
        now = self.board.now_ms()
        self._receive()
        self._watch_dice(now)
        self._send_due(now)
        self._show()

    # Serial link

    def _send(self, fields):
        self.board.serial_write(frames.encode(fields))

    def _hello(self):
        return ["HELLO", str(PROTOCOL), self.boot_id, VERSION, str(self.board.cradles)]

    def _receive(self):
        for byte in self.board.serial_read():
            if byte in (10, 13):  # LF, CR LF, or a terminal's lone CR
                line = bytes(self.rx)
                self.rx = bytearray()
                self._line(line)
            elif len(self.rx) <= frames.MAX_LINE:
                self.rx.append(byte)

    def _line(self, line):
        if not line:
            return
        try:
            fields = frames.decode(line)
        except frames.FrameError as e:
            self._send(["ERR", e.code])
            return
        kind = fields[0]
        if kind == "HELLO" and len(fields) == 2:
            self._send(self._hello())
            self.sent = None  # and the oldest pending roll again, now
        elif kind == "ACK" and len(fields) == 3 and fields[2].isdigit():
            self._ack(fields[1], int(fields[2]))
        elif kind in ("HELLO", "ACK"):
            self._send(["ERR", "ARGS"])
        else:
            self._send(["ERR", "TYPE"])

    def _ack(self, boot_id, seq):
        if boot_id != self.boot_id:
            return  # meant for an earlier start of the tower
        self.pending = [roll for roll in self.pending if roll[0] > seq]

    def _send_due(self, now):
        if self.pending:
            seq, line = self.pending[0]
            if self.sent is None or self.sent[0] != seq or now - self.sent[1] >= RESEND_MS:
                self.board.serial_write(line)
                self.sent = (seq, now)
        if now - self.last_heartbeat >= HEARTBEAT_MS:
            uptime = str((now - self.booted_at) // 1000)
            self._send(["HB", self.boot_id, uptime, str(len(self.pending))])
            self.last_heartbeat = now

    # Dice

    def _pressed(self, now):
        held = self.board.button_pressed()
        pressed = held and not self.button_was and now - self.last_press >= DEBOUNCE_MS
        self.button_was = held
        if pressed:
            self.last_press = now
        return pressed

    def _watch_dice(self, now):
        pressed = self._pressed(now)
        beam = self.board.beam_broken()
        if self.stage == IDLE:
            if beam:
                self.stage = FALLING
                self.last_beam = now
            elif pressed:
                self._sample_from(now)
        elif beam:
            self.stage = FALLING  # a die still falling: wait for it to settle too
            self.samples = []
            self.last_beam = now
        elif self.stage == FALLING:
            if now - self.last_beam >= self.board.settle_ms:
                self._sample_from(now)
        elif now >= self.next_sample:
            cradles = range(self.board.cradles)
            self.samples.append([self.board.read_cradle(c) for c in cradles])
            self.next_sample = now + SAMPLE_GAP_MS
            if len(self.samples) == SAMPLES:
                self._finish()

    def _sample_from(self, now):
        self.stage = SAMPLING
        self.samples = []
        self.next_sample = now

    def _finish(self):
        tokens = []
        for c in range(self.board.cradles):
            mask = faces.vote([sample[c] for sample in self.samples], self.board.threshold)
            tokens.append(self._token(c, faces.decode(mask)))
        self.stage = IDLE
        self.samples = []
        self.unreadable = "U" in tokens
        if all(token == "E" for token in tokens):
            return  # nothing in the cradles: no roll
        self.seq += 1
        line = frames.encode(["ROLL", self.boot_id, str(self.seq)] + tokens)
        if len(self.pending) == MAX_PENDING:
            self.pending.pop(0)
        self.pending.append((self.seq, line))

    def _token(self, cradle, face):
        if face == faces.EMPTY:
            return "E"
        if face == faces.UNREADABLE:
            return "U"
        counts = self.board.read_colour(cradle)
        if counts is None:
            return str(faces.top(face))
        return f"{faces.top(face)}:{colours.classify(*counts)}"

    def _show(self):
        if self.stage != IDLE:
            colour = READING
        elif self.unreadable:
            colour = UNREADABLE
        elif self.pending:
            colour = WAITING
        else:
            colour = READY
        if colour != self.led:
            self.board.set_led(colour)
            self.led = colour

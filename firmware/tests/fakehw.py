"""Stand-ins for the tower's hardware, for the firmware's tests on a computer.

FakeBoard is what tower.Tower sees; FakeMachine, FakeNeoPixel and FakeTime stand in for the
MicroPython modules board.py uses, installed by install_modules().
"""

import sys

import faces
import frames
import tower

DARK = 1000
LIGHT = 50000


def raises(error, fn, *args):
    """The error fn(*args) raises; fails unless it is an ``error``."""
    try:
        fn(*args)
    except error as e:
        return e
    raise AssertionError(f"{fn} did not raise {error}")


def mask_for(top, turn=0):
    """The sensor mask a die with ``top`` up shows, turned ``turn`` quarter turns."""
    return faces.mask_of(faces.orientations(faces.top(top))[turn])


class FakeBoard:
    settle_ms = 50
    threshold = 20000

    def __init__(self, cradles=3):
        self.cradles = cradles
        self.now = 0
        self.beam = False
        self.button = False
        self.masks = [faces.ALL_DARK] * cradles
        self.colours = [None] * cradles
        self.reads = [0] * cradles  # readings taken of each cradle
        self.glints = {}  # (cradle, reading number) -> sensor that reads wrong then
        self.inbox = b""
        self.outbox = b""
        self.led = None

    # The board interface

    def now_ms(self):
        return self.now

    def beam_broken(self):
        return self.beam

    def button_pressed(self):
        return self.button

    def read_cradle(self, cradle):
        self.reads[cradle] += 1
        mask = self.masks[cradle]
        glint = self.glints.get((cradle, self.reads[cradle]))
        if glint is not None:
            mask ^= 1 << glint
        return [DARK if mask & (1 << i) else LIGHT for i in range(len(faces.SENSORS))]

    def read_colour(self, cradle):
        return self.colours[cradle]

    def set_led(self, rgb):
        self.led = rgb

    def serial_read(self):
        data = self.inbox
        self.inbox = b""
        return data

    def serial_write(self, data):
        self.outbox += data

    # For the tests

    def show(self, cradle, top, turn=0):
        self.masks[cradle] = mask_for(top, turn)

    def send(self, fields):
        self.inbox += frames.encode(fields)

    def sent_lines(self):
        """Lines written since the last call, newlines stripped."""
        lines = self.outbox.split(b"\n")
        self.outbox = lines.pop()
        return lines

    def sent(self):
        """Frames written since the last call, as lists of fields."""
        return [frames.decode(line) for line in self.sent_lines()]

    def run(self, logic, ms):
        for _ in range(ms):
            self.now += 1
            logic.step()

    def drop_dice(self, logic, falling_ms=10):
        """Dice fall past the beam, settle, and are read: a roll goes out in the last step."""
        self.beam = True
        self.run(logic, falling_ms)
        self.beam = False
        self.run(logic, self.settle_ms + (tower.SAMPLES - 1) * tower.SAMPLE_GAP_MS + 1)


def started(cradles=3, boot_id="B00710AD"):
    """A board and a started tower on it, with the HELLO already taken from the line."""
    board = FakeBoard(cradles)
    logic = tower.Tower(board, boot_id)
    logic.start()
    board.sent()
    return board, logic


# MicroPython's hardware modules, for board.py


class FakePin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = 4

    def __init__(self, pin_id, mode=-1, pull=-1, value=None):
        self.id = pin_id
        self.mode = mode
        self.pull = pull
        self.level = 0 if value is None else value
        self.handler = None
        FakeMachine.pins[pin_id] = self

    def irq(self, handler=None, trigger=0):
        assert trigger == self.IRQ_FALLING
        self.handler = handler

    def fall(self):
        """The line goes low, and the interrupt handler runs."""
        self.level = 0
        if self.handler is not None:
            self.handler(self)

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level


class FakeADC:
    def __init__(self, pin):
        self.pin = pin

    def read_u16(self):
        return FakeMachine.world.analog(self.pin.id)


class FakeI2C:
    """A TCA9548A (if FakeMachine.world.mux) with TCS34725s on some of its channels."""

    def __init__(self, bus, sda=None, scl=None, freq=None):
        self.selected = 0

    def scan(self):
        return [0x70] if FakeMachine.world.mux else []

    def writeto(self, addr, buf):
        if addr != 0x70 or not FakeMachine.world.mux:
            raise OSError(19)
        self.selected = buf[0]

    def _sensor(self, addr):
        sensors = FakeMachine.world.sensors
        for channel in sensors:
            if addr == 0x29 and self.selected == 1 << channel:
                if sensors[channel].get("broken"):
                    raise OSError(5)
                return sensors[channel]
        raise OSError(19)

    def readfrom_mem(self, addr, reg, n):
        sensor = self._sensor(addr)
        if reg == 0x80 | 0x12:
            return bytes([sensor["id"]])
        assert reg == 0x80 | 0x20 | 0x14 and n == 8
        r, g, b, c = sensor["counts"]
        out = []
        for count in (c, r, g, b):  # register order
            out += [count & 0xFF, count >> 8]
        return bytes(out)

    def writeto_mem(self, addr, reg, buf):
        self._sensor(addr)["registers"][reg & 0x1F] = buf[0]


class FakeMachine:
    Pin = FakePin
    ADC = FakeADC
    I2C = FakeI2C
    pins = {}
    world = None

    @classmethod
    def reset(cls, world):
        cls.pins = {}
        cls.world = world


class FakeNeoPixel:
    def __init__(self, pin, n):
        self.pin = pin
        self.pixels = [(0, 0, 0)] * n
        self.shown = []
        FakeNeoPixelModule.last = self

    def __setitem__(self, i, rgb):
        self.pixels[i] = rgb

    def write(self):
        self.shown.append(list(self.pixels))


class FakeNeoPixelModule:
    NeoPixel = FakeNeoPixel
    last = None


class FakeMicropython:
    @staticmethod
    def kbd_intr(char):
        pass


class FakeTime:
    """time's tick functions, with ticks wrapping at 2**30 ms as on the Pico."""

    PERIOD = 1 << 30

    def __init__(self, ticks=0):
        self.ticks = ticks

    def ticks_ms(self):
        return self.ticks % self.PERIOD

    def ticks_diff(self, a, b):
        return (a - b + self.PERIOD // 2) % self.PERIOD - self.PERIOD // 2

    def sleep_ms(self, ms):
        self.ticks += ms

    def sleep_us(self, us):
        pass


def install_modules():
    sys.modules["machine"] = FakeMachine
    sys.modules["neopixel"] = FakeNeoPixelModule
    try:
        import micropython  # noqa: F401
    except ImportError:
        sys.modules["micropython"] = FakeMicropython

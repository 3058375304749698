"""The Pico board: multiplexed reflectance sensors, beam, button, LED and colour sensors."""

import fakehw
from fakehw import FakeMachine, FakeNeoPixelModule, FakeTime

fakehw.install_modules()

import board  # noqa: E402
import clock  # noqa: E402


class World:
    """What the Pico's pins see: three multiplexed cradles and a few colour sensors."""

    def __init__(self, mux=True, sensors=None):
        self.mux = mux
        self.sensors = sensors or {}
        # ADC counts per cradle and channel, IR LEDs off (ambient) and on (lit)
        self.ambient = [[60000 - 100 * c - ch for ch in range(8)] for c in range(3)]
        self.lit = [[30000 + 1000 * c + 10 * ch for ch in range(8)] for c in range(3)]

    def analog(self, pin_id):
        cradle = board.CRADLE_ADC_PINS.index(pin_id)
        channel = 0
        for bit in range(3):
            channel |= FakeMachine.pins[board.MUX_SELECT_PINS[bit]].level << bit
        lit = FakeMachine.pins[board.EMITTER_PIN].level
        return (self.lit if lit else self.ambient)[cradle][channel]


class Serial:
    def __init__(self):
        self.inbox = b""
        self.outbox = b""

    def read(self):
        data = self.inbox
        self.inbox = b""
        return data

    def write(self, data):
        self.outbox += data


def make(world=None, ticks=0):
    FakeMachine.reset(world or World())
    board.time = FakeTime(ticks)
    clock.time = board.time
    serial = Serial()
    return board.PicoBoard(serial), serial


def sensor(counts, ident=0x44):
    return {"id": ident, "counts": counts, "registers": {}}


def test_each_cradle_is_read_through_its_multiplexer_without_ambient_light():
    pico, _ = make()
    world = FakeMachine.world
    for c in range(3):
        expected = [world.ambient[c][ch] - world.lit[c][ch] for ch in range(7)]
        assert pico.read_cradle(c) == expected
    assert FakeMachine.pins[board.EMITTER_PIN].level == 0  # IR LEDs off between readings


def test_more_ambient_than_lit_reads_as_no_reflection():
    pico, _ = make()
    FakeMachine.world.lit[0] = [65535] * 8
    assert pico.read_cradle(0) == [0] * 7


def test_beam_and_button_are_active_low():
    pico, _ = make()
    beam = FakeMachine.pins[board.BEAM_PIN]
    button = FakeMachine.pins[board.BUTTON_PIN]
    for pin in (beam, button):
        assert pin.mode == FakeMachine.Pin.IN and pin.pull == FakeMachine.Pin.PULL_UP
    for pin_id in board.MUX_SELECT_PINS + (board.EMITTER_PIN,):
        assert FakeMachine.pins[pin_id].mode == FakeMachine.Pin.OUT
    beam.level, button.level = 1, 1
    assert not pico.beam_broken() and not pico.button_pressed()
    beam.level, button.level = 0, 0
    assert pico.beam_broken() and pico.button_pressed()


def test_a_beam_broken_between_two_looks_is_not_missed():
    pico, _ = make()
    beam = FakeMachine.pins[board.BEAM_PIN]
    beam.level = 1
    assert not pico.beam_broken()
    beam.fall()  # a die passes in a flash
    beam.level = 1
    assert pico.beam_broken()
    assert not pico.beam_broken()


def test_the_led_is_the_neopixel():
    pico, _ = make()
    pico.set_led((1, 2, 3))
    pixel = FakeNeoPixelModule.last
    assert pixel.pin.id == board.NEOPIXEL_PIN
    assert pixel.shown == [[(1, 2, 3)]]


def test_colour_sensors_are_found_started_and_read_per_cradle():
    red = sensor((500, 200, 150, 900))
    blue = sensor((100, 200, 400, 750), ident=0x4D)
    pico, _ = make(World(sensors={0: red, 2: blue}))
    assert pico.read_colour(0) == (500, 200, 150, 900)
    assert pico.read_colour(1) is None
    assert pico.read_colour(2) == (100, 200, 400, 750)
    for s in (red, blue):
        assert s["registers"] == {0x00: 0x03, 0x01: 0xF6, 0x0F: 0x01}


def test_without_the_i2c_multiplexer_there_is_no_colour():
    pico, _ = make(World(mux=False, sensors={0: sensor((1, 2, 3, 6))}))
    assert [pico.read_colour(c) for c in range(3)] == [None, None, None]


def test_a_chip_that_is_not_a_tcs34725_or_fails_gives_no_colour():
    stranger = sensor((1, 2, 3, 6), ident=0x10)
    flaky = sensor((500, 200, 150, 900))
    pico, _ = make(World(sensors={0: stranger, 1: flaky}))
    assert pico.read_colour(0) is None
    flaky["broken"] = True
    assert pico.read_colour(1) is None


def test_serial_goes_through():
    pico, serial = make()
    serial.inbox = b"$HELLO,1*7916\n"
    assert pico.serial_read() == b"$HELLO,1*7916\n"
    assert pico.serial_read() == b""
    pico.serial_write(b"abc")
    assert serial.outbox == b"abc"


def test_time_keeps_counting_past_the_tick_counters_wrap():
    pico, _ = make(ticks=(1 << 30) - 5)
    start = pico.now_ms()
    pico.idle(10)
    assert pico.now_ms() - start == 10
    for _ in range(8):  # 2**31 ms: the counter wraps twice
        pico.idle(1 << 28)
        pico.now_ms()
    assert pico.now_ms() - start == 10 + (1 << 31)

"""The tower's hardware on a Raspberry Pi Pico (pins: hardware/WIRING.md)."""

import select
import sys
import time

import clock
import machine
import micropython
import neopixel

CRADLES = 3
SETTLE_MS = 250  # dice stop rocking well within this once the last one has passed the beam
THRESHOLD = 6000  # reflectance (ambient removed) below which a sensor sees a pip or nothing

MUX_SELECT_PINS = (2, 3, 4)  # S0-S2 of every cradle's CD74HC4067; S3 and EN are tied to GND
CRADLE_ADC_PINS = (26, 27, 28)  # SIG of cradle 1, 2 and 3's multiplexer
EMITTER_PIN = 6  # gate of the MOSFET that lights the reflectance sensors' IR LEDs
BUTTON_PIN = 14  # to GND when pressed
BEAM_PIN = 15  # break-beam receiver, open collector: low while the beam is broken
I2C_SDA_PIN = 16
I2C_SCL_PIN = 17
NEOPIXEL_PIN = 22

MUX_SETTLE_US = 10
EMITTER_SETTLE_US = 300

TCA9548A = 0x70  # I2C multiplexer: one channel per cradle's colour sensor
TCS34725 = 0x29
TCS34725_IDS = (0x44, 0x4D)
_COMMAND = 0x80
_AUTO_INCREMENT = 0x20
_ENABLE, _ATIME, _CONTROL, _ID, _CDATA = 0x00, 0x01, 0x0F, 0x12, 0x14


class ColourSensors:
    """One TCS34725 per cradle, each on its own channel of a TCA9548A."""

    def __init__(self, i2c, cradles):
        self._i2c = i2c
        found = TCA9548A in i2c.scan()
        self.present = [found and self._start(c) for c in range(cradles)]

    def _select(self, cradle):
        self._i2c.writeto(TCA9548A, bytes([1 << cradle]))

    def _start(self, cradle):
        self._select(cradle)
        try:
            ident = self._i2c.readfrom_mem(TCS34725, _COMMAND | _ID, 1)[0]
            if ident not in TCS34725_IDS:
                return False
            self._i2c.writeto_mem(TCS34725, _COMMAND | _ATIME, bytes([0xF6]))  # 24 ms
            self._i2c.writeto_mem(TCS34725, _COMMAND | _CONTROL, bytes([0x01]))  # gain 4x
            self._i2c.writeto_mem(TCS34725, _COMMAND | _ENABLE, bytes([0x01]))  # power on
            time.sleep_ms(3)
            self._i2c.writeto_mem(TCS34725, _COMMAND | _ENABLE, bytes([0x03]))  # and measure
        except OSError:
            return False
        return True

    def read(self, cradle):
        """(red, green, blue, clear) counts, or None without a working sensor."""
        if not self.present[cradle]:
            return None
        self._select(cradle)
        try:
            data = self._i2c.readfrom_mem(TCS34725, _COMMAND | _AUTO_INCREMENT | _CDATA, 8)
        except OSError:
            return None
        c, r, g, b = [data[i] | data[i + 1] << 8 for i in (0, 2, 4, 6)]
        return (r, g, b, c)


class UsbSerial:
    """The Pico's USB serial port, without blocking and without Ctrl-C interrupts."""

    def __init__(self):
        micropython.kbd_intr(-1)  # a stray 0x03 on the line is data, not a stop
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)

    def read(self):
        data = b""
        while len(data) < 64 and self._poll.poll(0):
            data += sys.stdin.buffer.read(1)
        return data

    def write(self, data):
        sys.stdout.buffer.write(data)


class PicoBoard:
    cradles = CRADLES
    settle_ms = SETTLE_MS
    threshold = THRESHOLD

    def __init__(self, serial=None):
        Pin = machine.Pin
        self._clock = clock.Clock()
        self._select = [Pin(n, Pin.OUT, value=0) for n in MUX_SELECT_PINS]
        self._adcs = [machine.ADC(Pin(n)) for n in CRADLE_ADC_PINS[:CRADLES]]
        self._emitters = Pin(EMITTER_PIN, Pin.OUT, value=0)
        self._beam = Pin(BEAM_PIN, Pin.IN, Pin.PULL_UP)
        self._beam_fell = False
        self._beam.irq(self._on_beam, Pin.IRQ_FALLING)
        self._button = Pin(BUTTON_PIN, Pin.IN, Pin.PULL_UP)
        self._pixel = neopixel.NeoPixel(Pin(NEOPIXEL_PIN), 1)
        i2c = machine.I2C(0, sda=Pin(I2C_SDA_PIN), scl=Pin(I2C_SCL_PIN), freq=100000)
        self._colours = ColourSensors(i2c, CRADLES)
        self._serial = UsbSerial() if serial is None else serial

    def now_ms(self):
        return self._clock.now_ms()

    def idle(self, ms):
        time.sleep_ms(ms)

    def _on_beam(self, pin):
        self._beam_fell = True

    def beam_broken(self):
        """Broken now, or broken for a moment since the last call (a die too quick to poll)."""
        broken = self._beam_fell or self._beam.value() == 0
        self._beam_fell = False
        return broken

    def button_pressed(self):
        return self._button.value() == 0

    def _scan(self, adc):
        readings = []
        for channel in range(7):
            for bit in range(len(self._select)):
                self._select[bit].value((channel >> bit) & 1)
            time.sleep_us(MUX_SETTLE_US)
            readings.append(adc.read_u16())
        return readings

    def read_cradle(self, cradle):
        # Phototransistors pull their line low as light comes back; reading with the IR
        # LEDs off and on and taking the difference removes ambient light.
        adc = self._adcs[cradle]
        ambient = self._scan(adc)
        self._emitters.value(1)
        time.sleep_us(EMITTER_SETTLE_US)
        lit = self._scan(adc)
        self._emitters.value(0)
        return [max(0, ambient[i] - lit[i]) for i in range(7)]

    def read_colour(self, cradle):
        return self._colours.read(cradle)

    def set_led(self, rgb):
        self._pixel[0] = rgb
        self._pixel.write()

    def serial_read(self):
        return self._serial.read()

    def serial_write(self, data):
        self._serial.write(data)

"""The dice tower's two boards as data: parts, footprints, nets and where each part sits.

generate.py turns this into the KiCad projects (symbols, footprints, schematic, PCB);
hardware/WIRING.md and hardware/PARTS.md describe the same circuit in words.
Coordinates are millimetres on the board, x to the right and y down, seen from the top.
"""

# Footprints of the project library (zombie-tower.pretty), by name:
#   kind "smd2": two pads; "sot23"; "soic24"; "qre1113"; "header": one row of THT pins;
#   "pico": the Pico H's 2 x 20 pins; "cp": a radial electrolytic capacitor.
FOOTPRINTS = {
    "R_0603_1608Metric": {"kind": "smd2", "pitch": 1.6, "pad": (0.9, 0.95)},
    "C_0603_1608Metric": {"kind": "smd2", "pitch": 1.6, "pad": (0.9, 0.95)},
    "D_SOD-123": {"kind": "smd2", "pitch": 3.3, "pad": (0.9, 1.2)},
    "SOT-23": {"kind": "sot23"},
    "SOIC-24W_7.5x15.4mm_P1.27mm": {"kind": "soic24"},
    "QRE1113GR": {"kind": "qre1113"},
    "CP_Radial_D5.0mm_P2.00mm": {"kind": "cp"},
    "PinHeader_1x02_P2.54mm_Vertical": {"kind": "header", "pins": 2},
    "PinHeader_1x03_P2.54mm_Vertical": {"kind": "header", "pins": 3},
    "PinHeader_1x04_P2.54mm_Vertical": {"kind": "header", "pins": 4},
    "PinHeader_1x08_P2.54mm_Vertical": {"kind": "header", "pins": 8},
    "RaspberryPi_Pico_H_THT": {"kind": "pico"},
}

# The cradle connector, the same on both ends of the cable
CRADLE_PINS = ["VBUS", "3V3", "AGND", "EMIT", "S0", "S1", "S2", "SIG"]

# CD74HC4067 (SOIC-24) pins: number -> name
MUX_PINS = {1: "COM", 10: "S0", 11: "S1", 12: "GND", 13: "S3", 14: "S2", 15: "~E", 24: "VCC"}
MUX_PINS.update({9 - i: f"I{i}" for i in range(8)})  # I0 on 9 ... I7 on 2
MUX_PINS.update({23 - (i - 8): f"I{i}" for i in range(8, 16)})  # I8 on 23 ... I15 on 16

# The Pico's pins, 1 to 40
PICO_NAMES = (
    "GP0 GP1 GND GP2 GP3 GP4 GP5 GND GP6 GP7 GP8 GP9 GND GP10 GP11 GP12 GP13 GND GP14 GP15 "
    "GP16 GP17 GND GP18 GP19 GP20 GP21 GND GP22 RUN GP26/ADC0 GP27/ADC1 AGND GP28/ADC2 "
    "ADC_VREF 3V3 3V3_EN GND VSYS VBUS"
).split()

PITCH = 4.5  # sensor grid pitch (GEOMETRY.md)
GRID = [(-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (-1, 1), (1, 1)]  # sensors 0-6, y down


def part(ref, value, footprint, pins, at, rot=0, symbol=None, side="F"):
    """``pins``: pin number -> net name (None: not connected)."""
    return {
        "ref": ref,
        "value": value,
        "footprint": footprint,
        "pins": pins,
        "at": at,
        "rot": rot,
        "symbol": symbol,
        "side": side,
    }


def cradle():
    """One cradle: seven QRE1113GR on the pip grid, their resistors, a CD74HC4067."""
    cx, cy = 11.0, 11.0  # grid centre
    parts = []
    for n, (gx, gy) in enumerate(GRID):
        x, y = cx + gx * PITCH, cy + gy * PITCH
        parts.append(
            part(
                f"U{n + 1}",
                "QRE1113GR",
                "QRE1113GR",
                {1: f"A{n}", 2: "EMIT", 3: f"P{n}", 4: "AGND"},
                (x, y),
                270,  # the IR emitter (pins 1, 2) towards the back wall
            )
        )
    # Emitter resistors (330) and pull-ups (10k): a row of seven each, below the grid
    for n in range(7):
        x = 2.6 + n * 2.8
        parts.append(
            part(f"R{n + 1}", "330", "R_0603_1608Metric", {1: "VBUS", 2: f"A{n}"}, (x, 21.0), 90)
        )
        parts.append(
            part(f"R{n + 8}", "10k", "R_0603_1608Metric", {1: "3V3", 2: f"P{n}"}, (x, 25.0), 90)
        )
    mux = {number: None for number in range(1, 25)}
    for number, name in MUX_PINS.items():
        if name.startswith("I"):
            channel = int(name[1:])
            mux[number] = f"P{channel}" if channel < 7 else "AGND"  # unused inputs grounded
    mux.update(
        {1: "SIG", 10: "S0", 11: "S1", 14: "S2", 12: "AGND", 13: "AGND", 15: "AGND", 24: "3V3"}
    )
    parts.append(part("U8", "CD74HC4067M96", "SOIC-24W_7.5x15.4mm_P1.27mm", mux, (11.0, 34.0), 90))
    parts.append(part("C1", "100n", "C_0603_1608Metric", {1: "3V3", 2: "AGND"}, (20.4, 34.0), 90))
    header = {i + 1: net for i, net in enumerate(CRADLE_PINS)}
    parts.append(part("J1", "Cradle", "PinHeader_1x08_P2.54mm_Vertical", header, (2.11, 45.0), 90))
    return {
        "name": "cradle",
        "title": "Dice tower cradle board",
        "size": (22.0, 48.0),
        "parts": parts,
    }


def carrier():
    """The Pico, the IR emitters' MOSFET, the status LED's feed and every connector."""
    pico = {n: None for n in range(1, 41)}
    for n in (3, 8, 13, 18, 23, 28, 38):
        pico[n] = "GND"
    pico.update(
        {
            4: "S0",
            5: "S1",
            6: "S2",
            9: "GATE",
            19: "BUTTON",
            20: "BEAM",
            21: "SDA",
            22: "SCL",
            29: "LED_IN",
            31: "SIG1",
            32: "SIG2",
            34: "SIG3",
            33: "AGND",
            36: "3V3",
            40: "VBUS",
        }
    )
    parts = [part("U1", "Pico H", "RaspberryPi_Pico_H_THT", pico, (4.0, 6.0), 0)]
    for i in range(3):
        pins = {k + 1: net for k, net in enumerate(CRADLE_PINS)}
        pins[8] = f"SIG{i + 1}"
        parts.append(
            part(
                f"J{i + 1}",
                f"Cradle {i + 1}",
                "PinHeader_1x08_P2.54mm_Vertical",
                pins,
                (32.0 + i * 8.0, 8.0),
                0,
            )
        )
    parts += [
        part("Q1", "AO3400A", "SOT-23", {1: "GATE_R", 2: "GND", 3: "EMIT"}, (46.0, 37.0), 0),
        part("R1", "100", "R_0603_1608Metric", {1: "GATE", 2: "GATE_R"}, (40.0, 36.0), 0),
        part("R2", "100k", "R_0603_1608Metric", {1: "GATE_R", 2: "GND"}, (40.0, 40.0), 0),
        part("C1", "100u 10V", "CP_Radial_D5.0mm_P2.00mm", {1: "VBUS", 2: "GND"}, (55.0, 37.0), 0),
        part("D1", "1N4148W", "D_SOD-123", {1: "LED_VDD", 2: "VBUS"}, (40.0, 46.0), 0),
        part("R3", "330", "R_0603_1608Metric", {1: "LED_IN", 2: "LED_DIN"}, (40.0, 50.0), 0),
        part("C2", "100n", "C_0603_1608Metric", {1: "LED_VDD", 2: "GND"}, (46.0, 46.0), 0),
        part(
            "J4",
            "LED",
            "PinHeader_1x03_P2.54mm_Vertical",
            {1: "LED_VDD", 2: "LED_DIN", 3: "GND"},
            (52.0, 48.0),
            90,
        ),
        part(
            "J5",
            "Beam emitter",
            "PinHeader_1x02_P2.54mm_Vertical",
            {1: "VBUS", 2: "GND"},
            (3.0, 58.0),
            90,
        ),
        part(
            "J6",
            "Beam receiver",
            "PinHeader_1x03_P2.54mm_Vertical",
            {1: "3V3", 2: "GND", 3: "BEAM"},
            (12.0, 58.0),
            90,
        ),
        part(
            "J7",
            "Button",
            "PinHeader_1x02_P2.54mm_Vertical",
            {1: "BUTTON", 2: "GND"},
            (23.0, 58.0),
            90,
        ),
        part(
            "J8",
            "I2C",
            "PinHeader_1x04_P2.54mm_Vertical",
            {1: "3V3", 2: "GND", 3: "SDA", 4: "SCL"},
            (31.0, 58.0),
            90,
        ),
    ]
    return {
        "name": "carrier",
        "title": "Dice tower carrier board",
        "size": (64.0, 62.0),
        "parts": parts,
    }


BOARDS = [cradle(), carrier()]

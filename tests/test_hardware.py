"""The tower's hardware sources: the boards agree with the firmware's pins and sensor layout,
KiCad's checks pass with no error and the board house's files come out, and the enclosure
renders to STL (also for other dice) with its drawings.

The KiCad and OpenSCAD tests need those programs (hardware/README.md, "Checking the design")
and skip with the reason when they are missing."""

from __future__ import annotations

import csv
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KICAD = ROOT / "hardware" / "kicad"
ENCLOSURE = ROOT / "hardware" / "enclosure"
SYSTEM_PYTHON = "/usr/bin/python3"  # the Python Debian's KiCad built its pcbnew module for


def load(path: Path, name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


parts = load(KICAD / "parts.py", "tower_parts")
faces = load(ROOT / "firmware" / "faces.py", "tower_faces")


def board(name: str) -> dict:  # type: ignore[type-arg]
    return next(b for b in parts.BOARDS if b["name"] == name)


def pins_of(board_name: str, ref: str) -> dict[int, str | None]:
    return next(p["pins"] for p in board(board_name)["parts"] if p["ref"] == ref)


def test_the_carrier_wires_the_pico_as_the_firmware_drives_it() -> None:
    source = (ROOT / "firmware" / "board.py").read_text()

    def constant(name: str) -> tuple[int, ...]:
        found = re.search(rf"^{name} = \(?([\d, ]+)\)?", source, re.MULTILINE)
        assert found is not None, name
        return tuple(int(n) for n in found.group(1).replace(",", " ").split())

    def pin(gpio: int) -> int:
        return 1 + next(
            i for i, name in enumerate(parts.PICO_NAMES) if name.split("/")[0] == f"GP{gpio}"
        )

    wanted = {
        **dict(zip(constant("MUX_SELECT_PINS"), ("S0", "S1", "S2"), strict=True)),
        **dict(zip(constant("CRADLE_ADC_PINS"), ("SIG1", "SIG2", "SIG3"), strict=True)),
        constant("EMITTER_PIN")[0]: "GATE",
        constant("BUTTON_PIN")[0]: "BUTTON",
        constant("BEAM_PIN")[0]: "BEAM",
        constant("I2C_SDA_PIN")[0]: "SDA",
        constant("I2C_SCL_PIN")[0]: "SCL",
        constant("NEOPIXEL_PIN")[0]: "LED_IN",
    }
    pico = pins_of("carrier", "U1")
    assert {gpio: pico[pin(gpio)] for gpio in wanted} == wanted
    # every cradle connector carries its own multiplexer output, the rest shared
    for n in (1, 2, 3):
        assert list(pins_of("carrier", f"J{n}").values()) == parts.CRADLE_PINS[:7] + [f"SIG{n}"]


def test_the_cradle_board_puts_each_sensor_where_the_faces_table_expects_it() -> None:
    cradle = board("cradle")
    mux = pins_of("cradle", "U8")
    channel_net = {parts.MUX_PINS[n]: net for n, net in mux.items() if n in parts.MUX_PINS}
    sensors = [p for p in cradle["parts"] if p["value"] == "QRE1113GR"]
    assert len(sensors) == len(faces.SENSORS) == 7
    centre = sensors[4]["at"]
    for n, sensor in enumerate(sensors):
        column = round((sensor["at"][0] - centre[0]) / parts.PITCH) + 1
        row = round((sensor["at"][1] - centre[1]) / parts.PITCH) + 1
        assert (row, column) == faces.SENSORS[n], f"sensor {n}"
        assert sensor["pins"][3] == channel_net[f"I{n}"], f"sensor {n} on channel I{n}"
    assert channel_net["I7"] == "AGND"  # the unused channel is tied down (WIRING.md)


def kicad_missing() -> str | None:
    if not Path(SYSTEM_PYTHON).exists():
        return f"no {SYSTEM_PYTHON}"
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import pcbnew"], capture_output=True)
    if probe.returncode != 0:
        return "KiCad 6's pcbnew is not installed (sudo apt install kicad)"
    if importlib.util.find_spec("kiauto") is None:
        return "KiAuto is not installed (pip install kiauto)"
    for tool in ("xvfb-run", "xdotool"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (sudo apt install xvfb xdotool)"
    return None


@pytest.mark.slow
@pytest.mark.skipif(kicad_missing() is not None, reason=str(kicad_missing()))
def test_the_boards_pass_kicads_checks_and_make_their_files(tmp_path: Path) -> None:
    kiauto = importlib.util.find_spec("kiauto")
    assert kiauto is not None and kiauto.origin is not None
    site = str(Path(kiauto.origin).parents[1])  # KiAuto is pure Python: lent to KiCad's Python
    env = {**os.environ, "PYTHONPATH": site, "HOME": str(tmp_path)}
    result = subprocess.run(
        [SYSTEM_PYTHON, str(KICAD / "fab.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    for name in ("cradle", "carrier"):
        assert f"{name}: ERC 0 error(s)" in out
        assert f"{name}: DRC 0 error(s), 0 warning(s), 0 unconnected pad(s)" in out
        agree = re.search(rf"{name}: schematic and PCB agree on (\d+) of (\d+) pads", out)
        assert agree is not None and agree.group(1) == agree.group(2) and int(agree.group(2)) > 50
        files = {p.name for p in (tmp_path / name).iterdir()}
        for layer in ("F_Cu", "B_Cu", "F_Mask", "B_Mask", "F_Paste", "Edge_Cuts"):
            assert f"{name}-{layer}.gbr" in files
        assert f"{name}-PTH.drl" in files and f"{name}-placement.svg" in files
        assert (tmp_path / name / f"{name}-schematic.pdf").read_bytes()[:5] == b"%PDF-"
        with open(tmp_path / name / f"{name}-placement.csv") as f:
            placed = {row["Ref"] for row in csv.DictReader(f)}
        assert placed == {p["ref"] for p in board(name)["parts"]}
    with open(tmp_path / "cradle" / "cradle-bom.csv") as f:
        bom = {row["Value"]: int(row["Qty"]) for row in csv.DictReader(f)}
    assert bom == {"QRE1113GR": 7, "330": 7, "10k": 7, "CD74HC4067M96": 1, "100n": 1, "Cradle": 1}


def frame_width(stl: Path) -> float:
    xs = [float(v) for v in re.findall(r"vertex\s+(\S+)", stl.read_text())]
    return max(xs) - min(xs)


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("openscad") is None, reason="needs OpenSCAD (apt install openscad)"
)
def test_the_enclosure_renders_for_16_and_19_mm_dice(tmp_path: Path) -> None:
    for die in (16, 19):
        out = tmp_path / str(die)
        result = subprocess.run(
            [sys.executable, str(ENCLOSURE / "render.py"), "--out", str(out), "-D", f"die={die}"],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        for part in ("tray", "frame", "chutes", "backbox"):
            stl = (out / "stl" / f"{part}.stl").read_text()
            assert stl.startswith("solid") and stl.count("facet normal") > 20
        section = (out / "section.svg").read_text()
        assert section.count("<path") >= 1 and len(re.findall(r"<tspan", section)) == 9
        if shutil.which("xvfb-run"):
            assert (out / "exploded.png").read_bytes()[:4] == b"\x89PNG"
    # three cradles at 1.5 dice apart, and a 2 mm wall each side
    assert frame_width(tmp_path / "16" / "stl" / "frame.stl") == pytest.approx(3 * 24 + 4)
    assert frame_width(tmp_path / "19" / "stl" / "frame.stl") == pytest.approx(3 * 28.5 + 4)

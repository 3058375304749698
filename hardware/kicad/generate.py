"""Write the dice tower's KiCad projects from parts.py: the project library of symbols and
footprints, each board's schematic, and its PCB placed and routed.

Run with the Python that has KiCad 6's ``pcbnew`` module (Debian: /usr/bin/python3):

    /usr/bin/python3 hardware/kicad/generate.py

The files it writes are committed; run it again after changing parts.py, then fab.py. The
libraries and schematics come out byte for byte the same for the same parts.py (their ids
are derived from names); the PCB's tracks take the same ways but get new ids.
"""

from __future__ import annotations

import heapq
import math
import sys
import uuid
from pathlib import Path

import pcbnew

sys.path.insert(0, str(Path(__file__).resolve().parent))
import parts  # noqa: E402

HERE = Path(__file__).resolve().parent
LIB = "zombie-tower"
FONT = "(effects (font (size 1.27 1.27)))"
FONT_HIDE = "(effects (font (size 1.27 1.27)) hide)"

# Design rules the router keeps (KiCad's defaults: clearance 0.2, track 0.25, via 0.8/0.4)
TRACK = 0.25
CLEARANCE = 0.2
VIA = 0.8
VIA_DRILL = 0.4
CELL = 0.2  # routing grid
EDGE = 0.5  # copper kept this far from the board edge


def uid(*names: object) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "zombie-tower/" + "/".join(map(str, names))))


def num(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


# Footprints -------------------------------------------------------------------------------


def pads_of(name: str) -> list[tuple[str, str, float, float, float, float, float]]:
    """(number, kind, x, y, width, height, drill) of each pad; kind smd/tht."""
    spec = parts.FOOTPRINTS[name]
    kind = spec["kind"]
    if kind == "smd2":
        w, h = spec["pad"]
        p = spec["pitch"] / 2
        return [("1", "smd", -p, 0, w, h, 0), ("2", "smd", p, 0, w, h, 0)]
    if kind == "sot23":
        return [
            ("1", "smd", -0.95, 1.1, 0.6, 1.0, 0),
            ("2", "smd", 0.95, 1.1, 0.6, 1.0, 0),
            ("3", "smd", 0, -1.1, 0.6, 1.0, 0),
        ]
    if kind == "soic24":
        pads = []
        for i in range(12):
            y = -6.985 + i * 1.27
            pads.append((str(i + 1), "smd", -4.65, y, 2.0, 0.6, 0))
            pads.append((str(24 - i), "smd", 4.65, y, 2.0, 0.6, 0))
        return sorted(pads, key=lambda p: int(p[0]))
    if kind == "qre1113":
        # QRE1113GR: 1 anode, 2 cathode (emitter side); 3 collector, 4 emitter (detector side)
        return [
            ("1", "smd", -1.55, -0.85, 0.9, 0.75, 0),
            ("2", "smd", -1.55, 0.85, 0.9, 0.75, 0),
            ("3", "smd", 1.55, 0.85, 0.9, 0.75, 0),
            ("4", "smd", 1.55, -0.85, 0.9, 0.75, 0),
        ]
    if kind == "cp":
        return [("1", "tht", 0, 0, 1.6, 1.6, 0.8), ("2", "tht", 2.0, 0, 1.6, 1.6, 0.8)]
    if kind == "header":
        return [(str(i + 1), "tht", 0, i * 2.54, 1.7, 1.7, 1.0) for i in range(spec["pins"])]
    if kind == "pico":
        pads = [(str(i + 1), "tht", 0, i * 2.54, 1.7, 1.7, 1.0) for i in range(20)]
        pads += [(str(40 - i), "tht", 17.78, i * 2.54, 1.7, 1.7, 1.0) for i in range(20)]
        return sorted(pads, key=lambda p: int(p[0]))
    raise ValueError(kind)


def body_of(name: str) -> tuple[float, float, float, float]:
    """The part's body outline (x0, y0, x1, y1) for the fabrication layer and courtyard."""
    kind = parts.FOOTPRINTS[name]["kind"]
    return {
        "smd2": (-0.8, -0.4, 0.8, 0.4) if "0603" in name else (-1.35, -0.8, 1.35, 0.8),
        "sot23": (-1.45, -0.65, 1.45, 0.65),
        "soic24": (-3.75, -7.7, 3.75, 7.7),
        "qre1113": (-1.8, -1.45, 1.8, 1.45),
        "cp": (-1.5, -2.5, 3.5, 2.5),
        "pico": (-1.61, -1.37, 19.39, 49.63),
    }.get(kind) or (-1.27, -1.27, 1.27, parts.FOOTPRINTS[name].get("pins", 1) * 2.54 - 1.27)


def footprint_text(name: str) -> str:
    pads = pads_of(name)
    smd = all(p[1] == "smd" for p in pads)
    x0, y0, x1, y1 = body_of(name)
    for _, _, x, y, w, h, _ in pads:  # the courtyard takes in the pads
        x0, y0 = min(x0, x - w / 2), min(y0, y - h / 2)
        x1, y1 = max(x1, x + w / 2), max(y1, y + h / 2)
    c = 0.25
    lines = [
        f'(footprint "{name}" (version 20211014) (generator zombie_tower) (layer "F.Cu")',
        f"  (attr {'smd' if smd else 'through_hole'})",
        f'  (fp_text reference "REF**" (at 0 {num(body_of(name)[1] - 0.8)}) (layer "F.Fab")'
        " (effects (font (size 0.8 0.8) (thickness 0.12))))",
        f'  (fp_text value "{name}" (at 0 {num(body_of(name)[3] + 0.8)}) (layer "F.Fab") hide'
        " (effects (font (size 0.8 0.8) (thickness 0.12))))",
    ]
    bx0, by0, bx1, by1 = body_of(name)
    lines.append(
        f'  (fp_rect (start {num(bx0)} {num(by0)}) (end {num(bx1)} {num(by1)}) (layer "F.Fab")'
        " (width 0.1) (fill none))"
    )
    lines.append(
        f"  (fp_rect (start {num(x0 - c)} {num(y0 - c)}) (end {num(x1 + c)} {num(y1 + c)})"
        ' (layer "F.CrtYd") (width 0.05) (fill none))'
    )
    for number, kind, x, y, w, h, drill in pads:
        if kind == "smd":
            lines.append(
                f'  (pad "{number}" smd roundrect (at {num(x)} {num(y)}) (size {num(w)} {num(h)})'
                ' (layers "F.Cu" "F.Paste" "F.Mask") (roundrect_rratio 0.25))'
            )
        else:
            shape = "rect" if number == "1" else "circle"
            lines.append(
                f'  (pad "{number}" thru_hole {shape} (at {num(x)} {num(y)})'
                f" (size {num(w)} {num(h)})"
                f" (drill {num(drill)}) (layers *.Cu *.Mask))"
            )
    return "\n".join(lines) + "\n)\n"


# Symbols ----------------------------------------------------------------------------------


def symbol_of(p: dict) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]]]:
    """(symbol name, left pins, right pins) as (number, name) for a part."""
    fp = p["footprint"]
    numbers = [str(n) for n in sorted(p["pins"])]
    if fp == "RaspberryPi_Pico_H_THT":
        pins = [(str(n), parts.PICO_NAMES[n - 1]) for n in range(1, 41)]
        return "RaspberryPi_Pico_H", pins[:20], pins[20:][::-1]
    if fp.startswith("SOIC-24"):
        inputs = [
            (str(n), parts.MUX_PINS[n])
            for n in sorted(
                parts.MUX_PINS,
                key=lambda n: (
                    parts.MUX_PINS[n][0] != "I",
                    int(parts.MUX_PINS[n][1:]) if parts.MUX_PINS[n][0] == "I" else 0,
                ),
            )
        ]
        left = [pin for pin in inputs if pin[1].startswith("I")]
        right = [pin for pin in inputs if not pin[1].startswith("I")]
        return "CD74HC4067", left, right
    if fp == "QRE1113GR":
        return "QRE1113GR", [("1", "A"), ("2", "K")], [("3", "C"), ("4", "E")]
    if fp == "SOT-23":
        return "Q_NMOS_GSD", [("1", "G")], [("3", "D"), ("2", "S")]
    if fp.startswith("PinHeader"):
        return f"Conn_01x{len(numbers):02d}", [(n, f"Pin_{n}") for n in numbers], []
    kind = {"R": "R", "C": "C", "D": "D"}.get(p["ref"][0], "R")
    if fp.startswith("CP_"):
        kind = "CP"
    names = {"D": ("K", "A"), "CP": ("+", "-")}.get(kind, ("~", "~"))
    return kind, [("1", names[0])], [("2", names[1])]


def symbol_text(name: str, left: list, right: list, prefix: str = "") -> str:
    rows = max(len(left), len(right), 1)
    width = width_of(name, left, right)
    half_h = rows * 2.54 / 2 + 1.27
    top = (rows - 1) * 2.54 / 2
    body = (
        f'    (symbol "{name}_0_1" (rectangle (start {num(-width / 2)} {num(half_h)})'
        f" (end {num(width / 2)} {num(-half_h)}) (stroke (width 0.254) (type default)"
        " (color 0 0 0 0)) (fill (type background))))"
    )
    pins = []
    for side, sign in ((left, -1), (right, 1)):
        for i, (number, pin_name) in enumerate(side):
            x = sign * (width / 2 + 2.54)
            y = top - i * 2.54
            angle = 0 if sign < 0 else 180
            pins.append(
                f"      (pin passive line (at {num(x)} {num(y)} {angle}) (length 2.54)"
                f' (name "{pin_name}" {FONT}) (number "{number}" {FONT}))'
            )
    ref = {"RaspberryPi_Pico_H": "U", "CD74HC4067": "U", "QRE1113GR": "U", "Q_NMOS_GSD": "Q"}.get(
        name, "J" if name.startswith("Conn") else name[0]
    )
    return "\n".join(
        [
            f'  (symbol "{prefix}{name}" (in_bom yes) (on_board yes)',
            f'    (property "Reference" "{ref}" (id 0) (at 0 {num(half_h + 1.27)} 0) {FONT})',
            f'    (property "Value" "{name}" (id 1) (at 0 {num(-half_h - 1.27)} 0) {FONT})',
            f'    (property "Footprint" "" (id 2) (at 0 0 0) {FONT_HIDE})',
            f'    (property "Datasheet" "" (id 3) (at 0 0 0) {FONT_HIDE})',
            body,
            f'    (symbol "{name}_1_1"',
            *pins,
            "    )",
            "  )",
        ]
    )


def width_of(name: str, left: list, right: list) -> float:
    """A symbol's body width: narrow for two-pin parts and connectors."""
    return 5.08 if name.startswith("Conn") or max(len(left), len(right)) <= 1 else 12.7


def pin_points(name: str, left: list, right: list) -> dict[str, tuple[float, float, int]]:
    """Pin number -> (x, y, outward direction -1/+1) in symbol units, y up."""
    rows = max(len(left), len(right), 1)
    width = width_of(name, left, right)
    top = (rows - 1) * 2.54 / 2
    points = {}
    for side, sign in ((left, -1), (right, 1)):
        for i, (number, _) in enumerate(side):
            points[number] = (sign * (width / 2 + 2.54), top - i * 2.54, sign)
    return points


# Schematic --------------------------------------------------------------------------------


LEFT, RIGHT = 17.78, 279.4  # the drawing area of an A4 sheet, landscape


def schematic(board: dict) -> str:
    name = board["name"]
    symbols = {}
    placed = []
    # Rows of symbols across an A4 sheet, each pin on a short wire with its net's label
    column_x, row_y, tallest = LEFT, 25.4, 0.0
    for p in board["parts"]:
        sym, left, right = symbol_of(p)
        symbols[sym] = (left, right)
        rows = max(len(left), len(right), 1)
        width = width_of(sym, left, right) + 33.02
        if column_x + width > RIGHT:
            column_x, row_y, tallest = LEFT, row_y + tallest, 0.0
        placed.append((p, sym, column_x + width / 2, row_y + rows * 1.27 + 5.08))
        column_x += width
        tallest = max(tallest, rows * 2.54 + 15.24)
    out = [
        "(kicad_sch (version 20211123) (generator eeschema)",
        f"  (uuid {uid(name, 'sheet')})",
        '  (paper "A4")',
        f'  (title_block (title "{board["title"]}") (company "Zombie Table Companion")'
        ' (comment 1 "Generated by hardware/kicad/generate.py from parts.py"))',
        "  (lib_symbols",
    ]
    for sym, (left, right) in symbols.items():
        out.append(symbol_text(sym, left, right, prefix=f"{LIB}:"))
    out.append("  )")
    instances = []
    for p, sym, x, y in placed:
        x, y = round(x / 2.54) * 2.54, round(y / 2.54) * 2.54
        ref = p["ref"]
        left, right = symbols[sym]
        out.append(
            f'  (symbol (lib_id "{LIB}:{sym}") (at {num(x)} {num(y)} 0) (unit 1)'
            f" (in_bom yes) (on_board yes)"
        )
        out.append(f"    (uuid {uid(name, ref)})")
        rows = max(len(left), len(right), 1)
        out.append(
            f'    (property "Reference" "{ref}" (id 0)'
            f" (at {num(x)} {num(y - rows * 1.27 - 2.54)} 0) {FONT})"
        )
        out.append(
            f'    (property "Value" "{p["value"]}" (id 1)'
            f" (at {num(x)} {num(y + rows * 1.27 + 2.54)} 0) {FONT})"
        )
        out.append(
            f'    (property "Footprint" "{LIB}:{p["footprint"]}" (id 2)'
            f" (at {num(x)} {num(y)} 0) {FONT_HIDE})"
        )
        out.append(f'    (property "Datasheet" "" (id 3) (at {num(x)} {num(y)} 0) {FONT_HIDE})')
        for number in pin_points(sym, left, right):
            out.append(f'    (pin "{number}" (uuid {uid(name, ref, "pin", number)}))')
        out.append("  )")
        instances.append(
            f'    (path "/{uid(name, ref)}" (reference "{ref}") (unit 1) (value "{p["value"]}")'
            f' (footprint "{LIB}:{p["footprint"]}"))'
        )
        for number, (px, py, sign) in pin_points(sym, left, right).items():
            sx, sy = x + px, y - py
            ex = sx + sign * 2.54
            net = p["pins"][int(number)]
            if net is None:
                out.append(
                    f"  (no_connect (at {num(sx)} {num(sy)}) (uuid {uid(name, ref, 'nc', number)}))"
                )
                continue
            out.append(
                f"  (wire (pts (xy {num(sx)} {num(sy)}) (xy {num(ex)} {num(sy)}))"
                " (stroke (width 0) (type default) (color 0 0 0 0))"
                f" (uuid {uid(name, ref, 'w', number)}))"
            )
            angle, justify = (0, "left") if sign > 0 else (180, "right")
            out.append(
                f'  (label "{net}" (at {num(ex)} {num(sy)} {angle})'
                f" (effects (font (size 1.27 1.27)) (justify {justify} bottom))"
                f" (uuid {uid(name, ref, 'l', number)}))"
            )
    out.append('  (sheet_instances (path "/" (page "1")))')
    out.append("  (symbol_instances")
    out += sorted(instances, key=lambda line: line.split('"')[3])
    out.append("  )")
    out.append(")")
    return "\n".join(out) + "\n"


# PCB ----------------------------------------------------------------------------------------


def mm(value: float) -> int:
    return pcbnew.FromMM(value)


def build_pcb(board: dict, folder: Path) -> pcbnew.BOARD:
    pcb = pcbnew.NewBoard(str(folder / board["name"] / f"{board['name']}.kicad_pcb"))
    width, height = board["size"]
    corners = [(0, 0), (width, 0), (width, height), (0, height)]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        edge = pcbnew.PCB_SHAPE(pcb)
        edge.SetShape(pcbnew.SHAPE_T_SEGMENT)
        edge.SetLayer(pcbnew.Edge_Cuts)
        edge.SetStart(pcbnew.wxPoint(mm(x0), mm(y0)))
        edge.SetEnd(pcbnew.wxPoint(mm(x1), mm(y1)))
        edge.SetWidth(mm(0.1))
        pcb.Add(edge)
    nets = {}
    for p in board["parts"]:
        for net in p["pins"].values():
            if net and net not in nets:
                nets[net] = pcbnew.NETINFO_ITEM(pcb, net)
                pcb.Add(nets[net])
    library = str(folder / f"{LIB}.pretty")
    for p in board["parts"]:
        fp = pcbnew.FootprintLoad(library, p["footprint"])
        fp.SetReference(p["ref"])
        fp.SetValue(p["value"])
        fp.SetFPID(pcbnew.LIB_ID(LIB, p["footprint"]))
        fp.SetPosition(pcbnew.wxPoint(mm(p["at"][0]), mm(p["at"][1])))
        fp.SetOrientationDegrees(p["rot"])
        fp.SetPath(pcbnew.KIID_PATH(f"/{uid(board['name'], p['ref'])}"))
        pcb.Add(fp)
        for pad in fp.Pads():
            net = p["pins"].get(int(pad.GetNumber()))
            if net:
                pad.SetNet(nets[net])
    title = pcbnew.PCB_TEXT(pcb)
    title.SetText(board["title"].replace("Dice tower ", "Zombie tower "))
    title.SetLayer(pcbnew.F_Fab)
    title.SetTextSize(pcbnew.wxSize(mm(1.0), mm(1.0)))
    title.SetTextThickness(mm(0.15))
    title.SetPosition(pcbnew.wxPoint(mm(width / 2), mm(height / 2)))
    pcb.Add(title)
    route(pcb, board)
    return pcb


class Grid:
    """Where track centre lines may go, per copper layer: 0 free, a net code (only that
    net may pass), or -1 (no net may pass)."""

    def __init__(self, width: float, height: float) -> None:
        self.nx, self.ny = int(width / CELL) + 1, int(height / CELL) + 1
        self.cells = [[[0] * self.ny for _ in range(self.nx)] for _ in range(2)]
        self.vias: list[tuple[int, int]] = []
        margin = math.ceil((EDGE + TRACK / 2) / CELL)
        for layer in range(2):
            for x in range(self.nx):
                for y in range(self.ny):
                    if min(x, y, self.nx - 1 - x, self.ny - 1 - y) < margin:
                        self.cells[layer][x][y] = -1

    def claim(self, layer: int, x: int, y: int, net: int) -> None:
        if 0 <= x < self.nx and 0 <= y < self.ny:
            held = self.cells[layer][x][y]
            self.cells[layer][x][y] = net if held in (0, net) else -1

    def claim_round(self, layer: int, cx: float, cy: float, radius: float, net: int) -> None:
        r = math.ceil(radius / CELL)
        for x in range(int(cx / CELL) - r, int(cx / CELL) + r + 2):
            for y in range(int(cy / CELL) - r, int(cy / CELL) + r + 2):
                if math.hypot(x * CELL - cx, y * CELL - cy) <= radius:
                    self.claim(layer, x, y, net)

    def claim_rect(self, layer: int, box: tuple[float, float, float, float], net: int) -> None:
        x0, y0, x1, y1 = box
        for x in range(math.floor(x0 / CELL), math.ceil(x1 / CELL) + 1):
            for y in range(math.floor(y0 / CELL), math.ceil(y1 / CELL) + 1):
                if x0 <= x * CELL <= x1 and y0 <= y * CELL <= y1:
                    self.claim(layer, x, y, net)

    def free(self, layer: int, x: int, y: int, net: int) -> bool:
        return 0 <= x < self.nx and 0 <= y < self.ny and self.cells[layer][x][y] in (0, net)


def pad_box(pad: pcbnew.PAD, grow: float) -> tuple[float, float, float, float]:
    box = pad.GetBoundingBox()
    return (
        pcbnew.ToMM(box.GetX()) - grow,
        pcbnew.ToMM(box.GetY()) - grow,
        pcbnew.ToMM(box.GetX() + box.GetWidth()) + grow,
        pcbnew.ToMM(box.GetY() + box.GetHeight()) + grow,
    )


def route(pcb: pcbnew.BOARD, board: dict) -> None:
    """Route every net on a grid: a Dijkstra search over both copper layers with vias, each
    track claiming the room its clearance needs. Connections that find no way are moved to
    the front and everything is routed again, a few times at most."""
    pads_by_net: dict[int, list] = {}
    for fp in pcb.GetFootprints():
        for pad in fp.Pads():
            layers = [0, 1] if pad.GetAttribute() == pcbnew.PAD_ATTRIB_PTH else [0]
            pads_by_net.setdefault(pad.GetNetCode(), []).append((pad, layers))
    connections = []
    for net, pads in pads_by_net.items():
        if not net:
            continue
        # a spanning tree over the pads (Prim), each edge a connection to route
        points = [(pcbnew.ToMM(p.GetPosition().x), pcbnew.ToMM(p.GetPosition().y)) for p, _ in pads]
        joined = {0}
        while len(joined) < len(points):
            a, b = min(
                ((i, j) for i in joined for j in range(len(points)) if j not in joined),
                key=lambda e: math.dist(points[e[0]], points[e[1]]),
            )
            joined.add(b)
            connections.append((math.dist(points[a], points[b]), net, pads[a], pads[b]))
    order = sorted(connections, key=lambda c: c[0])
    best: tuple[list, list] | None = None
    for _ in range(ATTEMPTS):
        grid = Grid(*board["size"])
        for net, pads in pads_by_net.items():
            for pad, layers in pads:
                for layer in layers:
                    grid.claim_rect(layer, pad_box(pad, CLEARANCE + TRACK / 2), net if net else -1)
        paths, failed = [], []
        for connection in order:
            _, net, (pad_a, layers_a), (pad_b, layers_b) = connection
            path = search(grid, net, pad_a, layers_a, pad_b, layers_b)
            if path is None:
                failed.append(connection)
            else:
                claim_path(grid, net, path)
                paths.append((net, path))
        if best is None or len(failed) < len(best[1]):
            best = (paths, failed)
        if not failed:
            break
        order = failed + [c for c in order if c not in failed]
    assert best is not None
    for net, path in best[0]:
        lay_down(pcb, net, path)
    if best[1]:
        names = [
            f"{a[0].GetParent().GetReference()}.{a[0].GetNumber()}-"
            f"{b[0].GetParent().GetReference()}.{b[0].GetNumber()}"
            for _, _, a, b in best[1]
        ]
        print(f"{board['name']}: could not route {len(names)}: {', '.join(names)}")


def pad_cells(grid: Grid, pad: pcbnew.PAD, layers: list[int]) -> list[tuple[int, int, int]]:
    x0, y0, x1, y1 = pad_box(pad, 0)
    cells = []
    for x in range(math.ceil(x0 / CELL), math.floor(x1 / CELL) + 1):
        for y in range(math.ceil(y0 / CELL), math.floor(y1 / CELL) + 1):
            inside = all(  # the track's end, and a little around it, on the copper
                pad.HitTest(pcbnew.wxPoint(mm(x * CELL + dx), mm(y * CELL + dy)))
                for dx, dy in ((0, 0), (0.05, 0), (-0.05, 0), (0, 0.05), (0, -0.05))
            )
            if inside:
                cells += [(layer, x, y) for layer in layers]
    if not cells:
        cx, cy = pcbnew.ToMM(pad.GetPosition().x), pcbnew.ToMM(pad.GetPosition().y)
        cells = [(layer, round(cx / CELL), round(cy / CELL)) for layer in layers]
    return cells


STEPS = [(1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0),
         (1, 1, 1.42), (1, -1, 1.42), (-1, 1, 1.42), (-1, -1, 1.42)]  # fmt: skip
VIA_COST = 8.0
ATTEMPTS = 20


def via_fits(grid: Grid, x: int, y: int, net: int) -> bool:
    reach = math.ceil((VIA / 2 - TRACK / 2) / CELL)
    apart = (VIA + CLEARANCE) / CELL  # from every other via, of any net
    if any(math.hypot(x - vx, y - vy) < apart for vx, vy in grid.vias):
        return False
    return all(
        grid.free(layer, x + dx, y + dy, net)
        for layer in (0, 1)
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
    )


def search(grid, net, pad_a, layers_a, pad_b, layers_b):
    starts = pad_cells(grid, pad_a, layers_a)
    goals = set(pad_cells(grid, pad_b, layers_b))
    tx, ty = pcbnew.ToMM(pad_b.GetPosition().x) / CELL, pcbnew.ToMM(pad_b.GetPosition().y) / CELL
    best = {}
    came = {}
    queue = []
    for cell in starts:
        best[cell] = 0.0
        heapq.heappush(queue, (math.hypot(cell[1] - tx, cell[2] - ty), 0.0, cell))
    while queue:
        _, cost, cell = heapq.heappop(queue)
        if cost > best.get(cell, math.inf):
            continue
        if cell in goals:
            path = [cell]
            while path[-1] in came:
                path.append(came[path[-1]])
            return path[::-1]
        layer, x, y = cell
        moves = []
        for dx, dy, step in STEPS:
            if grid.free(layer, x + dx, y + dy, net):
                if (
                    dx
                    and dy
                    and not (grid.free(layer, x + dx, y, net) and grid.free(layer, x, y + dy, net))
                ):
                    continue  # no squeezing diagonally between two claims
                moves.append(((layer, x + dx, y + dy), step))
        if via_fits(grid, x, y, net):
            moves.append(((1 - layer, x, y), VIA_COST))
        for nxt, step in moves:
            new = cost + step + (0.3 if nxt[0] == 1 else 0)  # the bottom costs a little more
            if new < best.get(nxt, math.inf):
                best[nxt] = new
                came[nxt] = cell
                heapq.heappush(queue, (new + math.hypot(nxt[1] - tx, nxt[2] - ty), new, nxt))
    return None


def claim_path(grid, net, path):
    for i, (layer, x, y) in enumerate(path):
        if i and path[i - 1][0] != layer:  # a via
            grid.vias.append((x, y))
            for side in (0, 1):
                grid.claim_round(side, x * CELL, y * CELL, VIA / 2 + CLEARANCE + TRACK / 2, net)
        grid.claim_round(layer, x * CELL, y * CELL, TRACK + CLEARANCE, net)


def lay_down(pcb, net, path):
    info = pcb.FindNet(net)
    layers = [pcbnew.F_Cu, pcbnew.B_Cu]

    def point(cell):
        return pcbnew.wxPoint(mm(cell[1] * CELL), mm(cell[2] * CELL))

    start = path[0]
    for i in range(1, len(path)):
        prev, cell = path[i - 1], path[i]
        if cell[0] != prev[0]:
            if start != prev:
                add_track(pcb, info, point(start), point(prev), layers[prev[0]])
            via = pcbnew.PCB_VIA(pcb)
            via.SetPosition(point(cell))
            via.SetWidth(mm(VIA))
            via.SetDrill(mm(VIA_DRILL))
            via.SetNet(info)
            pcb.Add(via)
            start = cell
            continue
        nxt = path[i + 1] if i + 1 < len(path) else None
        straight = (
            nxt is not None
            and nxt[0] == cell[0]
            and ((nxt[1] - cell[1], nxt[2] - cell[2]) == (cell[1] - prev[1], cell[2] - prev[2]))
        )
        if not straight:
            add_track(pcb, info, point(start), point(cell), layers[cell[0]])
            start = cell


def add_track(pcb, net, a, b, layer):
    if a == b:
        return
    track = pcbnew.PCB_TRACK(pcb)
    track.SetStart(a)
    track.SetEnd(b)
    track.SetWidth(mm(TRACK))
    track.SetLayer(layer)
    track.SetNet(net)
    pcb.Add(track)


# Project files ------------------------------------------------------------------------------

PROJECT = """{
  "board": {"design_settings": {"rules": {"min_clearance": 0.2, "min_track_width": 0.2}}},
  "meta": {"filename": "%s.kicad_pro", "version": 1},
  "schematic": {"legacy_lib_dir": "", "legacy_lib_list": []},
  "sheets": [["%s", ""]]
}
"""


def main() -> None:
    footprints = HERE / f"{LIB}.pretty"
    footprints.mkdir(exist_ok=True)
    for name in parts.FOOTPRINTS:
        (footprints / f"{name}.kicad_mod").write_text(footprint_text(name))
    library = {}
    for board in parts.BOARDS:
        for p in board["parts"]:
            sym, left, right = symbol_of(p)
            library[sym] = symbol_text(sym, left, right)
    (HERE / f"{LIB}.kicad_sym").write_text(
        "(kicad_symbol_lib (version 20211014) (generator zombie_tower)\n"
        + "\n".join(library[name] for name in sorted(library))
        + "\n)\n"
    )
    for board in parts.BOARDS:
        folder = HERE / board["name"]
        folder.mkdir(exist_ok=True)
        name = board["name"]
        (folder / f"{name}.kicad_pro").write_text(PROJECT % (name, uid(name, "sheet")))
        (folder / "sym-lib-table").write_text(
            f'(sym_lib_table\n  (lib (name "{LIB}")(type "KiCad")'
            f'(uri "${{KIPRJMOD}}/../{LIB}.kicad_sym")'
            '(options "")(descr "The dice tower\'s parts"))\n)\n'
        )
        (folder / "fp-lib-table").write_text(
            f'(fp_lib_table\n  (lib (name "{LIB}")(type "KiCad")'
            f'(uri "${{KIPRJMOD}}/../{LIB}.pretty")'
            '(options "")(descr "The dice tower\'s footprints"))\n)\n'
        )
        (folder / f"{name}.kicad_sch").write_text(schematic(board))
        pcb = build_pcb(board, HERE)
        pcb.Save(str(folder / f"{name}.kicad_pcb"))
        print(f"wrote {folder.relative_to(HERE.parent.parent)}")


if __name__ == "__main__":
    main()

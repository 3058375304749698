"""Check the dice tower's boards and make what a board house needs.

For each board (cradle, carrier): the electrical rules check (eeschema under a virtual X
display, driven by KiAuto), a comparison of the schematic's netlist with the PCB's pads,
the design rules check (pcbnew), then the schematic as PDF, Gerbers, drill files, a bill
of materials, a placement file and a placement drawing. Run with the Python that has KiCad
6's ``pcbnew`` (Debian: /usr/bin/python3) and KiAuto importable (hardware/README.md says how):

    python hardware/kicad/fab.py [--out DIR] [--checks-only]

It prints each check's figures and exits non-zero if any check finds an error.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pcbnew

HERE = Path(__file__).resolve().parent
BOARDS = ("cradle", "carrier")
GERBER_LAYERS = {
    "F_Cu": pcbnew.F_Cu,
    "B_Cu": pcbnew.B_Cu,
    "F_Mask": pcbnew.F_Mask,
    "B_Mask": pcbnew.B_Mask,
    "F_Paste": pcbnew.F_Paste,
    "F_Silkscreen": pcbnew.F_SilkS,
    "B_Silkscreen": pcbnew.B_SilkS,
    "Edge_Cuts": pcbnew.Edge_Cuts,
}


def eeschema_do() -> list[str]:
    """How to run KiAuto's eeschema_do with this Python."""
    candidates = [Path(sys.executable).parent / "eeschema_do"]
    try:
        import kiauto  # noqa: F401  (installed beside a virtual environment's Python)

        candidates.append(Path(kiauto.__file__).resolve().parents[4] / "bin" / "eeschema_do")
    except ImportError:
        pass
    found = shutil.which("eeschema_do")
    candidates += [Path(found)] if found else []
    for script in candidates:
        if script.is_file():
            return [sys.executable, str(script)]
    raise SystemExit(
        "KiAuto's eeschema_do is not installed: pip install kiauto (hardware/README.md)"
    )


def run_eeschema(command: str, schematic: Path, out: Path, *options: str) -> None:
    result = subprocess.run(
        [*eeschema_do(), command, *options, str(schematic), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode not in (0, 10):  # 10: the ERC found errors, read from its report
        raise SystemExit(f"eeschema_do {command} failed ({result.returncode}):\n{result.stderr}")


def erc(board: str, work: Path) -> int:
    run_eeschema("run_erc", HERE / board / f"{board}.kicad_sch", work)
    report = (work / f"{board}.erc").read_text()
    found = re.search(r"ERC messages: (\d+)\s+Errors (\d+)\s+Warnings (\d+)", report)
    if found is None:
        raise SystemExit(f"no ERC summary in {work / f'{board}.erc'}")
    errors, warnings = int(found.group(2)), int(found.group(3))
    print(f"{board}: ERC {errors} error(s), {warnings} warning(s)")
    return errors


def schematic_nets(board: str, work: Path) -> dict[tuple[str, str], str]:
    """(reference, pin) -> net name, from the netlist eeschema writes."""
    run_eeschema("netlist", HERE / board / f"{board}.kicad_sch", work)
    text = (work / f"{board}.net").read_text()
    nets = {}
    for block in re.findall(
        r"\(net \(code \"?\d+\"?\) \(name \"([^\"]*)\"\)(.*?)\)\s*(?=\(net |\)\s*\)\s*$)",
        text,
        re.S,
    ):
        name, body = block
        for ref, pin in re.findall(r"\(node \(ref \"([^\"]+)\"\) \(pin \"([^\"]+)\"\)", body):
            nets[(ref, pin)] = name.lstrip("/")
    return nets


def parity(board: str, pcb: pcbnew.BOARD, work: Path) -> int:
    """Pads whose net on the PCB is not the schematic's: each one is an error."""
    wanted = {
        key: net
        for key, net in schematic_nets(board, work).items()
        if not net.startswith("unconnected-")
    }
    have = {}
    for fp in pcb.GetFootprints():
        for pad in fp.Pads():
            if pad.GetNetname():
                have[(fp.GetReference(), pad.GetNumber())] = pad.GetNetname()
    wrong = sorted(key for key in wanted.keys() | have.keys() if wanted.get(key) != have.get(key))
    for ref, pin in wrong:
        print(f"  {ref}.{pin}: schematic {wanted.get((ref, pin))}, PCB {have.get((ref, pin))}")
    print(f"{board}: schematic and PCB agree on {len(have) - len(wrong)} of {len(have)} pads")
    return len(wrong)


def drc(board: str, pcb: pcbnew.BOARD, work: Path) -> int:
    report_file = work / f"{board}-drc.rpt"
    pcbnew.ZONE_FILLER(pcb).Fill(pcb.Zones())
    pcbnew.WriteDRCReport(pcb, str(report_file), pcbnew.EDA_UNITS_MILLIMETRES, True)
    report = report_file.read_text()
    errors = report.count("Severity: error")
    warnings = report.count("Severity: warning")
    unconnected = int(re.search(r"Found (\d+) unconnected pads", report).group(1))  # type: ignore[union-attr]
    print(
        f"{board}: DRC {errors} error(s), {warnings} warning(s), {unconnected} unconnected pad(s)"
    )
    return errors + unconnected


def gerbers(board: str, pcb: pcbnew.BOARD, out: Path) -> None:
    plot = pcbnew.PLOT_CONTROLLER(pcb)
    options = plot.GetPlotOptions()
    options.SetOutputDirectory(str(out))
    options.SetPlotFrameRef(False)
    options.SetUseGerberProtelExtensions(False)
    options.SetCreateGerberJobFile(False)
    options.SetSubtractMaskFromSilk(True)
    options.SetUseAuxOrigin(False)
    for suffix, layer in GERBER_LAYERS.items():
        plot.SetLayer(layer)
        plot.OpenPlotfile(suffix, pcbnew.PLOT_FORMAT_GERBER, suffix)
        plot.PlotLayer()
    plot.ClosePlot()
    drill = pcbnew.EXCELLON_WRITER(pcb)
    drill.SetOptions(False, False, pcbnew.wxPoint(0, 0), False)
    drill.SetFormat(True)
    drill.CreateDrillandMapFilesSet(str(out), True, False)


def bom_and_placement(board: str, pcb: pcbnew.BOARD, out: Path) -> None:
    groups: dict[tuple[str, str], list[str]] = {}
    rows = []
    for fp in sorted(pcb.GetFootprints(), key=lambda f: natural(f.GetReference())):
        footprint = str(fp.GetFPID().GetLibItemName())
        groups.setdefault((fp.GetValue(), footprint), []).append(fp.GetReference())
        position = fp.GetPosition()
        rows.append(
            [
                fp.GetReference(),
                fp.GetValue(),
                footprint,
                f"{pcbnew.ToMM(position.x):.3f}",
                f"{-pcbnew.ToMM(position.y):.3f}",
                f"{fp.GetOrientationDegrees():.1f}",
                "top" if fp.GetLayer() == pcbnew.F_Cu else "bottom",
            ]
        )
    with open(out / f"{board}-bom.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["Qty", "Value", "Footprint", "References"])
        for (value, footprint), refs in sorted(groups.items(), key=lambda g: natural(g[1][0])):
            writer.writerow([len(refs), value, footprint, " ".join(refs)])
    with open(out / f"{board}-placement.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["Ref", "Val", "Package", "PosX", "PosY", "Rot", "Side"])
        writer.writerows(rows)


def natural(text: str) -> tuple:
    letters = re.match(r"[A-Z]*", text).group(0)  # type: ignore[union-attr]
    return (letters, int(text[len(letters) :] or 0))


def placement_drawing(board: str, pcb: pcbnew.BOARD, out: Path) -> None:
    """An SVG of the board from above: outline, pads, part bodies and references."""
    box = pcb.GetBoardEdgesBoundingBox()
    width, height = pcbnew.ToMM(box.GetWidth()), pcbnew.ToMM(box.GetHeight())
    s = 10  # px per mm
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg"'
        f' width="{width * s + 40:.0f}" height="{height * s + 70:.0f}"'
        f' viewBox="-20 -50 {width * s + 40:.0f} {height * s + 70:.0f}" font-family="sans-serif">',
        f'<text x="0" y="-20" font-size="16">{board} board, top side'
        f" ({width:g} x {height:g} mm)</text>",
        f'<rect x="0" y="0" width="{width * s}" height="{height * s}"'
        ' fill="#2f5d3a" stroke="#111"/>',
    ]
    for fp in pcb.GetFootprints():
        for pad in fp.Pads():
            b = pad.GetBoundingBox()
            x, y = pcbnew.ToMM(b.GetX()) * s, pcbnew.ToMM(b.GetY()) * s
            w, h = pcbnew.ToMM(b.GetWidth()) * s, pcbnew.ToMM(b.GetHeight()) * s
            round_ = w / 2 if pad.GetShape() == pcbnew.PAD_SHAPE_CIRCLE else 1
            parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}"'
                f' rx="{round_:.1f}" fill="#d8b25c"/>'
            )
        centre = (pcbnew.ToMM(fp.GetPosition().x) * s, pcbnew.ToMM(fp.GetPosition().y) * s)
        for item in fp.GraphicalItems():
            if item.GetLayer() == pcbnew.F_Fab and item.GetClass() == "MGRAPHIC":
                b = item.GetBoundingBox()
                x, y = pcbnew.ToMM(b.GetX()) * s, pcbnew.ToMM(b.GetY()) * s
                w, h = pcbnew.ToMM(b.GetWidth()) * s, pcbnew.ToMM(b.GetHeight()) * s
                centre = (x + w / 2, y + h / 2)
                parts.append(
                    f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}"'
                    ' fill="none" stroke="#fff" stroke-width="1"/>'
                )
        size = 9 if fp.GetReference().startswith(("R", "C")) else 12
        parts.append(
            f'<text x="{centre[0]:.1f}" y="{centre[1] + size / 3:.1f}" font-size="{size}"'
            ' fill="#fff" stroke="#000" stroke-width="0.3" text-anchor="middle">'
            f"{fp.GetReference()}</text>"
        )
    parts.append("</svg>")
    (out / f"{board}-placement.svg").write_text("\n".join(parts) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, help="where the outputs go (default: each board's fab/)"
    )
    parser.add_argument("--checks-only", action="store_true", help="check, make nothing")
    args = parser.parse_args()
    problems = 0
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        os.environ.setdefault("HOME", tmp)  # KiCad keeps its settings there
        for board in BOARDS:
            pcb = pcbnew.LoadBoard(str(HERE / board / f"{board}.kicad_pcb"))
            problems += erc(board, work)
            problems += parity(board, pcb, work)
            problems += drc(board, pcb, work)
            if args.checks_only:
                continue
            out = (args.out / board) if args.out else HERE / board / "fab"
            out.mkdir(parents=True, exist_ok=True)
            run_eeschema("export", HERE / board / f"{board}.kicad_sch", out, "-f", "pdf")
            (out / f"{board}.pdf").rename(out / f"{board}-schematic.pdf")
            gerbers(board, pcb, out)
            bom_and_placement(board, pcb, out)
            placement_drawing(board, pcb, out)
            print(f"{board}: Gerbers, drill, BOM, placement in {out}")
    print("all checks pass" if not problems else f"{problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""Make the enclosure's STL files and the assembly guide's drawings from tower.scad.

    python3 hardware/enclosure/render.py [--out DIR] [-D name=value ...]

Writes tray.stl, frame.stl, chutes.stl and backbox.stl, the labelled side section
section.svg, and (with Xvfb's xvfb-run, which OpenSCAD's pictures need) exploded.png and
plan.png. ``-D`` sets a parameter of tower.scad, e.g. ``-D die=19`` for 19 mm dice.
Prints each file's size and how long it took.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "tower.scad"
PARTS = ("tray", "frame", "chutes", "backbox")
PICTURES = {  # name: (part, camera: translate x,y,z, rotate x,y,z, distance; projection)
    "exploded": ("exploded", "0,0,0,60,0,35,520", "perspective"),
    "plan": ("plan", "0,0,0,0,0,0,300", "ortho"),
}
SCALE = 4  # drawing pixels per mm


def openscad(
    out: Path,
    part: str,
    defines: list[str],
    options: tuple[str, ...] = (),
    prefix: tuple[str, ...] = (),
) -> str:
    """Run OpenSCAD on tower.scad for one part; returns what it printed (its echo lines)."""
    command = [*prefix, "openscad", "-o", str(out), *options, "-D", f'part="{part}"']
    for define in defines:
        command += ["-D", define]
    result = subprocess.run([*command, str(SOURCE)], capture_output=True, text=True, timeout=600)
    if result.returncode != 0 or not out.exists() or "ERROR" in result.stderr:
        raise SystemExit(f"openscad {part} failed:\n{result.stderr}")
    return result.stderr


def labelled_section(raw: Path, echoes: str, out: Path) -> None:
    """OpenSCAD's section, scaled up, with labels from the model's echo() lines."""
    text = raw.read_text()
    box = re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"', text)
    paths = re.findall(r"<path d=\"(.*?)\"", text, re.S)
    if box is None or not paths:
        raise SystemExit(f"no section drawn in {raw}")
    x0, y0, w, h = (float(v) for v in box.groups())
    labels = sorted(  # top first, so that the leader lines do not cross much
        (
            json.loads(line.split("=", 1)[1].strip())
            for line in echoes.splitlines()
            if line.startswith("ECHO: label =")
        ),
        key=lambda label: (-label[2], label[1]),
    )
    margin, right = 30, 260
    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * SCALE + margin * 2 + right:.0f}"'
        f' height="{h * SCALE + margin * 2 + 20:.0f}" font-family="sans-serif" font-size="13">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{margin}" y="20" font-size="15">Side section through the middle cradle'
        " (front at the left; millimetres: tower.scad)</text>",
        f'<g transform="translate({margin - x0 * SCALE:.1f},{margin + 20 - y0 * SCALE:.1f})'
        f' scale({SCALE})">',
        *(
            f'<path d="{d}" fill="#d9d9d9" stroke="#333" stroke-width="0.25" fill-rule="evenodd"/>'
            for d in paths
        ),
        "</g>",
    ]
    for i, (name, y, z) in enumerate(labels, 1):  # a numbered marker, and its legend
        px, py = margin + (y - x0) * SCALE, margin + 20 + (-z - y0) * SCALE
        tx, ty = w * SCALE + margin * 2, margin + 40 + i * 22
        svg.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="8" fill="#c62828"/>')
        svg.append(
            f'<text x="{px:.1f}" y="{py + 4.5:.1f}" fill="white" font-size="12"'
            f' text-anchor="middle">{i}</text>'
        )
        svg.append(
            f'<text x="{tx:.1f}" y="{ty:.1f}"><tspan font-weight="bold">{i}</tspan> {name}</text>'
        )
    svg.append("</svg>")
    out.write_text("\n".join(svg) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HERE, help="where to write (default: here)")
    parser.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    if shutil.which("openscad") is None:
        raise SystemExit("openscad is not installed: sudo apt install openscad")
    out = args.out
    (out / "stl").mkdir(parents=True, exist_ok=True)
    for part in PARTS:
        started = time.monotonic()
        target = out / "stl" / f"{part}.stl"
        openscad(target, part, args.defines)
        facets = target.read_text().count("facet normal")
        print(f"{target.name}: {facets} facets, {time.monotonic() - started:.1f} s")
    raw = out / "section-raw.svg"
    echoes = openscad(raw, "section", args.defines)
    labelled_section(raw, echoes, out / "section.svg")
    raw.unlink()
    print("section.svg: side section with labels")
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        print("no xvfb-run: exploded.png and plan.png not made (sudo apt install xvfb)")
        return 0
    for name, (part, camera, projection) in PICTURES.items():
        options = (
            f"--camera={camera}",
            f"--projection={projection}",
            "--imgsize=1000,800",
            "--viewall",
            "--autocenter",
            "--colorscheme=Tomorrow",
        )
        openscad(out / f"{name}.png", part, args.defines, options, (xvfb, "-a"))
        print(f"{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())

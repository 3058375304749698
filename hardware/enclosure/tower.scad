// The dice tower's enclosure: tray, cradle frame, chutes and back box, parametric in the
// dice size and the boards' outlines. hardware/enclosure/render.py makes the STL files and
// the assembly drawings from this file; hardware/ENCLOSURE.md is the assembly guide.
//
// x runs along the cradles, y from the front (where dice go in) to the back, z up.
// Millimetres. GEOMETRY.md gives the reasons for the numbers.

part = "assembly";     // tray, frame, chutes, backbox, assembly, exploded, section, boards

die = 16;              // edge of the dice
cradles = 3;
clearance = 0.4;       // between a die and its pocket, each side
wall = 2;
floor_sheet = 1;       // the clear acrylic (or glass) floor
cradle_board = [22, 48, 1.6];   // kicad/parts.py: cradle board outline and thickness
grid_from_edge = 11;   // the sensor grid's centre, from the board's left and back edges
sensor_height = 1.7;   // QRE1113GR: its top touches the floor's underside
carrier_board = [64, 62, 1.6];
colour_board = [20.3, 20.3];    // Adafruit 1334 (TCS34725)

pocket = die + 2 * clearance;
pitch = max(pocket + wall + 5.2, die * 1.5);   // 24 for 16 mm dice
relief = 1.5;          // corner reliefs in the pockets
pocket_wall = 10;      // wall height above the floor
window = 6;            // colour window, its centre 5 above the floor
window_z = 5;
chute = die + 4;       // inside of a chute
chute_height = 120;
baffle = 12;
exit_z = 15;           // chute exit above the floor
ramp = 25;
ramp_angle = 20;
beam_hole = 3.2;
beam_z = 8;            // beam above the ramp's top

width = cradles * pitch + 2 * wall;
ramp_run = ramp * cos(ramp_angle);
bay = 7;               // behind the back wall: the colour sensor boards
// room in front of the ramps, so that a cradle board fits under its pocket
front = max(wall, cradle_board[1] - grid_from_edge + wall - ramp_run - pocket / 2);
depth = front + ramp_run + pocket + wall + bay + wall;
tray_height = 3 + cradle_board[2] + sensor_height + 10;  // bottom, boards, cables below
floor_z = tray_height + floor_sheet;                    // top of the floor sheet
frame_height = floor_sheet + pocket_wall + 2;
pocket_y = front + ramp_run;                            // front edge of each pocket

function cradle_x(i) = wall + pitch / 2 + i * pitch;

// The tray: holds the cradle boards flat, their sensors up against the floor sheet

module tray() {
    board_z = tray_height - sensor_height - cradle_board[2];
    difference() {
        cube([width, depth, tray_height]);
        translate([wall, wall, 3]) cube([width - 2 * wall, depth - 2 * wall, tray_height]);
        // cable exit towards the back box
        translate([width / 2 - 10, depth - wall - 1, 3]) cube([20, wall + 2, 6]);
    }
    // ribs under each board: the board rests on them, the floor sheet holds it down
    for (i = [0 : cradles - 1]) {
        bx = cradle_x(i) - grid_from_edge;
        by = pocket_y + pocket / 2 + grid_from_edge - cradle_board[1];
        for (dx = [1, cradle_board[0] - 3])
            translate([bx + dx, max(by, wall), 3]) cube([2, min(cradle_board[1], depth - 2 * wall), board_z - 3]);
    }
}

// Cradle boards (for the drawings): sensor grid centred under each pocket

module boards() {
    for (i = [0 : cradles - 1]) {
        bx = cradle_x(i) - grid_from_edge;
        by = pocket_y + pocket / 2 + grid_from_edge - cradle_board[1];
        board_z = tray_height - sensor_height - cradle_board[2];
        color("darkgreen") translate([bx, by, board_z]) cube(cradle_board);
        for (gx = [-1, 0, 1], gy = [-1, 0, 1])
            if (!((gx == 1 && gy == 0) || (gx == 0 && gy == 1)))  // GEOMETRY.md: no MR, no BC
                color("black") translate([cradle_x(i) + gx * die * 0.28 - 1.45, pocket_y + pocket / 2 - gy * die * 0.28 - 1.8, board_z + cradle_board[2]])
                    cube([2.9, 3.6, sensor_height]);
    }
    color("lightblue", 0.5) translate([wall, pocket_y - 2, tray_height]) cube([width - 2 * wall, pocket + 4, floor_sheet]);
}

// The frame: pockets, ramps, back wall with colour windows, bay for the colour sensors

module frame() {
    difference() {
        translate([0, 0, tray_height]) cube([width, depth, frame_height]);
        // the floor sheet's recess
        translate([wall, pocket_y - 2, tray_height - 0.01]) cube([width - 2 * wall, pocket + 4, floor_sheet + 0.01]);
        for (i = [0 : cradles - 1]) {
            x = cradle_x(i);
            // pocket, open to the sheet below, with corner reliefs
            translate([x - pocket / 2, pocket_y, floor_z - 0.01]) cube([pocket, pocket, frame_height]);
            for (cx = [-1, 1], cy = [0, 1])
                translate([x + cx * (pocket / 2 - relief / 2), pocket_y + cy * pocket - (cy * 2 - 1) * relief / 2, floor_z - 0.01])
                    cylinder(r = relief, h = frame_height, $fn = 24);
            // the ramp's channel, chute wide
            translate([x - chute / 2, front, floor_z]) cube([chute, ramp_run + 0.01, frame_height]);
            // colour window through the back wall
            translate([x, pocket_y + pocket - 0.01, floor_z + window_z]) rotate([-90, 0, 0]) cylinder(d = window, h = wall + 0.02, $fn = 32);
        }
        // bay for the colour sensor boards, open at the top (the back box covers it)
        translate([wall, pocket_y + pocket + wall, tray_height + 2]) cube([width - 2 * wall, bay, frame_height]);
    }
    // ramps: from the chute exits down into the pockets
    for (i = [0 : cradles - 1])
        translate([cradle_x(i) - chute / 2, front, floor_z])
            hull() {
                cube([chute, 0.01, ramp * sin(ramp_angle)]);
                translate([0, ramp_run, 0]) cube([chute, 0.01, 0.01]);
            }
}

// The chutes: three square tubes with baffles, standing over the ramps' upper ends

module chutes() {
    base_z = floor_z + exit_z;
    translate([0, front - wall, 0]) chute_tubes(base_z);
}

module chute_tubes(base_z) {
    difference() {
        translate([0, 0, base_z]) cube([width, chute + 2 * wall, chute_height]);
        for (i = [0 : cradles - 1]) {
            translate([cradle_x(i) - chute / 2, wall, base_z - 0.01]) cube([chute, chute, chute_height + 0.02]);
        }
        // the break-beam's holes, across all three exits
        translate([-0.01, wall + chute / 2, base_z + beam_z]) rotate([0, 90, 0]) cylinder(d = beam_hole, h = width + 0.02, $fn = 24);
    }
    // baffles, alternating sides, 45 degrees
    for (i = [0 : cradles - 1], b = [0 : 2]) {
        side = b % 2;
        translate([cradle_x(i) - chute / 2, side ? wall + chute : wall, base_z + 30 + b * 28])
            rotate([side ? 45 : -45, 0, 0]) translate([0, 0, -1]) cube([chute, baffle, 2]);
    }
    // legs down to the frame, at the sides
    for (x = [0, width - wall]) translate([x, 0, floor_z + frame_height - floor_sheet]) cube([wall, chute + 2 * wall, exit_z - frame_height + floor_sheet]);
}

// The back box: the carrier board stands in two card guides, the USB cable leaves at the bottom

module backbox() {
    inside = [carrier_board[0] + 2, 12, carrier_board[1] + 2];
    translate([(width - inside[0]) / 2 - wall, depth, 0])
        difference() {
            cube([inside[0] + 2 * wall, inside[1] + 2 * wall, inside[2] + wall]);
            translate([wall, wall, wall]) cube(inside + [0, 0, 1]);
            // card guides: slots in the side walls
            for (x = [wall - 1, wall + inside[0] - 0.01]) translate([x, wall + 4, wall]) cube([1.01, carrier_board[2] + 0.3, inside[2] + 1]);
            // USB cable and cables from the tray
            translate([inside[0] / 2 - 4, -0.01, wall + 2]) cube([8, wall + 0.02, 6]);
            translate([inside[0] / 2 - 10, -0.01, 3]) cube([20, wall + 0.02, 6]);
        }
}

module assembly(gap = 0) {
    color("gainsboro") tray();
    translate([0, 0, gap]) boards();
    color("orange") translate([0, 0, 2 * gap]) frame();
    color("peru") translate([0, 0, 3 * gap]) chutes();
    color("silver") translate([0, gap, 0]) backbox();
}

if (part == "tray") tray();
if (part == "frame") translate([0, 0, -tray_height]) frame();
if (part == "chutes") translate([0, 0, -(floor_z + exit_z)]) chutes();
if (part == "backbox") backbox();
if (part == "boards") boards();
if (part == "assembly") assembly();
if (part == "exploded") assembly(25);
// Side section through the middle cradle, as a 2D drawing (y across, z up)
if (part == "section")
    projection(cut = true) multmatrix([[0, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0]])
        translate([-cradle_x(floor(cradles / 2)), 0, 0]) assembly();
// The tray with its boards, the frame off: where the boards sit under the floor
if (part == "plan") { color("gainsboro") tray(); boards(); }

// Where the section drawing's labels point, in its coordinates (y across, z up)
if (part == "section") {
    mid = pocket_y + pocket / 2;
    echo(label = ["floor sheet, 1 mm clear acrylic", mid, tray_height + floor_sheet / 2]);
    echo(label = ["cradle board, sensors up", mid - 12, tray_height - sensor_height - cradle_board[2] / 2]);
    echo(label = ["tray", front + 4, 1.5]);
    echo(label = ["ramp, 20 degrees", front + ramp_run / 3, floor_z + ramp * sin(ramp_angle) / 2]);
    echo(label = ["pocket", mid, floor_z + pocket_wall / 2]);
    echo(label = ["colour window", pocket_y + pocket + wall / 2, floor_z + window_z]);
    echo(label = ["colour sensor bay", pocket_y + pocket + wall + bay / 2, floor_z + 4]);
    echo(label = ["chute with baffles", front + chute / 2, floor_z + exit_z + chute_height / 2]);
    echo(label = ["back box: carrier board", depth + 8, carrier_board[1] / 2]);
}

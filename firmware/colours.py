"""Naming a die's colour from a colour sensor's red, green, blue and clear counts.

Colours are compared by chromaticity (each channel's share of r+g+b, in thousandths), so
the distance of the die from the sensor matters little; a face that sends back almost no
light is black. The references suit a TCS34725 with its white LED on, looking through a
clear floor; measure your own dice and edit them (hardware/README.md).
"""

REFERENCES = (
    ("red", 560, 240, 200),
    ("yellow", 450, 380, 170),
    ("green", 270, 470, 260),
    ("blue", 200, 320, 480),
    ("white", 370, 340, 290),
)
BLACK_CLEAR = 400  # clear counts below this: a black die
MAX_DISTANCE = 90  # thousandths; farther than this from every reference: "other"


def classify(r, g, b, c):
    """A colour name from companion.dice.PALETTE."""
    total = r + g + b
    if c < BLACK_CLEAR or total == 0:
        return "black"
    rn = r * 1000 // total
    gn = g * 1000 // total
    bn = b * 1000 // total
    best = "other"
    best_distance = MAX_DISTANCE * MAX_DISTANCE
    for name, rr, gg, bb in REFERENCES:
        distance = (rn - rr) ** 2 + (gn - gg) ** 2 + (bn - bb) ** 2
        if distance <= best_distance:
            best = name
            best_distance = distance
    return best

"""Reading a die's face from the seven reflectance sensors under its cradle.

The sensors sit on the 3x3 grid of pip positions (GEOMETRY.md), seen from above:

    0 1 2        TL TC TR
    3 4 .        ML C  .
    5 . 6        BL .  BR

A die rests on its bottom face. Where a pip lies over a sensor little light comes back
("dark"); the face around the pips is light. Corners tell the two ways a 2 or a 3 can lie,
the centre tells odd from even, and ML and TC tell which way a 6 lies. An empty cradle
reads dark on every sensor.
"""

SENSORS = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0), (2, 2))  # (row, column)

EMPTY = 0
UNREADABLE = -1

_CORNERS = ((0, 0), (0, 2), (2, 0), (2, 2))
_FACES = (
    (1, ((1, 1),)),
    (2, ((0, 0), (2, 2))),
    (3, ((0, 0), (1, 1), (2, 2))),
    (4, _CORNERS),
    (5, _CORNERS + ((1, 1),)),
    (6, _CORNERS + ((1, 0), (1, 2))),
)


def _turn(cell):
    """A grid cell after a quarter turn of the die."""
    return (cell[1], 2 - cell[0])


def mask_of(cells):
    """The sensor mask (bit i: sensor i dark) that pips on these grid cells make."""
    mask = 0
    for i in range(len(SENSORS)):
        if SENSORS[i] in cells:
            mask |= 1 << i
    return mask


def orientations(face):
    """The pip cells of a bottom face in each of its four quarter turns."""
    cells = dict(_FACES)[face]
    out = []
    for _ in range(4):
        out.append(tuple(cells))
        cells = tuple(_turn(cell) for cell in cells)
    return out


def _build():
    table = {}
    for face, _ in _FACES:
        for cells in orientations(face):
            mask = mask_of(cells)
            if table.get(mask, face) != face:
                raise ValueError(f"sensor layout cannot tell {table[mask]} from {face}")
            table[mask] = face
    return table


FACE_OF_MASK = _build()
ALL_DARK = (1 << len(SENSORS)) - 1


def decode(mask):
    """The bottom face (1-6) a sensor mask shows, or EMPTY, or UNREADABLE."""
    if mask == ALL_DARK:
        return EMPTY
    return FACE_OF_MASK.get(mask, UNREADABLE)


def vote(samples, threshold):
    """The sensor mask most samples agree on, sensor by sensor.

    Each sample holds one reflectance per sensor; below ``threshold`` is dark.
    """
    mask = 0
    for i in range(len(SENSORS)):
        dark = 0
        for sample in samples:
            if sample[i] < threshold:
                dark += 1
        if 2 * dark > len(samples):
            mask |= 1 << i
    return mask


def top(bottom):
    """The face on top of a d6 whose bottom face is ``bottom``."""
    return 7 - bottom

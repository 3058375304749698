"""The tower's logic: rolls, settling, majority vote, the serial protocol and the LED."""

import colours
import frames
import tower
from fakehw import FakeBoard, started

BOOT = "B00710AD"


def rolls(frames_sent):
    return [f for f in frames_sent if f[0] == "ROLL"]


def test_hello_at_start():
    board = FakeBoard(cradles=2)
    tower.Tower(board, BOOT).start()
    assert board.sent() == [["HELLO", "1", BOOT, tower.VERSION, "2"]]
    assert board.led == tower.READY


def test_boot_ids_are_new_each_start():
    ids = [tower.new_boot_id() for _ in range(20)]
    for boot_id in ids:
        assert len(boot_id) == 8
        assert all(c in "0123456789ABCDEF" for c in boot_id)
    assert len(set(ids)) > 15


def test_a_roll_reports_each_dies_top_face():
    board, logic = started()
    board.show(0, 6, turn=1)
    board.show(1, 2, turn=0)
    board.show(2, 4, turn=3)
    board.drop_dice(logic)
    assert rolls(board.sent()) == [["ROLL", BOOT, "1", "6", "2", "4"]]


def test_every_face_in_every_orientation_comes_out_on_top():
    for top in range(1, 7):
        for turn in range(4):
            board, logic = started(cradles=1)
            board.show(0, top, turn)
            board.drop_dice(logic)
            assert rolls(board.sent()) == [["ROLL", BOOT, "1", str(top)]], (top, turn)


def test_the_dice_are_read_only_once_they_settle():
    board, logic = started()
    board.masks = [0b1010101] * 3  # tumbling: nothing a die shows at rest
    board.beam = True
    board.run(logic, 30)
    board.beam = False
    board.run(logic, board.settle_ms - 1)
    assert board.reads == [0, 0, 0]
    for c in range(3):
        board.show(c, 5)
    board.run(logic, tower.SAMPLES * tower.SAMPLE_GAP_MS + 2)
    assert board.reads == [tower.SAMPLES] * 3
    assert rolls(board.sent()) == [["ROLL", BOOT, "1", "5", "5", "5"]]


def test_a_late_die_starts_the_settling_again():
    board, logic = started()
    board.show(0, 3)
    board.beam = True
    board.run(logic, 5)
    board.beam = False
    board.run(logic, board.settle_ms + 2)  # sampling has begun
    assert board.reads[0] > 0
    board.beam = True  # a second die comes down
    board.run(logic, 5)
    board.beam = False
    board.masks[1] = 0b1010101  # and bounces
    reads = board.reads[1]
    board.run(logic, board.settle_ms - 1)
    assert board.reads[1] == reads
    board.show(1, 1)
    board.run(logic, tower.SAMPLES * tower.SAMPLE_GAP_MS + 2)
    assert rolls(board.sent()) == [["ROLL", BOOT, "1", "3", "1", "E"]]


def test_glints_are_outvoted():
    board, logic = started(cradles=1)
    board.show(0, 4)
    board.glints = {(0, 1): 1, (0, 3): 1, (0, 5): 6}  # two wrong readings of sensor 1
    board.drop_dice(logic)
    assert rolls(board.sent()) == [["ROLL", BOOT, "1", "4"]]


def test_unreadable_and_empty_cradles_are_reported():
    board, logic = started()
    board.masks[0] = 0b0000011  # two pips side by side: no face looks like that
    board.show(2, 4)
    board.drop_dice(logic)
    assert rolls(board.sent()) == [["ROLL", BOOT, "1", "U", "E", "4"]]
    assert board.led == tower.UNREADABLE


def test_empty_cradles_make_no_roll():
    board, logic = started()
    board.drop_dice(logic)  # a hand through the chute
    board.run(logic, 2 * tower.RESEND_MS)
    assert rolls(board.sent()) == []
    assert board.led == tower.READY


def test_colour_comes_with_a_die_when_a_sensor_sees_it():
    board, logic = started(cradles=2)
    name, r, g, b = colours.REFERENCES[0]
    board.colours = [(r * 10, g * 10, b * 10, (r + g + b) * 10), None]
    board.show(0, 3)
    board.show(1, 6)
    board.drop_dice(logic)
    assert rolls(board.sent()) == [["ROLL", BOOT, "1", "3:" + name, "6"]]


def test_an_unacknowledged_roll_is_sent_again_until_acknowledged():
    board, logic = started(cradles=1)
    board.show(0, 2)
    board.drop_dice(logic)

    def roll_lines():
        return [line for line in board.sent_lines() if line.startswith(b"$ROLL")]

    first = roll_lines()
    assert len(first) == 1
    board.run(logic, tower.RESEND_MS - 1)
    assert roll_lines() == []
    board.run(logic, 1)
    assert roll_lines() == first  # the same line, byte for byte
    board.run(logic, tower.RESEND_MS)
    assert roll_lines() == first
    board.send(["ACK", BOOT, "1"])
    board.run(logic, 3 * tower.RESEND_MS)
    assert roll_lines() == []


def test_rolls_go_one_at_a_time_in_order():
    board, logic = started(cradles=1)
    for top in (1, 2, 3):
        board.show(0, top)
        board.drop_dice(logic)
    assert rolls(board.sent()) == [["ROLL", BOOT, "1", "1"]]
    board.send(["ACK", BOOT, "1"])
    board.run(logic, 1)
    assert rolls(board.sent()) == [["ROLL", BOOT, "2", "2"]]  # at once, not at the next resend
    board.send(["ACK", BOOT, "3"])  # acknowledges everything up to 3
    board.run(logic, 3 * tower.RESEND_MS)
    assert rolls(board.sent()) == []
    assert board.led == tower.READY


def test_an_ack_for_an_earlier_start_is_ignored():
    board, logic = started(cradles=1)
    board.show(0, 2)
    board.drop_dice(logic)
    board.sent()
    board.send(["ACK", "0000CAFE", "1"])
    board.run(logic, tower.RESEND_MS)
    assert rolls(board.sent()) == [["ROLL", BOOT, "1", "2"]]
    assert board.led == tower.WAITING


def test_hello_is_answered_and_the_pending_roll_follows_at_once():
    board, logic = started(cradles=1)
    board.show(0, 5)
    board.drop_dice(logic)
    board.sent()
    board.send(["HELLO", "1"])
    board.run(logic, 1)
    assert board.sent() == [
        ["HELLO", "1", BOOT, tower.VERSION, "1"],
        ["ROLL", BOOT, "1", "5"],
    ]


def test_heartbeats_say_how_many_rolls_wait():
    board, logic = started(cradles=1)
    board.run(logic, tower.HEARTBEAT_MS)
    assert board.sent() == [["HB", BOOT, "1", "0"]]
    board.show(0, 1)
    board.drop_dice(logic)
    board.run(logic, tower.HEARTBEAT_MS)
    beats = [f for f in board.sent() if f[0] == "HB"]
    assert beats == [["HB", BOOT, "2", "1"]]


def test_garbage_is_answered_and_never_stops_the_tower():
    board, logic = started(cradles=1)
    body = b"FOO,1"
    board.inbox = b"".join(
        (
            b"hello there\n",
            b"$ACK,B00710AD,1*0000\n",
            b"$%s*%04X\n" % (body, frames.crc16(body)),
            frames.encode(["ACK", BOOT]),
            frames.encode(["ACK", BOOT, "one"]),
            frames.encode(["HELLO"]),
            b"x" * 500 + b"\n",
            b"\x00\x03\x03\xff\xfe\n",
            b"\r\n\n",
        )
    )
    board.run(logic, 1)
    assert board.sent() == [
        ["ERR", "FRAME"],
        ["ERR", "CRC"],
        ["ERR", "TYPE"],
        ["ERR", "ARGS"],
        ["ERR", "ARGS"],
        ["ERR", "ARGS"],
        ["ERR", "LONG"],
        ["ERR", "FRAME"],
    ]
    board.show(0, 6)
    board.drop_dice(logic)
    assert rolls(board.sent()) == [["ROLL", BOOT, "1", "6"]]
    board.send(["ACK", BOOT, "1"])
    board.run(logic, 2 * tower.RESEND_MS)
    assert rolls(board.sent()) == []


def test_lines_may_end_in_cr_lf_or_a_lone_cr():
    board, logic = started(cradles=1)
    hello = frames.encode(["HELLO", "1"])[:-1]
    board.inbox = hello + b"\r\n" + hello + b"\r"
    board.run(logic, 1)
    assert [f[0] for f in board.sent()] == ["HELLO", "HELLO"]


def test_a_frame_split_across_reads_or_after_a_torn_line_is_taken():
    board, logic = started(cradles=1)
    line = frames.encode(["HELLO", "1"])
    board.inbox = b"$ACK,B007" + line[:6]
    board.run(logic, 1)
    assert board.sent() == []
    board.inbox = line[6:]
    board.run(logic, 1)
    assert board.sent() == [["HELLO", "1", BOOT, tower.VERSION, "1"]]


def test_when_too_many_rolls_wait_the_oldest_is_dropped():
    board, logic = started(cradles=1)
    for i in range(tower.MAX_PENDING + 2):
        board.show(0, 1 + i % 6)
        board.drop_dice(logic)
    assert [p[0] for p in logic.pending] == list(range(3, tower.MAX_PENDING + 3))
    board.sent()
    board.run(logic, tower.RESEND_MS)
    assert rolls(board.sent())[0][2] == "3"


def test_the_button_reads_the_cradles_again_once_per_press():
    board, logic = started(cradles=1)
    board.masks[0] = 0b0000011
    board.drop_dice(logic)
    assert rolls(board.sent())[0][3] == "U"
    board.send(["ACK", BOOT, "1"])
    board.show(0, 2)  # the die nudged flat
    board.button = True
    board.run(logic, 3)
    board.button = False
    board.run(logic, tower.SAMPLES * tower.SAMPLE_GAP_MS + 2)
    assert rolls(board.sent()) == [["ROLL", BOOT, "2", "2"]]
    assert board.reads[0] == 2 * tower.SAMPLES
    board.button = True  # the contact bounces
    board.run(logic, 2)
    board.button = False
    board.run(logic, tower.DEBOUNCE_MS)
    assert board.reads[0] == 2 * tower.SAMPLES
    board.button = True  # a second press
    board.run(logic, 3)
    board.button = False
    board.run(logic, tower.SAMPLES * tower.SAMPLE_GAP_MS + 2)
    assert board.reads[0] == 3 * tower.SAMPLES


def test_the_led_tells_what_the_tower_is_doing():
    board, logic = started(cradles=1)
    assert board.led == tower.READY
    board.show(0, 3)
    board.beam = True
    board.run(logic, 5)
    assert board.led == tower.READING
    board.beam = False
    board.run(logic, board.settle_ms + tower.SAMPLES * tower.SAMPLE_GAP_MS + 2)
    assert board.led == tower.WAITING
    board.send(["ACK", BOOT, "1"])
    board.run(logic, 1)
    assert board.led == tower.READY

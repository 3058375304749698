"""The dice tower's program: on the Pico with its hardware, elsewhere with a simulated board.

Hold the button while powering the tower to skip it and stay at the REPL (FLASHING.md).
"""

import io
import sys

import tower

SAFE_MODE = (24, 0, 24)  # purple
ERROR_PAUSE_MS = 200


def make_board():
    if sys.platform == "rp2":
        import board

        return board.PicoBoard()
    import simboard

    return simboard.SimBoard()


def report(hw, error):
    """Send a traceback down the line; the Pi logs lines that are not frames."""
    text = io.StringIO()
    sys.print_exception(error, text)
    hw.serial_write(text.getvalue().encode())


def main():
    hw = make_board()
    if hw.button_pressed():
        hw.set_led(SAFE_MODE)
        return
    logic = tower.Tower(hw, tower.new_boot_id())
    logic.start()
    while True:
        try:
            logic.step()
        except Exception as error:  # the tower keeps going, whatever one step met
            report(hw, error)
            hw.idle(ERROR_PAUSE_MS)
        hw.idle(1)


main()

"""Milliseconds that never wrap, from MicroPython's wrapping tick counter."""

import time


class Clock:
    def __init__(self):
        self._last = time.ticks_ms()
        self._ms = 0

    def now_ms(self):
        ticks = time.ticks_ms()
        self._ms += time.ticks_diff(ticks, self._last)
        self._last = ticks
        return self._ms

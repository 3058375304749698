"""A dice source that works in a thread of its own: the camera and the dice tower."""

from __future__ import annotations

import threading


class Worker:
    """Runs ``_run`` in a daemon thread from ``start()`` until ``stop()``; ``_run`` returns
    once ``_stopping`` is set."""

    #: The thread's name.
    name = "worker"

    def __init__(self) -> None:
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None:
            raise RuntimeError(f"{self.name} is already running")
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _run(self) -> None:
        raise NotImplementedError

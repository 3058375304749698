"""Running the dice reader's small networks: ONNX files run by ONNX Runtime on one CPU thread.

ONNX Runtime runs these plain convolution stacks about twice as fast as OpenCV's dnn module on
the same core (``docs/PERFORMANCE.md``), on x86-64 and on a Raspberry Pi's 64-bit ARM alike. One
thread a network: the camera reads only a still tray, and the rest of the Pi serves the pages.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnxruntime


class Network:
    """One network: a batch of pictures (N x C x H x W floats, any N, H and W) in, its output
    map out."""

    def __init__(self, path: Path) -> None:
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(
            str(path), options, providers=["CPUExecutionProvider"]
        )
        first = self._session.get_inputs()[0]
        if any(isinstance(size, int) for size in (first.shape[0], *first.shape[2:])):
            raise ValueError(
                f"{path} takes only pictures of one size {first.shape}: write it again with "
                "python -m companion.vision.train, whose networks take any"
            )
        self._input = first.name

    def run(self, batch: np.ndarray) -> np.ndarray:
        return np.asarray(self._session.run(None, {self._input: batch})[0])

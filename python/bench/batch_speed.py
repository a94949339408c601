"""The speed of `pb.analyze_batch` on one thread against the command line's batch on one thread.

Usage, from the repository's root after `cargo build --release` and `pip install ./python`:

    python python/bench/batch_speed.py target/release/punto-banco

Both analyse the same 20,000 depleted eight-deck shoes (up to eleven cards of each rank
removed, a fixed seed), outcomes only; each is timed three times and its best time kept. The
command line's batch runs on every core unless told otherwise, so it is given
`RAYON_NUM_THREADS=1`, and the package `threads=1`.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Callable

import numpy as np

import punto_banco as pb

ROWS = 20_000


def best_of_three(run: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/punto-banco"
    rng = np.random.default_rng(7)
    counts = np.full((ROWS, 13), 32, dtype=np.int64) - rng.integers(0, 12, size=(ROWS, 13))
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for row in counts:
            f.write(json.dumps({"ranks": row.tolist()}) + "\n")
        path = f.name
    try:
        package = best_of_three(lambda: pb.analyze_batch(counts, fields=["outcomes"], threads=1))
        command = [binary, "analyze", "--batch", path, "-f", "json", "--fields", "outcomes"]
        env = dict(os.environ, RAYON_NUM_THREADS="1")
        cli = best_of_three(
            lambda: subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True)
        )
    finally:
        os.unlink(path)
    print(
        f"analyze_batch, threads=1: {ROWS / package:,.0f} rows/s; "
        f"analyze --batch, one thread: {ROWS / cli:,.0f} rows/s; ratio {cli / package:.2f}"
    )


if __name__ == "__main__":
    main()

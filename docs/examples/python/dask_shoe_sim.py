"""A sharded shoe simulation on a Dask cluster, merged exactly on the client.

Each worker runs ``pb.shoe_sim(shard=(k, n), partial=True)``: the k-th of n equal parts of the
run, as an exact partial summary (integer counts, no floats added up). The client merges them
with ``pb.shoe_sim_merge``, and the merged report is the very report of the run on one machine,
which this script checks and says.

    python docs/examples/python/dask_shoe_sim.py            # a LocalCluster of 2 workers
    python docs/examples/python/dask_shoe_sim.py --shoes 4000 --shards 16

On a real cluster, only the cluster changes: with dask-jobqueue on Slurm,

    from dask_jobqueue import SLURMCluster
    cluster = SLURMCluster(cores=8, memory="8GB"); cluster.scale(jobs=10)

and pass ``Client(cluster)``; every node needs ``pip install ./python``. Ray does the same with
``ray.remote(pb.shoe_sim)`` and ``ray.get``. Neither is a dependency of the package.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List

from dask.distributed import Client, LocalCluster

import punto_banco as pb


def shard(k: int, n: int, shoes: int, seed: int) -> Dict[str, Any]:
    """One shard's exact partial summary, computed on a worker."""
    return pb.shoe_sim(shoes=shoes, seed=seed, shard=(k, n), partial=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=200)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # Dask's constructors are untyped: the one place mypy --strict is told so.
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True
    ) as cluster:
        with Client(cluster) as client:  # type: ignore[no-untyped-call]
            futures = [
                client.submit(shard, k, args.shards, args.shoes, args.seed, pure=False)
                for k in range(1, args.shards + 1)
            ]
            parts: List[Dict[str, Any]] = client.gather(futures)
    merged = pb.shoe_sim_merge(parts)
    single = pb.shoe_sim(shoes=args.shoes, seed=args.seed)
    same = pb.to_json(merged) == pb.to_json(single)
    print(json.dumps(merged["bets"]["banco"], sort_keys=True))
    print(
        f"{args.shards} shards of {args.shoes} shoes merged on the client: "
        + ("the same report as one run, exactly" if same else "DIFFERENT from one run")
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())

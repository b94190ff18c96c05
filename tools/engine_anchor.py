"""The engines' reads timed outside encbench, as a user would time them:
the median of N runs of each library's own call, after one warm-up run.
Used to check `encbench file --engines` rows (docs/file-engines.md).

    workers/python/.venv/bin/python tools/engine_anchor.py FILE.parquet [COL,COL]
"""
import statistics, sys, time
import duckdb, pandas as pd, polars as pl, pyarrow.parquet as pq

path = sys.argv[1]
cols = sys.argv[2].split(",") if len(sys.argv) > 2 else None
con = duckdb.connect()
calls = {
    "duckdb scan": lambda: con.sql(f"SELECT * FROM read_parquet('{path}')").to_arrow_table(),
    "polars scan": lambda: pl.read_parquet(path),
    "pyarrow scan": lambda: pq.read_table(path),
    "pandas scan": lambda: pd.read_parquet(path),
}
if cols:
    sel = ", ".join(f'"{c}"' for c in cols)
    calls |= {
        "duckdb project": lambda: con.sql(f"SELECT {sel} FROM read_parquet('{path}')").to_arrow_table(),
        "polars project": lambda: pl.read_parquet(path, columns=cols),
        "pyarrow project": lambda: pq.read_table(path, columns=cols),
        "pandas project": lambda: pd.read_parquet(path, columns=cols),
    }
for name, call in calls.items():
    call()
    times = []
    for _ in range(30):
        t = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - t)
    print(f"{name:16} {statistics.median(times) / 1e6:8.3f} ms")

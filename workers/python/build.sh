#!/usr/bin/env bash
# Builds the Python workers' environment (the record and engines workers):
# workers/python/.venv with the pinned libraries of requirements.txt.
# Idempotent: a hash of requirements.txt
# (and of the interpreter) is kept in the venv, and nothing is done while it
# matches. PYTHON picks the interpreter (default python3).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$here/.venv"
req="$here/requirements.txt"
stamp="$venv/.requirements.sha256"
python="${PYTHON:-python3}"

fail() {
    echo "workers/python/build.sh: $*" >&2
    exit 1
}

command -v "$python" >/dev/null 2>&1 || fail "no $python on PATH (set PYTHON to a Python 3.10+ interpreter)"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
    fail "$python is $("$python" --version 2>&1); the worker needs Python 3.10 or newer (dataclass slots)"

want="$( { cat "$req"; "$python" -c 'import sys; print(sys.version)'; } | sha256sum | cut -d' ' -f1)"
if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    echo "workers/python/.venv is up to date"
    exit 0
fi

rm -f "$stamp"
if [[ ! -x "$venv/bin/python" ]]; then
    "$python" -m venv "$venv" || fail "python3 -m venv $venv failed (is the venv module installed, e.g. apt's python3-venv?)"
fi
"$venv/bin/python" -m pip install --disable-pip-version-check --quiet -r "$req" ||
    fail "pip install -r requirements.txt failed (network, or no wheel for this platform?)"
"$venv/bin/python" - <<'PY' || fail "the installed libraries do not import"
import orjson, msgpack, cbor2, google.protobuf, fastavro, pyarrow, pyarrow.parquet, pyarrow.orc, bson, polars, duckdb, pandas, numpy, zstandard, vortex, lance, pyspark
PY
echo "$want" >"$stamp"
echo "workers/python/.venv built from requirements.txt"

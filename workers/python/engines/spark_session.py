"""One SparkSession per worker process, offline: local mode by default, no
UI, no package downloads (so no spark-avro), a few shuffle partitions, and
every folder Spark writes for itself (spark.local.dir, the warehouse,
java.io.tmpdir) in one temporary folder removed when the session stops.

The JVM's start is timed once and reported, never counted in a query's or
a conversion's time. Its stdout is pointed at stderr while it starts (the
JVM keeps the descriptor it was born with): the worker's stdout carries the
protocol, and nothing Spark prints may land there.
"""

import atexit
import os
import shutil
import sys
import tempfile
import threading
import time

import pyspark

VERSION = pyspark.__version__
DEFAULT_MASTER = "local[*]"


def java_missing():
    """Why Spark cannot start here (no JDK), or None."""
    home = os.environ.get("JAVA_HOME")
    if home and os.path.isfile(os.path.join(home, "bin", "java")):
        return None
    if shutil.which("java"):
        return None
    return "no JDK: java is not on the PATH and JAVA_HOME is unset (Spark needs Java 17+)"

_state = {"session": None, "master": None, "local_dir": None, "start_s": None, "reported": False, "failed": None}
_lock = threading.Lock()


def _conf(master, local_dir):
    return {
        "spark.master": master,
        "spark.app.name": "encbench",
        "spark.ui.enabled": "false",
        "spark.ui.showConsoleProgress": "false",
        "spark.local.dir": local_dir,
        "spark.sql.warehouse.dir": os.path.join(local_dir, "warehouse"),
        "spark.driver.extraJavaOptions": f"-Djava.io.tmpdir={local_dir} -Dderby.system.home={local_dir}",
        "spark.sql.shuffle.partitions": "4",
        "spark.sql.session.timeZone": "UTC",
        # Offline: nothing resolved from Maven (no --packages, no Ivy).
        "spark.jars.packages": "",
        "spark.jars.ivy": os.path.join(local_dir, "ivy"),
        "spark.driver.bindAddress": "127.0.0.1",
        "spark.driver.host": "127.0.0.1",
        # Executors' Python: this interpreter, with its libraries.
        "spark.pyspark.python": sys.executable,
        "spark.pyspark.driver.python": sys.executable,
        "spark.sql.execution.arrow.pyspark.enabled": "true",
    }


def session(master=None):
    """The session (started on first use, on `master`, default local[*]);
    a later call asking for another master stops the first."""
    master = master or DEFAULT_MASTER
    with _lock:
        if _state["session"] is not None and _state["master"] == master:
            return _state["session"]
        if _state["session"] is not None:
            _stop_locked()
        if _state["failed"] is not None:  # a JVM that would not start is not retried per query
            raise RuntimeError(_state["failed"])
        from pyspark.sql import SparkSession

        local_dir = tempfile.mkdtemp(prefix="encbench-spark-")
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        os.environ["PYSPARK_PYTHON"] = sys.executable
        # The executors' Python workers import this package (mapInArrow's
        # checksum): the worker's own folder on their path.
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p)
        builder = SparkSession.builder
        for k, v in _conf(master, local_dir).items():
            builder = builder.config(k, v)
        began = time.perf_counter()
        saved = os.dup(1)
        try:
            sys.stdout.flush()
            os.dup2(2, 1)  # the JVM and its Python workers inherit this stdout
            s = builder.getOrCreate()
        except BaseException as e:
            shutil.rmtree(local_dir, ignore_errors=True)
            _state["failed"] = f"Spark did not start: {' '.join(str(e).split())[:300]}"
            raise
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        s.sparkContext.setLogLevel("ERROR")
        _state.update(session=s, master=master, local_dir=local_dir,
                      start_s=time.perf_counter() - began, reported=False)
        return s


def start_note():
    """"Spark's JVM start, not counted: X s", once per session."""
    if _state["session"] is None or _state["reported"]:
        return None
    _state["reported"] = True
    return f"Spark's JVM start, not counted: {_state['start_s']:.1f} s"


def start_seconds():
    return _state["start_s"]


def _stop_locked(fast=False):
    s, local_dir = _state["session"], _state["local_dir"]
    _state.update(session=None, master=None, local_dir=None)
    if s is not None and not fast:
        try:
            s.stop()
        except Exception:
            pass
    if local_dir:
        shutil.rmtree(local_dir, ignore_errors=True)


def stop(fast=False):
    """Stops the session and removes its temporary folder. `fast`: only the
    folder (the worker is leaving, and encbench waits half a second for it;
    the JVM exits by itself when the worker's pipe to it closes)."""
    with _lock:
        _stop_locked(fast)


atexit.register(stop)

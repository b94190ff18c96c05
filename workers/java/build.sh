#!/usr/bin/env bash
# Builds encbench's Java record worker: target/encbench-records-worker.jar,
# one runnable jar with its dependencies (mvn package; the JUnit tests run).
# Idempotent: does nothing when the jar is newer than pom.xml and every source.
# Start the worker with:
#   java -jar workers/java/target/encbench-records-worker.jar [-root REPO]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
jar="target/encbench-records-worker.jar"
command -v java >/dev/null 2>&1 || { echo "build.sh: java not found (need a JDK 17 or newer)" >&2; exit 1; }
command -v mvn >/dev/null 2>&1 || { echo "build.sh: mvn (Maven) not found" >&2; exit 1; }
if [ -f "$jar" ] && [ -z "$(find pom.xml src -newer "$jar" -print -quit)" ]; then
  exit 0
fi
if ! mvn -q -B -Dstyle.color=never package -DskipTests=false; then
  echo "build.sh: the Java record worker's build failed (mvn package in $here)" >&2
  exit 1
fi
[ -f "$jar" ] || { echo "build.sh: $jar was not produced" >&2; exit 1; }

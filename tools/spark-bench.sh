#!/usr/bin/env bash
# Sweeps through Apache Spark versus the local runner (docs/sweeps.md): an N-cell sweep of a short experiment (rr on
# two PIII CPUs, four threads computing a Latin sample of 50 us .. 1 ms and yielding, MS simulated ms per cell, one
# run each), first through SweepRunner in this JVM, then through a Spark standalone cluster started here on
# 127.0.0.1 (a master and one worker of CORES cores, from the build's Spark runtime), driver and executors on the
# same machine. Prints cells per second of each and the load average.
#   tools/spark-bench.sh              # 2,000 cells, local with 2 then 1 worker(s), then Spark with 2 cores
#   N=200 MS=100 CORES=1 tools/spark-bench.sh
# Needs the build's job and Spark runtime (./mvnw -B verify -DskipTests), or SCHEDLAB_SPARK_JOB and
# SCHEDLAB_SPARK_RUNTIME naming copies of them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${N:-2000}; ms=${MS:-20}; cores=${CORES:-2}
. "$root/tools/jdk.sh"
job=${SCHEDLAB_SPARK_JOB:-$root/releng/org.schedlab.spark/target/job}
spark_home=${SCHEDLAB_SPARK_RUNTIME:-$root/releng/org.schedlab.spark.runtime/target/spark-home}
[ -f "$job/org.schedlab.spark.jar" ] && [ -d "$spark_home/jars" ] || { echo "build first: ./mvnw -B verify -DskipTests" >&2; exit 3; }
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do pkill -KILL -P "$p" 2>/dev/null || true; kill -KILL "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
cat > "$work/bench.sched" <<SCHED
machine duo extends piii-700 { cpus 2 }
kernel reference { engine rr version "1.0" }
variant rr = reference
workload w(work = 500 us range 50 us .. 1 ms) {
	threads worker x 4 { loop forever { compute work count work yield } }
}
experiment bench {
	workload w machines duo variants rr duration $ms ms
	sample $n latin over (work)
	metrics work, switches
}
SCHED
cp=$(ls "$job"/*.jar | tr '\n' ':')
"$jdk/bin/javac" --release 21 -nowarn -d "$work/classes" -cp "$cp" "$root/tools/SparkBench.java"
"$jdk/bin/java" -Xmx2g -cp "$work/classes:$cp" SparkBench "$work/bench.sched" "${WORKERS:-2,1}" 2>/dev/null
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

export SPARK_HOME=$spark_home SPARK_SCALA_VERSION=2.13 JAVA_HOME=$jdk SPARK_LOCAL_IP=127.0.0.1 SPARK_LOCAL_DIRS=$work
spark_cmd() { "$jdk/bin/java" -cp "$spark_home/jars/*" org.apache.spark.launcher.Main "$@" | tr '\0' '\n' | sed '/^$/d'; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port); ui=$(free_port)
mapfile -t cmd < <(spark_cmd org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" --webui-port "$ui")
"${cmd[@]}" > "$work/master.log" 2>&1 & pids+=($!)
mapfile -t cmd < <(spark_cmd org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores "$cores" --memory 2g \
  --webui-port "$(free_port)" --work-dir "$work/worker" "spark://127.0.0.1:$port")
"${cmd[@]}" > "$work/worker.log" 2>&1 & pids+=($!)
for _ in $(seq 300); do
  curl -s "http://127.0.0.1:$ui/json/" 2>/dev/null | grep -q '"aliveworkers" *: *1' && break; sleep 0.2
done
jars=$(ls "$job"/*.jar | grep -v '/org.schedlab.spark.jar$' | tr '\n' ',')
mapfile -t cmd < <(spark_cmd org.apache.spark.deploy.SparkSubmit --master "spark://127.0.0.1:$port" \
  --conf spark.ui.enabled=false --conf spark.executor.memory=1g --class org.schedlab.spark.SparkSweep \
  --jars "${jars%,}" "$job/org.schedlab.spark.jar" "$work/bench.sched" --out "$work/out")
start=$(date +%s.%N)
"${cmd[@]}" > "$work/driver.log" 2>&1 || { tail -20 "$work/driver.log"; exit 1; }
end=$(date +%s.%N)
rate=$(grep -o "bench: $n of $n cells (100 %), [0-9.]* cells/s" "$work/driver.log" | grep -o '[0-9.]* cells/s' | cut -d' ' -f1)
printf 'spark standalone, 1 worker of %s cores: %d cells, %.1f s from spark-submit to exit, %s cells/s once the first cell was back\n' \
  "$cores" "$n" "$(awk -v a="$start" -v b="$end" "BEGIN{print b-a}")" "$rate"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

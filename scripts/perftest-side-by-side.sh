#!/usr/bin/env bash
# Runs RabbitMQ PerfTest and brokerbench alternately on the same workload against the local
# RabbitMQ (127.0.0.1:5672 only), several rounds, and prints each run's end-to-end msg/s, client
# CPU and wall time, then the medians and the brokerbench/PerfTest ratios: of msg/s and CPU per
# message, or with STARTUP=1 of what a run of a handful of messages costs, its start-up.
#
# Workload (issue 3's seed): one producer and one consumer on a predeclared classic durable queue,
# 12-byte persistent mandatory messages through the default exchange, confirm window 192, qos 200,
# multi-ack every 200, a fixed message count that the consumer drains. Every run gets a fresh
# queue: it is deleted and declared again before each (PerfTest leaves its last messages
# unacknowledged when fewer than 200 arrived; they go back to the queue as it closes).
#
# Figures:
#   msg/s      each tool's own end-to-end average from its "receiving rate avg" line (brokerbench
#              prints PerfTest's closing lines too); neither tool writes result files, as PerfTest
#              writes none (brokerbench's -o adds Jackson and the files to its CPU: about 1 s a run)
#   cpu s      user+sys CPU seconds of the client JVM (/usr/bin/time, whole process: start-up and
#              JIT included, the same for both tools); cpu s/1M per million messages, numerically
#              µs per message
#   wall s     wall-clock seconds of the client process
# The machine is noisy (2 cores shared with the broker): compare only figures from one invocation.
#
# Usage: scripts/perftest-side-by-side.sh [-r ROUNDS] [-n MESSAGES] [-t RUN_TIMEOUT_S]
#   -r ROUNDS        rounds, each one PerfTest run and one brokerbench run (default 3, 5 with
#                    STARTUP=1; order flips every round)
#   -n MESSAGES      messages per run (default 200000, 10 with STARTUP=1)
#   -t RUN_TIMEOUT_S a run still going after this many seconds is killed and counted as failed
#                    (default 300)
# Environment: STARTUP=1 (compare start-up: medians of CPU and wall per run), CORE (run each tool
# on this one CPU core with taskset, its JVM still sized for two with -XX:ActiveProcessorCount=2,
# so that its JIT threads share that core and the broker does not take it; default: not pinned),
# PERFTEST_VERSION (default 2.22.1), PERFTEST_DIR (cache, default
# $HOME/.cache/brokerbench/perftest-$PERFTEST_VERSION), BENCH_JAR (default
# bench-cli/target/bench-cli.jar; built with ./mvnw -B -q install -pl bench-cli -DskipITs),
# QUEUE (default brokerbench-side-by-side), JAVA (default java), KEEP_DIR (keep every run's output,
# brokerbench's result.json included, in this directory instead of a deleted temporary one).
set -euo pipefail

STARTUP=${STARTUP:-0}
if [[ $STARTUP == 1 ]]; then
  ROUNDS=5
  MESSAGES=10
else
  ROUNDS=3
  MESSAGES=200000
fi
RUN_TIMEOUT_S=300
# shellcheck source=run-options.sh
source "$(dirname "$0")/run-options.sh"
# shellcheck source=perftest-fetch.sh
source "$(dirname "$0")/perftest-fetch.sh"
parse_run_options "$@"

QUEUE=${QUEUE:-brokerbench-side-by-side}
JAVA=${JAVA:-java}
URI=amqp://guest:guest@127.0.0.1:5672
if [[ -n ${KEEP_DIR:-} ]]; then
  WORK=$KEEP_DIR
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/side-by-side.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
fi

for tool in /usr/bin/time timeout python3 "$JAVA"; do
  command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done
[[ -f "$BENCH_JAR" ]] || { echo "missing $BENCH_JAR: run ./mvnw -B -q install -pl bench-cli -DskipITs" >&2; exit 1; }
PIN=()
JVM=()
if [[ -n ${CORE:-} ]]; then
  command -v taskset >/dev/null || { echo "missing: taskset (CORE=$CORE)" >&2; exit 1; }
  PIN=(taskset -c "$CORE")
  JVM=(-XX:ActiveProcessorCount=2)
fi

# Deletes the queue and declares it again (durable classic), with the amqp-client that PerfTest
# brings (the management plugin, hence rabbitmqadmin, may be off).
write_topology_tool() {
  cat >"$PERFTEST_DIR/ResetQueue.java" <<'EOF'
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;

public class ResetQueue {
  public static void main(String[] args) throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(args[0]);
    factory.setConnectionTimeout(5_000);
    try (Connection connection = factory.newConnection("side-by-side-reset");
        Channel channel = connection.createChannel()) {
      int left = channel.queueDelete(args[1]).getMessageCount();
      if (left > 0) {
        System.err.println(left + " messages were left in " + args[1] + " by the last run");
      }
      channel.queueDeclare(args[1], true, false, false, null);
      long depth = channel.messageCount(args[1]);
      if (depth != 0) {
        throw new IllegalStateException(args[1] + " still holds " + depth + " messages");
      }
    }
  }
}
EOF
}

reset_queue() {
  # stdout only carries logback's default DEBUG lines; errors go to stderr.
  timeout -k 5 60 "$JAVA" -cp "$PERFTEST_DIR/lib/*" "$PERFTEST_DIR/ResetQueue.java" "$URI" "$QUEUE" \
    >/dev/null
}

# run TOOL OUTDIR: runs one tool under /usr/bin/time and a timeout; prints "msgs_per_s cpu_s wall_s".
run_tool() {
  local tool=$1 out=$2 rc=0
  mkdir -p "$out"
  local cmd
  if [[ $tool == perftest ]]; then
    cmd=("$JAVA" "${JVM[@]}" -cp "$PERFTEST_DIR/lib/*" com.rabbitmq.perf.PerfTest -h "$URI"
      -x 1 -y 1 -u "$QUEUE" --predeclared --exchange amq.default --routing-key "$QUEUE"
      --flag persistent --flag mandatory --size 12 --confirm 192 --qos 200 --multi-ack-every 200
      --pmessages "$MESSAGES" --cmessages "$MESSAGES" --id side-by-side)
  else
    # --no-broker-load: PerfTest does not read the broker, so neither does this side.
    cmd=("$JAVA" "${JVM[@]}" -jar "$BENCH_JAR" run amqp091 -h "$URI"
      -x 1 -y 1 -u "$QUEUE" --predeclared --exchange amq.default --routing-key "$QUEUE"
      --flag persistent --flag mandatory --size 12 --confirm 192 --qos 200 --multi-ack-every 200
      --pmessages "$MESSAGES" --cmessages "$MESSAGES" --no-broker-load)
  fi
  timeout -k 10 "$RUN_TIMEOUT_S" "${PIN[@]}" /usr/bin/time -f '%U %S %e' -o "$out/time" "${cmd[@]}" \
    >"$out/stdout" 2>"$out/stderr" || rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "$tool failed (exit $rc, timeout ${RUN_TIMEOUT_S}s); last lines:" >&2
    tail -n 5 "$out/stdout" "$out/stderr" >&2
    return 1
  fi
  # Both print PerfTest's closing line (brokerbench's perftest report, on by default for amqp091).
  local rate
  rate=$(sed -n 's/.*receiving rate avg: \([0-9.]*\) msg\/s.*/\1/p' "$out/stdout" | tail -1)
  [[ -n $rate ]] || { echo "$tool: no rate found in its output" >&2; return 1; }
  read -r user sys wall <"$out/time"
  echo "$rate $(python3 -c "print($user + $sys)") $wall"
}

fetch_perftest
write_topology_tool
echo "side by side${STARTUP/#1/, start-up}: PerfTest $PERFTEST_VERSION vs brokerbench, $ROUNDS round(s)" \
  "of $MESSAGES messages, ${CORE:+each on core $CORE, }queue $QUEUE on 127.0.0.1:5672, load" \
  "average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-12s %10s %10s %12s %8s\n' round tool msg/s cpu_s 'cpu s/1M' 'wall s'
results=$WORK/results
: >"$results"
for ((round = 1; round <= ROUNDS; round++)); do
  if ((round % 2 == 1)); then order=(perftest brokerbench); else order=(brokerbench perftest); fi
  for tool in "${order[@]}"; do
    reset_queue
    if figures=$(run_tool "$tool" "$WORK/$round-$tool"); then
      read -r rate cpu wall <<<"$figures"
      per_million=$(python3 -c "print(f'{$cpu * 1e6 / $MESSAGES:.2f}')")
      printf '%-6s %-12s %10.0f %10.2f %12s %8s\n' "$round" "$tool" "$rate" "$cpu" "$per_million" "$wall"
      echo "$tool $rate $per_million $cpu $wall" >>"$results"
    fi
  done
done
reset_queue

python3 - "$results" "$STARTUP" <<'EOF'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
def med(tool, col):
    values = [float(r[col]) for r in rows if r[0] == tool]
    return statistics.median(values) if values else None
print()
if sys.argv[2] == "1":
    columns = (("cpu s", 3, ".2f"), ("wall s", 4, ".2f"))
    target = ""
else:
    columns = (("msg/s", 1, ".0f"), ("cpu s/1M", 2, ".2f"))
    target = "   (target: msg/s >= 1.25x, CPU per message <= 0.40x)"
print(f"{'median':<19}" + "".join(f" {name:>10}" for name, _, _ in columns))
for name, tool in (("PerfTest", "perftest"), ("brokerbench", "brokerbench")):
    if med(tool, 1) is not None:
        print(f"{name:<19}" + "".join(f" {med(tool, col):>10{form}}" for _, col, form in columns))
if med("perftest", 1) is None or med("brokerbench", 1) is None:
    sys.exit("no ratio: a tool has no successful run")
print(f"{'brokerbench/PerfTest':<19}"
      + "".join(f" {med('brokerbench', col) / med('perftest', col):>9.2f}x" for _, col, _ in columns)
      + target)
EOF

#!/usr/bin/env bash
# Runs the same workload over AMQP 0.9.1 and AMQP 1.0 against the local RabbitMQ (127.0.0.1:5672
# only, with the rabbitmq_amqp1_0 plugin enabled), alternating, several rounds, with brokerbench's
# one measurement engine, and prints the two protocols' reports side by side, then the medians.
#
# Workload: one producer and one consumer on a classic durable queue (one queue per protocol,
# deleted before every run so each starts empty; each driver declares it), 12-byte persistent
# messages, at most 1000 unconfirmed messages in flight, prefetch (0.9.1 qos) / link credit (1.0)
# 200, each delivery acknowledged on its own, a fixed message count that the consumer drains.
#
# Columns (all from each run's result.json):
#   sent/s recv/s    totals.rates.sentPerSecond, totals.rates.receivedPerSecond
#   e2e p50..p99.9   end-to-end latency from the intended send time, µs (latency.e2e)
#   conf p50 p99     confirm (0.9.1 publisher confirm, 1.0 settlement) latency, µs (latency.confirm)
#   cpu µs/msg       client process CPU per message (totals.client.cpuMicrosPerMessage)
#   lost dup         integrity.lost, integrity.duplicates
# The machine is noisy (2 cores shared with the broker): compare only figures from one invocation.
#
# Usage: scripts/cross-protocol.sh [-r ROUNDS] [-n MESSAGES] [-t RUN_TIMEOUT_S]
#   -r ROUNDS        rounds, each one AMQP 0.9.1 run and one AMQP 1.0 run (default 2; the order
#                    flips every round)
#   -n MESSAGES      messages per run (default 100000)
#   -t RUN_TIMEOUT_S a run still going after this many seconds is killed and counted as failed
#                    (default 300)
# Environment: BENCH_JAR (default bench-cli/target/bench-cli.jar; built with
# ./mvnw -B -q install -pl bench-cli -DskipITs), QUEUE_PREFIX (default brokerbench-xp), JAVA
# (default java), KEEP_DIR (keep every run's output, result.json included, in this directory
# instead of a deleted temporary one), AMQP091_ARGS and AMQP10_ARGS (extra options for one
# protocol's runs, split on spaces, e.g. AMQP10_ARGS="--io client"; both "-A 50" for batched acks).
set -euo pipefail

ROUNDS=2
MESSAGES=100000
RUN_TIMEOUT_S=300
# shellcheck source=run-options.sh
source "$(dirname "$0")/run-options.sh"
parse_run_options "$@"

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BENCH_JAR=${BENCH_JAR:-$ROOT/bench-cli/target/bench-cli.jar}
QUEUE_PREFIX=${QUEUE_PREFIX:-brokerbench-xp}
JAVA=${JAVA:-java}
HOST=127.0.0.1
PORT=5672
URI=amqp://guest:guest@$HOST:$PORT
PROTOCOLS=(amqp091 amqp10)
if [[ -n ${KEEP_DIR:-} ]]; then
  WORK=$KEEP_DIR
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/cross-protocol.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
fi

for tool in timeout python3 "$JAVA"; do
  command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done
[[ -f "$BENCH_JAR" ]] || { echo "missing $BENCH_JAR: run ./mvnw -B -q install -pl bench-cli -DskipITs" >&2; exit 1; }

# Deletes the given queues (absent ones are fine) with the amqp-client inside the CLI jar, so the
# next run starts from an empty queue that its driver declares.
cat >"$WORK/DeleteQueues.java" <<'EOF'
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;

public class DeleteQueues {
  public static void main(String[] args) throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(args[0]);
    factory.setConnectionTimeout(5_000);
    try (Connection connection = factory.newConnection("cross-protocol-reset");
        Channel channel = connection.createChannel()) {
      for (int i = 1; i < args.length; i++) {
        channel.queueDelete(args[i]);
      }
    }
  }
}
EOF
delete_queues() {
  timeout -k 5 60 "$JAVA" -cp "$BENCH_JAR" "$WORK/DeleteQueues.java" "$URI" \
    "${PROTOCOLS[@]/#/$QUEUE_PREFIX-}" >/dev/null
}

# run PROTOCOL OUTDIR: one brokerbench run under a timeout, writing OUTDIR/result.json.
run_protocol() {
  local protocol=$1 out=$2 rc=0
  local queue=$QUEUE_PREFIX-$protocol
  local common=(-x 1 -y 1 -u "$queue" --size 12 --flag persistent --confirm 1000 --qos 200
    --pmessages "$MESSAGES" --cmessages "$MESSAGES" -o "$out")
  local cmd
  if [[ $protocol == amqp091 ]]; then
    # shellcheck disable=SC2206 # extra options are meant to be split
    cmd=("$JAVA" -jar "$BENCH_JAR" run amqp091 -h "$URI" "${common[@]}" ${AMQP091_ARGS:-})
  else
    # shellcheck disable=SC2206
    cmd=("$JAVA" -jar "$BENCH_JAR" run amqp10 --host "$HOST" --port "$PORT" --queue-type classic
      "${common[@]}" ${AMQP10_ARGS:-})
  fi
  mkdir -p "$out"
  echo "${cmd[*]}" >"$out/command"
  timeout -k 10 "$RUN_TIMEOUT_S" "${cmd[@]}" >"$out/stdout" 2>"$out/stderr" || rc=$?
  if [[ $rc -ne 0 || ! -f $out/result.json ]]; then
    echo "$protocol failed (exit $rc, timeout ${RUN_TIMEOUT_S}s); last lines:" >&2
    tail -n 5 "$out/stdout" "$out/stderr" >&2
    return 1
  fi
}

echo "cross-protocol: AMQP 0.9.1 vs AMQP 1.0 on RabbitMQ $HOST:$PORT, $ROUNDS round(s) of" \
  "$MESSAGES 12-byte persistent messages, in-flight 1000, prefetch/credit 200," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
runs=()
for ((round = 1; round <= ROUNDS; round++)); do
  if ((round % 2 == 1)); then order=("${PROTOCOLS[@]}"); else order=(amqp10 amqp091); fi
  for protocol in "${order[@]}"; do
    delete_queues
    out=$WORK/$round-$protocol
    if run_protocol "$protocol" "$out"; then
      runs+=("$round:$protocol:$out/result.json")
    fi
  done
done
delete_queues
for protocol in "${PROTOCOLS[@]}"; do
  if [[ -f $WORK/1-$protocol/command ]]; then
    echo "$protocol: $(sed "s|$WORK/1-$protocol|DIR|" "$WORK/1-$protocol/command")"
  fi
done
echo

python3 - "${runs[@]}" <<'EOF'
import json, statistics, sys

COLUMNS = ("sent/s", "recv/s", "e2e p50", "e2e p99", "e2e p99.9", "conf p50", "conf p99",
           "cpu µs/msg", "lost", "dup")

warnings = []

def figures(path):
    r = json.load(open(path))
    warnings.extend(f"{path}: {w}" for w in r.get("warnings", []))
    if r.get("error"):
        warnings.append(f"{path}: {r['error']}")
    t, lat, i = r["totals"], r["latency"], r["integrity"]
    e2e, conf = lat.get("e2e", {}), lat.get("confirm", {})
    return r["status"], [t["rates"]["sentPerSecond"], t["rates"]["receivedPerSecond"],
                         e2e.get("p50Micros"), e2e.get("p99Micros"), e2e.get("p999Micros"),
                         conf.get("p50Micros"), conf.get("p99Micros"),
                         t["client"]["cpuMicrosPerMessage"], i["lost"], i["duplicates"]]

def fmt(v, col):
    if v is None:
        return "-"
    if col in ("lost", "dup"):
        return f"{v:.0f}"
    return f"{v:.1f}" if col == "cpu µs/msg" else f"{v:.0f}"

def row(label, protocol, values, status=""):
    cells = " ".join(f"{fmt(v, c):>{max(len(c), 8)}}" for v, c in zip(values, COLUMNS))
    print(f"{label:<7} {protocol:<8} {cells} {status}")

header = " ".join(f"{c:>{max(len(c), 8)}}" for c in COLUMNS)
print(f"{'round':<7} {'protocol':<8} {header}")
by_protocol = {}
for arg in sys.argv[1:]:
    round_, protocol, path = arg.split(":", 2)
    status, values = figures(path)
    row(round_, protocol, values, "" if status == "completed" else status)
    if status == "completed":
        by_protocol.setdefault(protocol, []).append(values)
print()
for protocol, runs in sorted(by_protocol.items()):
    medians = [None if any(v[k] is None for v in runs) else statistics.median(v[k] for v in runs)
               for k in range(len(COLUMNS))]
    row("median", protocol, medians)
for w in warnings:
    print("warning:", w)
if len(by_protocol) < 2:
    sys.exit("a protocol has no completed run")
EOF

#!/usr/bin/env bash
# RabbitMQ 4.0's connection study at full size on one machine: 40,000 idle connections with 2
# sessions (amqp10) or 2 channels (amqp091) each, which no single process or node can hold here (a
# process may open 20,000 files; a node then takes 17,910 connections). So: a three-node RabbitMQ
# 4.0.5 cluster this script starts (scripts/rabbitmq4.sh cluster, 127.0.0.1:5750-5752, management
# API on 15750-15752) and stops, and SHARDS client processes (bench run --shard I/SHARDS), merged
# with bench merge. amqp091 shards each spread their connections over the three nodes; amqp10
# connects to one broker, so amqp10 shard I connects to node I mod 3.
#
# Prints each shard's line and the merged result's connections: opened, failures by cause, opening
# rate, client and broker memory per connection. Outputs stay in $OUT.
#
# Usage: scripts/connections-40k.sh [amqp10|amqp091]
# Environment: TOTAL (default 40000), SHARDS (default 3), HOLD (default 60s: each shard holds its
# connections this long after opening them, long enough for the other shards to finish theirs),
# CONNECT_TIMEOUT_MS (default 30000: nodes sharing two cores answer a handshake slowly when full),
# RATE (connections opened per second by all shards together, --connection-rate, which the
# shards split; default unlimited),
# BENCH_JAR (default bench-cli/target/bench-cli.jar), JAVA, OUT (default a new temporary directory).
set -euo pipefail

DRIVER=${1:-amqp10}
TOTAL=${TOTAL:-40000}
SHARDS=${SHARDS:-3}
HOLD=${HOLD:-60s}
CONNECT_TIMEOUT_MS=${CONNECT_TIMEOUT_MS:-30000}
RATE=${RATE:-unlimited}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BENCH_JAR=${BENCH_JAR:-$ROOT/bench-cli/target/bench-cli.jar}
JAVA=${JAVA:-java}
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/connections-40k.XXXXXX")}
mkdir -p "$OUT"
CLUSTER=bb40k
PORT=5750

case "$DRIVER" in
  amqp10 | amqp091) ;;
  *) echo "usage: $0 [amqp10|amqp091]" >&2; exit 2 ;;
esac
[[ -f "$BENCH_JAR" ]] || { echo "missing $BENCH_JAR: run ./mvnw -B -q install -DskipTests" >&2; exit 1; }

"$ROOT/scripts/rabbitmq4.sh" prepare >/dev/null
"$ROOT/scripts/rabbitmq4.sh" stop-cluster "$CLUSTER" >/dev/null 2>&1 || true
"$ROOT/scripts/rabbitmq4.sh" cluster "$CLUSTER" "$PORT"
trap '"$ROOT/scripts/rabbitmq4.sh" stop-cluster "$CLUSTER" >/dev/null 2>&1 || true' EXIT

pids=()
for ((i = 0; i < SHARDS; i++)); do
  if [[ $DRIVER == amqp091 ]]; then
    target=(--uri "amqp://guest:guest@127.0.0.1:$PORT,amqp://guest:guest@127.0.0.1:$((PORT + 1)),amqp://guest:guest@127.0.0.1:$((PORT + 2))"
      --management-url "http://127.0.0.1:1$PORT")
  else
    node=$((PORT + i % 3))
    target=("amqp://guest:guest@127.0.0.1:$node" --management-url "http://127.0.0.1:1$node")
  fi
  "$JAVA" -jar "$BENCH_JAR" run "$DRIVER" "${target[@]}" -x 0 -y 0 --connections "$TOTAL" \
    --connection-channels 2 --connection-rate "$RATE" --connect-timeout-ms "$CONNECT_TIMEOUT_MS" -z "$HOLD" \
    --shard "$i/$SHARDS" -o "$OUT/shard-$i" \
    >"$OUT/shard-$i.txt" 2>&1 &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
for ((i = 0; i < SHARDS; i++)); do
  echo "shard $i: $(grep -E '^idle connections: [0-9]+ of [0-9]+ opened' "$OUT/shard-$i.txt" || tail -1 "$OUT/shard-$i.txt")"
done
"$JAVA" -jar "$BENCH_JAR" merge $(for ((i = 0; i < SHARDS; i++)); do echo "$OUT/shard-$i"; done) \
  -o "$OUT/merged" >"$OUT/merge.txt" 2>&1 || { cat "$OUT/merge.txt"; exit 1; }
python3 - "$OUT/merged/result.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
c = r["connections"]
def size(n, unit, scale):
    return "-" if n < 0 else f"{n / scale:.1f} {unit}"
print(f"merged: {c['opened']} of {c['target']} opened ({c['failed']} failed {c['failures']}), "
      f"{c['openPerSecond']:.0f} connections/s over {c['openSeconds']:.1f} s; client per connection: "
      f"heap {size(c['clientHeapBytesPerConnection'], 'KiB', 1024)}, RSS {size(c['clientRssBytesPerConnection'], 'KiB', 1024)}; "
      f"broker per connection {size(c['brokerBytesPerConnection'], 'KiB', 1024)} "
      f"({size(c['brokerBytesBefore'], 'MiB', 2**20)} before, {size(c['brokerBytesHeld'], 'MiB', 2**20)} holding; {c['brokerMemorySource']})")
if "connect" in r["latency"]:
    print("connect p50/p99/max ms:", *(round(r["latency"]["connect"][k] / 1000, 1) for k in ("p50Micros", "p99Micros", "maxMicros")))
for w in r["warnings"]:
    print("warning:", w["message"])
EOF
echo "outputs in $OUT"
exit $status

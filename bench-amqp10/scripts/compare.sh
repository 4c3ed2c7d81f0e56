#!/usr/bin/env bash
# Side by side on one classic durable queue of the local RabbitMQ (AMQP 1.0 plugin enabled):
# brokerbench's amqp10 driver vs a plain protonj2-client program, alternating rounds, printing
# msg/s and client CPU (user+sys from /usr/bin/time -v) per message.
# Usage: bench-amqp10/scripts/compare.sh [COUNT] [CREDIT] [WINDOW] [ROUNDS]
set -euo pipefail
COUNT=${1:-100000}
CREDIT=${2:-200}
WINDOW=${3:-1000}
ROUNDS=${4:-2}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT="$HERE/target"
mkdir -p "$OUT/classes"
(cd "$ROOT" && ./mvnw -B -q -o -pl bench-amqp10 package -DskipTests \
  && ./mvnw -B -q -o -pl bench-amqp10 dependency:build-classpath -Dmdep.outputFile="$OUT/cp.txt")
CP="$ROOT/bench-amqp10/target/classes:$(cat "$OUT/cp.txt")"
javac -d "$OUT/classes" -cp "$CP" "$HERE/PlainProtonj2.java" "$HERE/BrokerbenchAmqp10.java"
QUEUE=bb-compare-amqp10
rabbitmqctl -q delete_queue "$QUEUE" >/dev/null 2>&1 || true
# the driver declares the (durable, classic) queue on its first round; run it first once, short
java -cp "$OUT/classes:$CP" BrokerbenchAmqp10 "$QUEUE" 1000 12 "$CREDIT" "$WINDOW" >/dev/null

cpu_per_msg() { # time -v output file, message count
  awk -v n="$2" '/User time/ {u=$4} /System time/ {s=$4} END {printf "%.1f", (u+s)*1e6/n}' "$1"
}
for round in $(seq 1 "$ROUNDS"); do
  for tool in brokerbench plain; do
    if [ "$tool" = brokerbench ]; then
      CMD=(java -cp "$OUT/classes:$CP" BrokerbenchAmqp10 "$QUEUE" "$COUNT" 12 "$CREDIT" "$WINDOW")
    else
      CMD=(java -cp "$OUT/classes:$CP" PlainProtonj2 "/amq/queue/$QUEUE" "$COUNT" 12 "$CREDIT" "$WINDOW")
    fi
    /usr/bin/time -v -o "$OUT/time.txt" "${CMD[@]}" > "$OUT/run.txt" 2>&1
    echo "round $round $tool: $(grep -E 'msg/s' "$OUT/run.txt" | tail -1)" \
      " | client CPU $(cpu_per_msg "$OUT/time.txt" "$COUNT") us/msg" \
      " | rss $(awk '/Maximum resident/ {print int($6/1024)}' "$OUT/time.txt") MiB"
  done
done
rabbitmqctl -q delete_queue "$QUEUE" >/dev/null 2>&1 || true

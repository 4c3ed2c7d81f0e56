#!/usr/bin/env bash
# Side by side on one classic durable queue of the local RabbitMQ (AMQP 1.0 plugin enabled):
# brokerbench's amqp10 driver (io=engine, the default) vs a plain protonj2-client program with a
# bounded unsettled window, 12-byte durable messages, alternating rounds. Prints msg/s and client
# CPU per message (user+sys of the process from /usr/bin/time -v): raw, and "steady" with each
# tool's fixed cost (JVM start, JIT, connection set-up: a 2000-message run) subtracted.
# The tool "quiver" is quiver's own command line run unchanged after `bench run amqp10` from the fat
# jar (BENCH_JAR, default bench-cli/target/bench-cli.jar): `//127.0.0.1//amq/queue/Q --durable
# --count N --body-size 12 --credit C`, no unsettled window (quiver has none), its RESULTS block's
# end-to-end rate (first send to last receive) as the rate.
# Usage: bench-amqp10/scripts/compare.sh [COUNT] [CREDITS] [WINDOW] [ROUNDS] [TOOLS]
#   e.g. compare.sh 200000 "200 5000" 1000 2 "engine client plain quiver"
set -euo pipefail
COUNT=${1:-200000}
CREDITS=${2:-"200 5000"}
WINDOW=${3:-1000}
ROUNDS=${4:-2}
TOOLS=${5:-"engine plain"}
BASE_COUNT=2000
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT="$HERE/target"
BENCH_JAR=${BENCH_JAR:-$ROOT/bench-cli/target/bench-cli.jar}
mkdir -p "$OUT/classes"
(cd "$ROOT" && ./mvnw -B -q -o -pl bench-amqp10 package -DskipTests \
  && ./mvnw -B -q -o -pl bench-amqp10 dependency:build-classpath -Dmdep.outputFile="$OUT/cp.txt")
CP="$OUT/classes:$ROOT/bench-amqp10/target/classes:$(cat "$OUT/cp.txt")"
javac -d "$OUT/classes" -cp "$CP" "$HERE/PlainProtonj2.java" "$HERE/BrokerbenchAmqp10.java"
QUEUE=bb-compare-amqp10
rabbitmqctl -q delete_queue "$QUEUE" >/dev/null 2>&1 || true
# brokerbench declares the durable classic queue, which the plain program then uses
java -cp "$CP" BrokerbenchAmqp10 "$QUEUE" 100 12 200 100 >/dev/null 2>&1

run() { # tool count credit -> sets RATE and CPU_S
  local tool=$1 count=$2 credit=$3
  case $tool in
    engine|client) CMD=(java -cp "$CP" BrokerbenchAmqp10 "$QUEUE" "$count" 12 "$credit" "$WINDOW" "$tool") ;;
    plain) CMD=(java -cp "$CP" PlainProtonj2 "/amq/queue/$QUEUE" "$count" 12 "$credit" "$WINDOW") ;;
    quiver) CMD=(java -jar "$BENCH_JAR" run amqp10 "//127.0.0.1//amq/queue/$QUEUE" --durable
                 --count "$count" --body-size 12 --credit "$credit") ;;
  esac
  /usr/bin/time -v -o "$OUT/time.txt" "${CMD[@]}" > "$OUT/run.txt" 2>&1
  if [ "$tool" = quiver ]; then
    RATE=$(grep -oE 'End-to-end rate \.+ [0-9,]+' "$OUT/run.txt" | grep -oE '[0-9,]+$' | tr -d , || echo "?")
  else
    RATE=$(grep -oE '[0-9]+ msg/s received|msg/s$|[0-9]+ msg/s' "$OUT/run.txt" | tail -1 | grep -oE '^[0-9]+' || echo "?")
  fi
  CPU_S=$(awk '/User time/ {u=$4} /System time/ {s=$4} END {print u+s}' "$OUT/time.txt")
}

declare -A BASE
for tool in $TOOLS; do
  run "$tool" "$BASE_COUNT" 200
  BASE[$tool]=$CPU_S
  echo "fixed cost $tool: ${CPU_S} s CPU for $BASE_COUNT messages"
done
for credit in $CREDITS; do
  for round in $(seq 1 "$ROUNDS"); do
    for tool in $TOOLS; do
      run "$tool" "$COUNT" "$credit"
      awk -v t="$tool" -v c="$credit" -v r="$round" -v rate="$RATE" -v cpu="$CPU_S" \
          -v base="${BASE[$tool]}" -v n="$COUNT" -v bn="$BASE_COUNT" 'BEGIN {
        printf "credit %s round %s %-7s %6s msg/s  client CPU %5.1f us/msg raw, %5.1f us/msg steady\n",
          c, r, t, rate, cpu * 1e6 / n, (cpu - base) * 1e6 / (n - bn) }'
      grep -E "msg/s|messages/s" "$OUT/run.txt" | tail -1 | sed 's/^/    /'
    done
  done
done
rabbitmqctl -q delete_queue "$QUEUE" >/dev/null 2>&1 || true

#!/usr/bin/env bash
# Side by side: RocketMQ's own benchmark Producer (rocketmq-example 5.5.0) and brokerbench's rocketmq
# driver, on the same local name server + broker (forked JVMs, throw-away store) and the same topic,
# alternating, with -s 1024 and -w 1, 8, 16, 32 sender threads in sync mode (the tool's default).
# Prints TPS and client CPU per message (user+sys from /usr/bin/time -v over messages sent).
#
# Usage: bench-rocketmq/scripts/side-by-side.sh [ASYNC_FLUSH|SYNC_FLUSH] [messages-per-run|Ns] [w...]
# A count (default 300000) gives each run that many messages. "32s" instead runs each client process
# for 32 s of wall-clock time (start-up included, ended with SIGINT, like a user's timed run) and
# counts the messages it stored from the topic's offsets at the broker (the RocketMQ tool's reference
# figures are client CPU per ~32 s run).
# SEND_MODE=async compares the tool's -y true with brokerbench's async send (window WINDOW, 256).
# SEND_MODE=window compares the tool's -w W sync threads (W sends in flight) with ONE brokerbench
# producer sending async with a window of W (the same W sends in flight, no thread per send).
# SEND_MODE=familiar runs the tool's own line on both: `-n NS -t TOPIC -w W -s 1024` after
# `bench run rocketmq`, unchanged but for the run's bound (-C with a count, else ended with SIGINT as
# the tool is: -z 600 only lifts the 10 s default) and -y 0 (the tool's Producer runs no consumer); brokerbench's -w is that same one-producer window of W.
# WHOLE_JOB=1 (with a message count) runs both sides' producers and consumers: the tool's Consumer
# (its default 20 threads) beside its Producer, against brokerbench with its consumer (-y 1), each
# run on a fresh topic created before any client starts (a Consumer started before its topic
# exists reads nothing until its next route refresh, ~30 s). A run ends when the Producer has sent
# its messages and the consumer group has no message left behind (consumerProgress' Diff Total,
# at most 120 s); CPU is the Producer's plus the Consumer's. SEND_MODE applies to the producers.
# ROUNDS=N runs each w N times, the tool first in odd rounds and brokerbench first in even ones.
# BB_EXTRA adds brokerbench driver options, such as BB_EXTRA="--batch 32" (then not like for like).
# Needs: bench-cli/target/bench-cli.jar built (./mvnw -B -q install -DskipTests; BENCH_JAR names
# another copy). Load goes to 127.0.0.1 only.
set -euo pipefail

FLUSH=${1:-ASYNC_FLUSH}
MESSAGES=${2:-300000}
DURATION=
if [[ $MESSAGES == *s ]]; then DURATION=${MESSAGES%s} MESSAGES=0; fi
shift 2 2>/dev/null || shift $#
THREADS=("$@")
[ ${#THREADS[@]} -eq 0 ] && THREADS=(1 8 16 32)

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d /tmp/bb-rmq-side-XXXXXX)
NS=127.0.0.1:9876
SEND_MODE=${SEND_MODE:-sync}
ROUNDS=${ROUNDS:-1}
WINDOW=${WINDOW:-256}
TOOL_ASYNC=false
BB_WINDOW=1
BB_MODE=$SEND_MODE
if [ "$SEND_MODE" = async ]; then TOOL_ASYNC=true; BB_WINDOW=$WINDOW; fi
if [ "$SEND_MODE" = window ] || [ "$SEND_MODE" = familiar ]; then BB_MODE=async; fi
TOPIC=bb_side_by_side
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# The tool and the servers: rocketmq-example, -namesrv, -broker 5.5.0 from Maven Central.
mkdir -p "$WORK/tool"
cat > "$WORK/tool/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>scratch</groupId><artifactId>rmq-tool</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>org.apache.rocketmq</groupId><artifactId>rocketmq-example</artifactId><version>5.5.0</version></dependency>
    <dependency><groupId>org.apache.rocketmq</groupId><artifactId>rocketmq-namesrv</artifactId><version>5.5.0</version></dependency>
    <dependency><groupId>org.apache.rocketmq</groupId><artifactId>rocketmq-broker</artifactId><version>5.5.0</version></dependency>
  </dependencies>
</project>
POM
"$ROOT/mvnw" -B -q -f "$WORK/tool/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
  -DoutputDirectory="$WORK/tool/lib" >/dev/null
TOOL_CP="$WORK/tool/lib/*"
"$ROOT/mvnw" -B -q -o -f "$ROOT/bench-rocketmq/pom.xml" dependency:build-classpath \
  -Dmdep.outputFile="$WORK/bb.cp" >/dev/null
BB_CP="${BENCH_JAR:-$ROOT/bench-cli/target/bench-cli.jar}:$(cat "$WORK/bb.cp")"

HOME_DIR="$WORK/home"
mkdir -p "$HOME_DIR"
cat > "$WORK/namesrv.properties" <<P
listenPort=9876
bindAddress=127.0.0.1
P
cat > "$WORK/broker.properties" <<P
brokerClusterName=DefaultCluster
brokerName=broker-a
brokerId=0
brokerIP1=127.0.0.1
brokerIP2=127.0.0.1
bindAddress=127.0.0.1
namesrvAddr=$NS
listenPort=10911
storePathRootDir=$WORK/store
storePathCommitLog=$WORK/store/commitlog
autoCreateTopicEnable=true
flushDiskType=$FLUSH
P
JVM_HOME=(-Drocketmq.home.dir="$HOME_DIR" -Duser.home="$HOME_DIR")
java -Xms256m -Xmx256m "${JVM_HOME[@]}" -cp "$TOOL_CP" org.apache.rocketmq.namesrv.NamesrvStartup \
  -c "$WORK/namesrv.properties" >"$WORK/namesrv.out" 2>&1 &
PIDS+=($!)
sleep 3
java -Xms1g -Xmx1g "${JVM_HOME[@]}" -cp "$TOOL_CP" org.apache.rocketmq.broker.BrokerStartup \
  -c "$WORK/broker.properties" >"$WORK/broker.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 60); do grep -q "boot success" "$WORK/broker.out" 2>/dev/null && break; sleep 0.5; done
grep -q "boot success" "$WORK/broker.out" || { echo "broker did not start"; cat "$WORK/broker.out"; exit 1; }

java "${JVM_HOME[@]}" -cp "$TOOL_CP" org.apache.rocketmq.tools.command.MQAdminStartup updateTopic \
  -n "$NS" -c DefaultCluster -t "$TOPIC" -r 8 -w 8 >/dev/null
# "boot success" is not readiness: a throw-away brokerbench run retries until a send succeeds.
for _ in $(seq 1 30); do
  if java -cp "$BB_CP" io.brokerbench.cli.Bench run rocketmq -n "$NS" -u "$TOPIC" \
      --topic-setup predeclared -y 0 -x 1 -C 10 -c 1 -s 16 --send-mode sync >"$WORK/warm.out" 2>&1 \
      && grep -q "confirmed 10 " "$WORK/warm.out"; then
    break
  fi
  sleep 1
done

cpu_seconds() { # /usr/bin/time -v outputs -> user+sys seconds of them all
  awk -F': ' '/User time/ {u+=$2} /System time/ {s+=$2} END {printf "%.2f", u+s}' "$@"
}

admin() { # MQAdminStartup SUBCOMMAND ARGS...
  java "${JVM_HOME[@]}" -cp "$TOOL_CP" org.apache.rocketmq.tools.command.MQAdminStartup "$@"
}

RUN=0
fresh_topic() { # with WHOLE_JOB: a new topic for each run, created before any client starts
  if [ -n "${WHOLE_JOB:-}" ]; then
    RUN=$((RUN + 1))
    TOPIC=bb_side_by_side_$RUN
    admin updateTopic -n "$NS" -c DefaultCluster -t "$TOPIC" -r 8 -w 8 >/dev/null
  fi
}

TOOL_CONSUMER=
start_tool_consumer() { # with WHOLE_JOB: the tool's Consumer on this run's topic, in the background
  if [ -n "${WHOLE_JOB:-}" ]; then
    /usr/bin/time -v -o "$WORK/consumer.time" java "${JVM_HOME[@]}" -cp "$TOOL_CP" \
      org.apache.rocketmq.example.benchmark.Consumer -n "$NS" -t "$TOPIC" -g "group_$TOPIC" \
      -ri 2000 >"$WORK/consumer.out" 2>&1 &
    TOOL_CONSUMER=$!
    PIDS+=("$TOOL_CONSUMER")
  fi
}

stop_tool_consumer() { # once its group has nothing left behind (at most 120 s), SIGINT
  [ -n "$TOOL_CONSUMER" ] || return 0
  local left=unknown
  for _ in $(seq 1 120); do
    left=$(admin consumerProgress -n "$NS" -g "group_$TOPIC" 2>/dev/null \
      | grep -o 'Diff Total: [0-9]*' | grep -o '[0-9]*$' || echo unknown)
    [ "$left" = 0 ] && break
    sleep 1
  done
  [ "$left" = 0 ] || echo "the tool's Consumer left $left messages behind after 120 s" >&2
  # SIGTERM (a background job ignores SIGINT) to the JVM under /usr/bin/time, which then writes
  # its figures
  pkill -TERM -P "$TOOL_CONSUMER" java 2>/dev/null || true
  wait "$TOOL_CONSUMER" 2>/dev/null || true
  TOOL_CONSUMER=
}

stored() { # messages in the topic: the sum of its queues' max offsets
  java "${JVM_HOME[@]}" -cp "$TOOL_CP" org.apache.rocketmq.tools.command.MQAdminStartup topicStatus \
    -n "$NS" -t "$TOPIC" 2>/dev/null | awk '$2 ~ /^[0-9]+$/ {s += $4} END {print s + 0}'
}

# timed TIME_FILE COMMAND...: runs COMMAND under /usr/bin/time -v; with DURATION, for DURATION s.
timed() {
  local out=$1
  shift
  if [ -n "$DURATION" ]; then
    /usr/bin/time -v -o "$out" timeout -s INT -k 30 "$DURATION" "$@" || true
  else
    /usr/bin/time -v -o "$out" "$@" || true
  fi
}

# measured BEFORE ASKED: the run's message count, ASKED, or with DURATION what the broker stored
# since it held BEFORE.
measured() {
  if [ -n "$DURATION" ]; then echo $(($(stored) - $1)); else echo "$2"; fi
}

run_tool() { # $1 = w, $2 = messages
  local before=0 bound=(-q "$2") times=("$WORK/tool.time")
  if [ -n "$DURATION" ]; then before=$(stored) bound=(); fi
  fresh_topic
  start_tool_consumer
  # RocketMQ's tool: -q is the total (without it: until stopped); it reports Send TPS every -ri ms.
  timed "$WORK/tool.time" java "${JVM_HOME[@]}" -cp "$TOOL_CP" \
    org.apache.rocketmq.example.benchmark.Producer -n "$NS" -t "$TOPIC" -w "$1" -s 1024 \
    "${bound[@]}" -ri 2000 -y "$TOOL_ASYNC" >"$WORK/tool.out" 2>&1
  if [ -n "${WHOLE_JOB:-}" ]; then stop_tool_consumer; times+=("$WORK/consumer.time"); fi
  report rocketmq "$1" "$(measured "$before" "$2")" \
    "$(grep -o 'Send TPS: [0-9]*' "$WORK/tool.out" | awk '{s+=$3; n++} END {if (n) printf "%d", s/n}')" \
    "${times[@]}"
}

run_brokerbench() { # $1 = w, $2 = messages
  local producers=$1 per=$(($2 / $1)) window=$BB_WINDOW before=0 consumers=0
  [ -n "${WHOLE_JOB:-}" ] && consumers=1
  fresh_topic
  if [ "$SEND_MODE" = window ] || [ "$SEND_MODE" = familiar ]; then producers=1 per=$2 window=$1; fi
  local bound=(-C "$per")
  if [ -n "$DURATION" ]; then before=$(stored) bound=(); fi
  local line=(-n "$NS" -u "$TOPIC" --topic-setup predeclared --send-mode "$BB_MODE" -x "$producers"
    -y "$consumers" -s 1024 "${bound[@]}" -c "$window" -z 600)
  if [ "$SEND_MODE" = familiar ]; then
    line=(-n "$NS" -t "$TOPIC" -w "$1" -s 1024 -y "$consumers" "${bound[@]}" -z 600)
  fi
  timed "$WORK/bb.time" java -cp "$BB_CP" io.brokerbench.cli.Bench run rocketmq "${line[@]}" \
    ${BB_EXTRA:-} >"$WORK/bb.out" 2>&1
  report brokerbench "$1" "$(measured "$before" "$2")" \
    "$(grep -o '^sent [0-9]* ([0-9]* msg/s)' "$WORK/bb.out" | grep -o '([0-9]*' | tr -d '(' || echo "?")" \
    "$WORK/bb.time"
}

report() { # tool w messages tps time-file...; a run that stored nothing (it failed) shows "-" per message
  local cpu per_message=-
  cpu=$(cpu_seconds "${@:5}")
  [ "$3" -gt 0 ] && per_message=$(printf '%.1f' "$(echo "$cpu * 1000000 / $3" | bc -l)")
  printf '%-11s %-3s %10s %10s %14s %12s\n' "$1" "$2" "$3" "$4" "$cpu" "$per_message"
}

if [ -n "${WHOLE_JOB:-}" ] && [ -n "$DURATION" ]; then
  echo "WHOLE_JOB needs a message count, not a duration" >&2
  exit 2
fi
echo "flush $FLUSH, send mode $SEND_MODE, ${WHOLE_JOB:+producers and consumers, } ${DURATION:+runs of ${DURATION} s, }$ROUNDS round(s) per w (the order flips every round)"
printf '%-11s %-3s %10s %10s %14s %12s\n' tool w messages TPS "cpu s" "cpu us/msg"
for w in "${THREADS[@]}"; do
  total=$((MESSAGES / w * w)) # 0 with DURATION: counted afterwards
  for round in $(seq 1 "$ROUNDS"); do
    if [ $((round % 2)) -eq 1 ]; then
      run_tool "$w" "$total"; run_brokerbench "$w" "$total"
    else
      run_brokerbench "$w" "$total"; run_tool "$w" "$total"
    fi
  done
done
echo "last brokerbench report:"; tail -30 "$WORK/bb.out"

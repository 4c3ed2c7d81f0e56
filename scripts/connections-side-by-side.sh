#!/usr/bin/env bash
# Many idle connections, RabbitMQ PerfTest's NIO mode at its leanest against brokerbench, alternately,
# on a private RabbitMQ 4.0.5 node this script starts (scripts/rabbitmq4.sh, 127.0.0.1:5740 with its
# management API on 15740, the machine's open-files limit) and stops. Each run opens N connections with 2 channels each, holds
# them, and ends; both tools are measured the same way, from outside:
#
#   conn/s     connections opened per second: N over the time from the process's first socket to the
#              broker until it holds N (sampled every 0.2 s from ss)
#   heap/conn  KiB of live heap per connection: after a full collection (jcmd GC.run) when the
#              process holds N sockets, minus the same when it held its first, over N
#   rss/conn   KiB of resident memory (VmRSS) per connection, taken at the same two moments
#   rss/half   KiB of resident memory per connection over the second half: from holding N/2 (after
#              a full collection) to holding N, over N/2. What one more connection costs, without
#              the JVM's own growth while it warms up (JIT, heap first touched), which weighs most
#              at small N
#   threads    the process's threads while holding N
#
# PerfTest: -x N -y 0 -X 2 -r 0 --nio-threads 2 -hst 4 (NIO, 4 heartbeat threads: ANCHORS.md's
# "leanest"); above 10,000 without -hst (a heartbeat thread per connection, its default): its
# leanest opens 7 connections/s near 10,000 and does not reach 16,000 within 10 minutes.
# brokerbench: -x 0 -y 0 --connections N --connection-channels 2. Same JVM and options.
# The machine is noisy (2 cores shared with the broker): compare only figures from one invocation.
#
# Usage: scripts/connections-side-by-side.sh [-r ROUNDS] [-t RUN_TIMEOUT_S]
#   -r ROUNDS        rounds per size, each one PerfTest run and one brokerbench run (default 1;
#                    order flips every round)
#   -t RUN_TIMEOUT_S a run that has not opened N connections after this many seconds is killed and
#                    counted as failed (default 600)
# Environment: SIZES (connection counts, default "1000 5000 16000"; a node takes at most 17,910),
# PERFTEST_VERSION (default 2.22.1), PERFTEST_DIR, BENCH_JAR, JAVA, as in perftest-side-by-side.sh.
set -euo pipefail

ROUNDS=1
MESSAGES=1
RUN_TIMEOUT_S=600
# shellcheck source=run-options.sh
source "$(dirname "$0")/run-options.sh"
# shellcheck source=perftest-fetch.sh
source "$(dirname "$0")/perftest-fetch.sh"
parse_run_options "$@"

JAVA=${JAVA:-java}
SIZES=${SIZES:-1000 5000 16000}
NODE=bb-conn-sbs
PORT=5740
URI=amqp://guest:guest@127.0.0.1:$PORT
WORK=$(mktemp -d "${TMPDIR:-/tmp}/connections-side-by-side.XXXXXX")

for tool in ss timeout python3 "$JAVA"; do
  command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done
[[ -f "$BENCH_JAR" ]] || { echo "missing $BENCH_JAR: run ./mvnw -B -q install -DskipTests" >&2; exit 1; }
fetch_perftest
"$ROOT/scripts/rabbitmq4.sh" prepare >/dev/null
"$ROOT/scripts/rabbitmq4.sh" start "$NODE" "$PORT" "1$PORT" >/dev/null
trap '"$ROOT/scripts/rabbitmq4.sh" stop "$NODE" >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT

# Sockets of process $1 connected to the node.
sockets() {
  ss -Htnp state established "( dport = :$PORT )" 2>/dev/null | grep -c "pid=$1," || true
}

rss_kib() {
  awk '/^VmRSS:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0
}

threads() {
  awk '/^Threads:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0
}

# After a full collection (jcmd GC.run), the process's live heap and its resident memory, in KiB.
settled_memory() {
  timeout 60 jcmd "$1" GC.run >/dev/null 2>&1 || true
  local heap
  heap=$(timeout 60 jcmd "$1" GC.heap_info 2>/dev/null | grep -o 'used [0-9]*K' | head -1 | tr -dc 0-9)
  echo "${heap:-0} $(rss_kib "$1")"
}

# Runs "$@" in the background and watches it until it holds $N sockets; prints
# "conn/s heap-KiB/conn rss-KiB/conn rss-KiB/conn-second-half threads", or "failed" when it never
# got there. Memory is taken after a full collection when it holds its first socket, N/2 and N;
# the process is then stopped.
measure() {
  local n=$1; shift
  "$@" >"$WORK/out.txt" 2>&1 &
  local pid=$!
  local deadline=$((SECONDS + RUN_TIMEOUT_S)) t_first="" first="" half="" count
  # The tool is a java process under no wrapper: $pid is the JVM.
  while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do
    count=$(sockets "$pid")
    if [[ -z $t_first && $count -ge 1 ]]; then
      t_first=$(date +%s.%N)
      first=$(settled_memory "$pid")
    fi
    if [[ -z $half ]] && ((count >= n / 2)); then
      half=$(settled_memory "$pid")
    fi
    if ((count >= n)); then
      local t_all all thr
      t_all=$(date +%s.%N)
      thr=$(threads "$pid")
      all=$(settled_memory "$pid")
      kill -TERM "$pid" 2>/dev/null || true
      timeout 120 tail --pid="$pid" -f /dev/null || kill -9 "$pid" 2>/dev/null || true
      python3 -c "import sys; n,t0,t1,h0,r0,_,rh,h1,r1,th=map(float,sys.argv[1:]); print(f'{(n-1)/(t1-t0):.0f} {(h1-h0)/(n-1):.1f} {(r1-r0)/(n-1):.1f} {(r1-rh)/(n-n//2):.1f} {th:.0f}')" \
        "$n" "$t_first" "$t_all" $first $half $all "$thr"
      return
    fi
    sleep 0.2
  done
  kill -9 "$pid" 2>/dev/null || true
  echo "failed"
}

# Waits until the node holds no connection of an earlier run.
await_idle_node() {
  for _ in $(seq 1 120); do
    [[ $(ss -Htn state established "( sport = :$PORT )" | wc -l) -eq 0 ]] && return
    sleep 1
  done
}

perftest() {
  local n=$1 heartbeats=(-hst 4)
  ((n > 10000)) && heartbeats=()
  measure "$n" "$JAVA" -cp "$PERFTEST_DIR/lib/*" com.rabbitmq.perf.PerfTest -h "$URI" \
    -x "$n" -y 0 -X 2 -r 0 --nio-threads 2 "${heartbeats[@]}" -z 3600
}

brokerbench() {
  local n=$1
  measure "$n" "$JAVA" -jar "$BENCH_JAR" run amqp091 --uri "$URI" -x 0 -y 0 \
    --connections "$n" --connection-channels 2 -z 3600 --management-url "http://127.0.0.1:1$PORT"
}

printf '%-12s %6s %6s %8s %10s %10s %10s %8s\n' tool N round conn/s heap/conn rss/conn rss/half threads
for n in $SIZES; do
  for round in $(seq 1 "$ROUNDS"); do
    order=(perftest brokerbench)
    ((round % 2 == 0)) && order=(brokerbench perftest)
    for tool in "${order[@]}"; do
      await_idle_node
      read -r rate heap rss half thr _ <<<"$("$tool" "$n") - - - - -"
      printf '%-12s %6s %6s %8s %10s %10s %10s %8s\n' "$tool" "$n" "$round" "$rate" "$heap" "$rss" "$half" "$thr"
    done
  done
done

#!/usr/bin/env bash
# RocketMQ broker set-ups for the scenario studies: a name server and a broker (with a slave when
# replicating) in a background JVM of their own, run by brokerbench's RocketMqServer from the CLI's
# shaded jar. RocketMQ's benchmark compares four cluster modes: {async, sync} replication ×
# {async, sync} flush.
#
#   scripts/rocketmq.sh start NAME NAMESRV_PORT [--flush async|sync] [--replication none|async|sync]
#                                   name server on 127.0.0.1:NAMESRV_PORT (the brokers take free
#                                   ports), ready when it returns: a real send has succeeded
#   scripts/rocketmq.sh stop NAME [--now]   SIGTERM, then SIGKILL if it is still running after 30 s;
#                                           --now: SIGKILL at once (the store is thrown away anyway)
#
# Defaults: --flush async, --replication none. The store starts empty at each start. Clients need
# only the name server: -n 127.0.0.1:NAMESRV_PORT. BROKERBENCH_JAR (default
# the repository's bench-cli/target/bench-cli.jar, built by ./mvnw -pl bench-cli -am package) is the jar to run;
# JAVA (default java) the JVM. Each set-up keeps its pid file, console log, RocketMQ log and store
# in BROKERBENCH_ROCKETMQ_DIR (default /tmp/brokerbench-rocketmq)/NAME.
set -euo pipefail

JAR=${BROKERBENCH_JAR:-$(cd "$(dirname "$0")/.." && pwd)/bench-cli/target/bench-cli.jar}
JAVA=${JAVA:-java}
BASE=${BROKERBENCH_ROCKETMQ_DIR:-/tmp/brokerbench-rocketmq}
READY_SECONDS=120
STOP_SECONDS=30

die() { echo "rocketmq: $*" >&2; exit 1; }
log() { echo "rocketmq: $*" >&2; }

running() {
  [ -f "$1/pid" ] && kill -0 "$(cat "$1/pid")" 2>/dev/null
}

answers() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
  [ $# -ge 2 ] || die "usage: start NAME NAMESRV_PORT [--flush async|sync] [--replication none|async|sync]"
  local name=$1 port=$2 flush=async replication=none
  shift 2
  while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || die "$1 needs a value"
    case "$1" in
      --flush) flush=$2 ;;
      --replication) replication=$2 ;;
      *) die "unknown option $1 (--flush, --replication)" ;;
    esac
    shift 2
  done
  [[ $port =~ ^[0-9]+$ ]] || die "NAMESRV_PORT is a number, not '$port'"
  case "$flush" in async | sync) ;; *) die "--flush: async or sync, not '$flush'" ;; esac
  case "$replication" in none | async | sync) ;; *) die "--replication: none, async or sync, not '$replication'" ;; esac
  [ -f "$JAR" ] || die "no $JAR: build it (./mvnw -pl bench-cli -am package) or set BROKERBENCH_JAR"
  local dir=$BASE/$name
  ! running "$dir" || die "set-up $name already runs (pid $(cat "$dir/pid")): stop it first"
  ! answers "$port" || die "something already answers on 127.0.0.1:$port: choose another port"
  rm -rf "${dir:?}/store"
  mkdir -p "$dir"
  : > "$dir/console.log"
  # setsid: its own session, so the JVM outlives this script and a Ctrl-C of the caller.
  setsid nohup "$JAVA" -Xms256m -Xmx1g -XX:+UseG1GC \
    -Duser.home="$dir" -Dbrokerbench.rocketmq.log="$dir/rocketmq.log" \
    -cp "$JAR" io.brokerbench.rocketmq.embedded.RocketMqServer \
    --namesrv-port "$port" --flush "$flush" --replication "$replication" --dir "$dir/store" \
    >"$dir/console.log" 2>&1 < /dev/null &
  echo $! > "$dir/pid"
  local pid
  pid=$(cat "$dir/pid")
  for _ in $(seq 1 $((READY_SECONDS * 2))); do
    if grep -q '^ready namesrv=' "$dir/console.log"; then
      log "set-up $name: name server 127.0.0.1:$port, flush $flush, replication $replication (pid $pid, logs in $dir)"
      return
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$dir/pid"
      die "set-up $name exited: $(tail -3 "$dir/console.log")"
    fi
    sleep 0.5
  done
  stop "$name" >/dev/null 2>&1 || true
  die "set-up $name was not ready within $READY_SECONDS s: $(tail -3 "$dir/console.log")"
}

stop() {
  [ $# -eq 1 ] || [ $# -eq 2 ] && [ "${2:---now}" = --now ] || die "usage: stop NAME [--now]"
  local name=$1 dir=$BASE/$1 now=${2:-}
  if ! running "$dir"; then
    rm -f "$dir/pid"
    log "no set-up $name running"
    return
  fi
  local pid
  pid=$(cat "$dir/pid")
  if [ -n "$now" ]; then
    # The store starts empty at each start: nothing is lost by not shutting down cleanly (~16 s).
    kill -KILL "$pid" 2>/dev/null || true
    for _ in $(seq 1 20); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
  fi
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 $((STOP_SECONDS * 2))); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "set-up $name still running after $STOP_SECONDS s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$dir/pid"
  log "set-up $name stopped"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  *) die "usage: $0 start NAME NAMESRV_PORT [--flush async|sync] [--replication none|async|sync] | stop NAME [--now]" ;;
esac

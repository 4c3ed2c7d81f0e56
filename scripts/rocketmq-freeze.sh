#!/usr/bin/env bash
# Freezes a RocketMQ name server and broker (in a JVM of their own, SIGSTOP) under a bench run, by
# hand: the experiment behind the RocketMQ fault figures in docs/usage.md. Needs a built tree
# (./mvnw install): it runs bench-cli's test class RocketMqProcess and the CLI jar.
#   scripts/rocketmq-freeze.sh FREEZE_S AT_S DURATION RATE OUTDIR [more bench options]
#   scripts/rocketmq-freeze.sh 40 10 80s 1000 /tmp/freeze40 --send-timeout-ms 3000 -c 100
set -euo pipefail
[ $# -ge 5 ] || { echo "usage: $0 FREEZE_S AT_S DURATION RATE OUTDIR [bench options]" >&2; exit 2; }
freeze=$1 at=$2 duration=$3 rate=$4 out=$5
shift 5
cd "$(dirname "$0")/.."
work=$(mktemp -d)
mkfifo "$work/in"
java -cp bench-cli/target/test-classes:bench-cli/target/bench-cli.jar \
  io.brokerbench.cli.RocketMqProcess < "$work/in" > "$work/rocketmq.log" 2>&1 &
rocketmq=$!
exec 7>"$work/in"
cleanup() {
  exec 7>&- || true
  kill -CONT "$rocketmq" 2>/dev/null || true
  kill -9 "$rocketmq" 2>/dev/null || true
  store=$(awk '/^store /{print $2}' "$work/rocketmq.log")
  [ -n "$store" ] && rm -rf "$store"
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 60); do
  grep -q '^name server ' "$work/rocketmq.log" && break
  sleep 1
done
nameserver=$(awk '/^name server /{print $3}' "$work/rocketmq.log")
[ -n "$nameserver" ] || { echo "RocketMQ did not start:" >&2; cat "$work/rocketmq.log" >&2; exit 1; }
java -jar bench-cli/target/bench-cli.jar run rocketmq -n "$nameserver" -t bb-freeze -r "$rate" \
  -z "$duration" -o "$out" "$@" &
bench=$!
sleep "$at"
kill -STOP "$rocketmq"
sleep "$freeze"
kill -CONT "$rocketmq"
echo "froze RocketMQ for ${freeze} s at ${at} s"
wait "$bench"

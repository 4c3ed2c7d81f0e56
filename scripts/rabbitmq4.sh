#!/usr/bin/env bash
# RabbitMQ 4.0.5 beside the machine's RabbitMQ, never touching it: Debian trixie's packages
# unpacked into a cache folder (not installed; Erlang 27 pointed at the glibc unpacked with it),
# and private nodes with their own names, ports and data directories. With --version 3.10 a node
# runs the machine's own installed RabbitMQ 3.10 binaries and Erlang instead, still as a private
# node (own name, ports, data directory, env and plugins files), never the machine's node.
#
#   scripts/rabbitmq4.sh prepare                      download, unpack, patch (cached; checks the version)
#   scripts/rabbitmq4.sh start NAME PORT [MGMT_PORT] [OPTIONS]
#                                                     a private node on 127.0.0.1:PORT, ready when it
#                                                     returns; with MGMT_PORT also the management API
#                                                     there and Prometheus on PORT + 25000
#   scripts/rabbitmq4.sh stop NAME                    stops it (whatever its version)
#   scripts/rabbitmq4.sh ctl NAME ARGS…               rabbitmqctl of that node
#   scripts/rabbitmq4.sh policy NAME POLICY PATTERN DEFINITION_JSON [ARGS…]
#                                                     rabbitmqctl set_policy on that node (ARGS such
#                                                     as --apply-to queues); for mirrored classic
#                                                     queues on 3.10: '{"ha-mode":"all"}' (4.0 has
#                                                     no classic mirroring and refuses it)
#   scripts/rabbitmq4.sh signal NAME SIGNAL           sends SIGNAL to the node's Erlang VM: STOP
#                                                     freezes the broker, CONT thaws it, KILL kills it
#   scripts/rabbitmq4.sh cluster NAME PORT [--nodes N] [OPTIONS]
#                                                     NAME1..NAMEN (default 3) on PORT..PORT+N-1,
#                                                     joined into one cluster
#   scripts/rabbitmq4.sh stop-cluster NAME            stops NAME1..NAMEn, however many were started
#
# OPTIONS:
#   --version 4.0.5|3.10        the RabbitMQ to run (default 4.0.5)
#   --conf FILE                 lines appended to the node's generated rabbitmq.conf
#   --plugins P[,P…]            more plugins to enable, such as rabbitmq_amqp1_0 on 3.10
#   --advanced-config FILE      copied to the node's directory as advanced.config and used (both
#                               versions take RABBITMQ_ADVANCED_CONFIG_FILE as the full path, with
#                               its .config extension)
#
# Ports: AMQP on PORT, Erlang distribution on PORT + 20000, and, for a node with a management port
# (always in a cluster: PORT + 10000), the management API there and Prometheus
# (rabbitmq_prometheus, /metrics) on PORT + 25000. So 5682 → management 15682, Prometheus 30682.
#
# BROKERBENCH_CACHE (default ~/.cache/brokerbench) holds the unpacked broker; nodes keep their data
# and logs in BROKERBENCH_RABBITMQ4_NODES (default /tmp/brokerbench-rabbitmq4/NAME). Needs root for
# apt-get (downloads only) and patchelf.
set -euo pipefail

VERSION=4.0.5
CACHE=${BROKERBENCH_CACHE:-$HOME/.cache/brokerbench}
ROOT=$CACHE/rabbitmq-$VERSION
NODES=${BROKERBENCH_RABBITMQ4_NODES:-/tmp/brokerbench-rabbitmq4}
# The server the command runs: 4.0.5's unpacked one unless use_version says otherwise.
SERVER=$ROOT/usr/lib/rabbitmq/lib/rabbitmq_server-$VERSION
RUNNING=$VERSION
PACKAGES="rabbitmq-server erlang-base erlang-crypto erlang-eldap erlang-inets erlang-mnesia
  erlang-os-mon erlang-parsetools erlang-public-key erlang-runtime-tools erlang-ssl
  erlang-syntax-tools erlang-tools erlang-xmerl erlang-asn1 erlang-ftp erlang-tftp erlang-snmp
  libc6 libgcc-s1 libstdc++6 libtinfo6 zlib1g libssl3t64 libsystemd0 libcap2 liblz4-1 liblzma5
  libzstd1 libgcrypt20 libgpg-error0"

die() { echo "rabbitmq4: $*" >&2; exit 1; }
log() { echo "rabbitmq4: $*" >&2; }

erlang_env() {
  # 3.10 runs on the machine's own Erlang, already on the PATH.
  if [ "$RUNNING" = "$VERSION" ]; then
    export PATH=$ROOT/usr/lib/erlang/bin:$PATH
  fi
}

# Selects the server of version $1: 4.0.5 (unpacked by prepare) or 3.10 (the machine's).
use_version() {
  case "$1" in
    "$VERSION")
      RUNNING=$VERSION
      SERVER=$ROOT/usr/lib/rabbitmq/lib/rabbitmq_server-$VERSION
      ;;
    3.10 | 3.10.*)
      RUNNING=3.10
      SERVER=$(find /usr/lib/rabbitmq/lib -maxdepth 1 -name 'rabbitmq_server-3.10.*' 2>/dev/null | sort -V | tail -1)
      [ -n "$SERVER" ] && [ -x "$SERVER/sbin/rabbitmq-server" ] \
        || die "no RabbitMQ 3.10 installed (looked for /usr/lib/rabbitmq/lib/rabbitmq_server-3.10.*)"
      ;;
    *) die "unknown version '$1': 4.0.5 or 3.10" ;;
  esac
}

# The options of start and cluster, into OPT_*; the other arguments into ARGS.
OPT_VERSION=$VERSION
OPT_CONF=
OPT_ADVANCED=
OPT_NODES=
OPT_PLUGINS=
ARGS=()
parse_options() {
  ARGS=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --version | --conf | --advanced-config | --nodes | --plugins)
        [ $# -ge 2 ] || die "$1 needs a value"
        case "$1" in
          --version) OPT_VERSION=$2 ;;
          --conf)
            [ -f "$2" ] || die "--conf: no file $2"
            OPT_CONF=$(realpath "$2")
            ;;
          --advanced-config)
            [ -f "$2" ] || die "--advanced-config: no file $2"
            OPT_ADVANCED=$(realpath "$2")
            ;;
          --nodes)
            [[ $2 =~ ^[1-9]$ ]] || die "--nodes: a number of nodes from 1 to 9, not '$2'"
            OPT_NODES=$2
            ;;
          --plugins)
            [[ $2 =~ ^[a-z0-9_]+(,[a-z0-9_]+)*$ ]] || die "--plugins: plugin names separated by commas, not '$2'"
            OPT_PLUGINS=$2
            ;;
        esac
        shift 2
        ;;
      --*) die "unknown option $1 (--version, --conf, --advanced-config, --nodes, --plugins)" ;;
      *)
        ARGS+=("$1")
        shift
        ;;
    esac
  done
  use_version "$OPT_VERSION"
}

prepared() {
  [ -f "$ROOT/.prepared" ] && [ -x "$SERVER/sbin/rabbitmq-server" ] || return 1
  erlang_env
  [ "$(timeout 30 erl -noshell -eval 'io:format("~s", [erlang:system_info(otp_release)]), halt().' 2>/dev/null)" = 27 ]
}

mirror() {
  # The Debian mirror apt already uses, else the default one.
  local uri
  uri=$(grep -hoE '^URIs: *http[^ ]*/debian$' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1 | sed 's/^URIs: *//')
  echo "${uri:-http://deb.debian.org/debian}"
}

prepare() {
  if prepared; then
    log "RabbitMQ $VERSION ready in $ROOT"
    return
  fi
  command -v patchelf >/dev/null || {
    log "installing patchelf"
    timeout 300 apt-get install -y -qq --no-install-recommends patchelf >/dev/null \
      || die "patchelf is missing and could not be installed (apt-get install patchelf)"
  }
  local work
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/debs"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $(mirror) trixie main" > "$work/trixie.list"
  local options=(-o "Dir::Etc::SourceList=$work/trixie.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache")
  local apt=(apt-get -q "${options[@]}")
  log "downloading Debian trixie's rabbitmq-server and Erlang 27"
  timeout 300 "${apt[@]}" update >"$work/apt.log" 2>&1 || die "apt-get update for trixie failed: $(tail -3 "$work/apt.log")"
  local candidate
  candidate=$(apt-cache "${options[@]}" policy rabbitmq-server 2>/dev/null | awk '/Candidate:/ {print $2}' || true)
  case "$candidate" in
    "$VERSION"*) ;;
    *) die "trixie offers rabbitmq-server '$candidate', not $VERSION" ;;
  esac
  # shellcheck disable=SC2086
  (cd "$work/debs" && timeout 600 "${apt[@]}" download $PACKAGES >"$work/apt.log" 2>&1) \
    || die "downloading the packages failed: $(tail -3 "$work/apt.log")"
  rm -rf "$ROOT.tmp"
  mkdir -p "$ROOT.tmp"
  for deb in "$work"/debs/*.deb; do
    dpkg-deb -x "$deb" "$ROOT.tmp"
  done
  # Erlang 27 needs a newer glibc than the machine's: its executables load the unpacked one.
  local lib=$ROOT/usr/lib/x86_64-linux-gnu
  while IFS= read -r -d '' f; do
    [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] || continue
    if patchelf --print-interpreter "$f" >/dev/null 2>&1; then
      patchelf --set-interpreter "$lib/ld-linux-x86-64.so.2" "$f"
    fi
    patchelf --set-rpath "$lib" "$f"
  done < <(find "$ROOT.tmp/usr/lib/erlang" -type f -print0)
  # The paths are those the folder will have once moved to $ROOT.
  sed -i "s|ROOTDIR=\"\?/usr/lib/erlang\"\?|ROOTDIR=\"$ROOT/usr/lib/erlang\"|" \
    "$ROOT.tmp/usr/lib/erlang/bin/erl" "$ROOT.tmp"/usr/lib/erlang/erts-*/bin/erl
  rm -rf "$ROOT"
  mv "$ROOT.tmp" "$ROOT"
  touch "$ROOT/.prepared"
  prepared || die "the unpacked Erlang does not run (expected OTP 27 from $ROOT/usr/lib/erlang/bin/erl)"
  log "RabbitMQ $VERSION ready in $ROOT"
}

# The environment of node NAME; with a PORT (not 0) its configuration files are written too, so
# that rabbitmqctl (port 0) never rewrites a running node's listeners. With port 0 the version is
# the one the node was started with.
node_env() {
  local name=$1 port=$2 mgmt=${3:-}
  local dir=$NODES/$name
  mkdir -p "$dir/mnesia" "$dir/log"
  if [ "$port" = 0 ]; then
    [ ! -f "$dir/version" ] || use_version "$(cat "$dir/version")"
  else
    write_config "$dir" "$port" "$mgmt"
  fi
  erlang_env
  export RABBITMQ_NODENAME=$name@localhost
  export RABBITMQ_NODE_PORT=$port
  export RABBITMQ_DIST_PORT=$((port + 20000))
  export RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
  export RABBITMQ_MNESIA_BASE=$dir/mnesia
  export RABBITMQ_LOG_BASE=$dir/log
  export RABBITMQ_ENABLED_PLUGINS_FILE=$dir/enabled_plugins
  export RABBITMQ_CONFIG_FILE=$dir/rabbitmq.conf
  # The full path, extension included, for 3.10 and 4.0.5 alike; never the machine's
  # /etc/rabbitmq/advanced.config.
  export RABBITMQ_ADVANCED_CONFIG_FILE=$dir/advanced.config
  # Not the machine's /etc/rabbitmq/rabbitmq-env.conf, which belongs to its own RabbitMQ.
  export RABBITMQ_CONF_ENV_FILE=$dir/rabbitmq-env.conf
}

write_config() {
  local dir=$1 port=$2 mgmt=${3:-}
  {
    echo "listeners.tcp.1 = 127.0.0.1:$port"
    echo "loopback_users.guest = true"
    if [ -n "$mgmt" ]; then
      echo "management.tcp.ip = 127.0.0.1"
      echo "management.tcp.port = $mgmt"
      echo "prometheus.tcp.ip = 127.0.0.1"
      echo "prometheus.tcp.port = $((port + 25000))"
    fi
    if [ -n "$OPT_CONF" ]; then
      echo "# from $OPT_CONF"
      cat "$OPT_CONF"
      echo
    fi
  } > "$dir/rabbitmq.conf"
  local plugins=()
  [ -z "$mgmt" ] || plugins+=(rabbitmq_management rabbitmq_prometheus)
  [ -z "$OPT_PLUGINS" ] || plugins+=(${OPT_PLUGINS//,/ })
  echo "[$(IFS=,; echo "${plugins[*]}")]." > "$dir/enabled_plugins"
  if [ -n "$OPT_ADVANCED" ]; then
    cp "$OPT_ADVANCED" "$dir/advanced.config"
  else
    echo '[].' > "$dir/advanced.config"
  fi
  echo "$RUNNING" > "$dir/version"
  : > "$dir/rabbitmq-env.conf"
}

answers() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start_command() {
  parse_options "$@"
  [ ${#ARGS[@]} -ge 2 ] && [ ${#ARGS[@]} -le 3 ] && [ -z "$OPT_NODES" ] \
    || die "usage: start NAME PORT [MGMT_PORT] [--version 4.0.5|3.10] [--conf FILE] [--advanced-config FILE]"
  start "${ARGS[@]}"
}

# Starts node NAME on PORT (management on MGMT_PORT and Prometheus on PORT + 25000 when given) with
# the parsed options.
start() {
  local name=$1 port=$2 mgmt=${3:-}
  [[ $port =~ ^[0-9]+$ ]] && [[ $mgmt =~ ^[0-9]*$ ]] || die "ports are numbers: '$port' '$mgmt'"
  if [ "$RUNNING" = "$VERSION" ]; then
    prepared || die "RabbitMQ $VERSION is not prepared: run $0 prepare"
  fi
  local p
  for p in "$port" ${mgmt:+"$mgmt" $((port + 25000))}; do
    ! answers "$p" || die "something already answers on 127.0.0.1:$p: choose another port"
  done
  local dir=$NODES/$name
  # Data left by another version would make the node refuse to boot (or upgrade it): start afresh.
  if [ -f "$dir/version" ] && [ "$(cat "$dir/version")" != "$RUNNING" ]; then
    rm -rf "${dir:?}/mnesia"
  fi
  node_env "$name" "$port" "$mgmt"
  # As many open files as the hard limit allows (20,000 on these machines): one per connection.
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  setsid nohup "$SERVER/sbin/rabbitmq-server" >"$dir/log/console.log" 2>&1 < /dev/null &
  echo $! > "$dir/pid"
  # Ready once the node's own console (written afresh by this start) says its boot completed and
  # its port answers. Not asked with rabbitmqctl: each call boots an Erlang VM, which on a machine
  # busy with a build took longer than its 20 s bound three times running while the node had been
  # up for minutes, and the test starting it gave up.
  local console=$dir/log/console.log
  for _ in $(seq 1 120); do
    if grep -q "Starting broker\.\.\. completed" "$console" 2>/dev/null && answers "$port"; then
      local reported
      reported=$(grep -o -m 1 "RabbitMQ [0-9][0-9.]*[0-9]" "$console" | cut -d' ' -f2)
      [ "$reported" = "$RUNNING" ] || [[ $reported == "$RUNNING".* ]] \
        || die "the node on $port reports version '$reported', not $RUNNING"
      log "node $name@localhost (RabbitMQ $reported) on 127.0.0.1:$port${mgmt:+, management on $mgmt, Prometheus on $((port + 25000))}${OPT_CONF:+, conf + $OPT_CONF}${OPT_ADVANCED:+, advanced.config from $OPT_ADVANCED}"
      return
    fi
    kill -0 "$(cat "$dir/pid")" 2>/dev/null || die "node $name exited: $(tail -5 "$dir/log/console.log")"
    sleep 1
  done
  die "node $name did not start within 120 s: $(tail -5 "$dir/log/console.log")"
}

stop() {
  [ $# -ge 1 ] || die "usage: stop NAME"
  local name=$1 dir=$NODES/$1
  [ -f "$dir/pid" ] || { log "no node $name"; return; }
  node_env "$name" 0
  timeout 60 "$SERVER/sbin/rabbitmqctl" -q stop >/dev/null 2>&1 || true
  local pid
  pid=$(cat "$dir/pid")
  for _ in $(seq 1 30); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  kill -9 -- "-$pid" 2>/dev/null || kill -9 "$pid" 2>/dev/null || true
  rm -f "$dir/pid"
  log "node $name stopped"
}

ctl() {
  [ $# -ge 1 ] || die "usage: ctl NAME ARGS…"
  local name=$1
  shift
  node_env "$name" 0
  exec timeout 60 "$SERVER/sbin/rabbitmqctl" "$@"
}

# A policy on node NAME (and so on its cluster), such as mirrored classic queues on 3.10.
policy() {
  [ $# -ge 4 ] || die "usage: policy NAME POLICY PATTERN DEFINITION_JSON [ARGS…]"
  local name=$1
  shift
  ctl "$name" set_policy "$@"
}

# The node's Erlang VM (beam.smp) gets SIGNAL: the fault a test or a study injects.
signal() {
  [ $# -ge 2 ] || die "usage: signal NAME SIGNAL"
  local name=$1 sig=$2 dir=$NODES/$1
  [ -f "$dir/pid" ] || die "no node $name"
  local beam
  # The node runs in its own session (setsid), whose id is the pid kept at start.
  beam=$(pgrep -s "$(cat "$dir/pid")" -x beam.smp | head -1 || true)
  [ -n "$beam" ] || die "node $name has no running Erlang VM"
  kill "-$sig" "$beam" || die "could not send $sig to node $name (pid $beam)"
}

# A cluster of N nodes (default 3) NAME1..NAMEN on PORT..PORT+N-1 (management on each port + 10000,
# Prometheus on each port + 25000), each started from an empty data directory; the others join
# NAME1.
cluster() {
  parse_options "$@"
  [ ${#ARGS[@]} -eq 2 ] \
    || die "usage: cluster NAME PORT [--nodes N] [--version 4.0.5|3.10] [--conf FILE] [--advanced-config FILE]"
  local name=${ARGS[0]} port=${ARGS[1]} nodes=${OPT_NODES:-3} i
  for i in $(seq 1 "$nodes"); do
    rm -rf "${NODES:?}/$name$i/mnesia"
    start "$name$i" $((port + i - 1)) $((port + i - 1 + 10000))
  done
  for i in $(seq 2 "$nodes"); do
    node_env "$name$i" 0
    timeout 60 "$SERVER/sbin/rabbitmqctl" -q stop_app >/dev/null
    timeout 60 "$SERVER/sbin/rabbitmqctl" -q join_cluster "${name}1@localhost" >/dev/null \
      || die "node $name$i did not join ${name}1@localhost"
    timeout 60 "$SERVER/sbin/rabbitmqctl" -q start_app >/dev/null
  done
  log "cluster of $nodes nodes ${name}1..${name}$nodes (RabbitMQ $RUNNING) on 127.0.0.1:$port-$((port + nodes - 1))"
}

# Stops NAME1, NAME2, … as far as their directories go (a cluster of any size).
stop_cluster() {
  [ $# -eq 1 ] || die "usage: stop-cluster NAME"
  local i=1
  while [ -d "$NODES/$1$i" ]; do
    [ ! -f "$NODES/$1$i/pid" ] || stop "$1$i"
    i=$((i + 1))
  done
  [ "$i" -gt 1 ] || log "no cluster $1"
}

case "${1:-}" in
  prepare) prepare ;;
  start) shift; start_command "$@" ;;
  stop) shift; stop "$@" ;;
  ctl) shift; ctl "$@" ;;
  policy) shift; policy "$@" ;;
  signal) shift; signal "$@" ;;
  cluster) shift; cluster "$@" ;;
  stop-cluster) shift; stop_cluster "$@" ;;
  *) die "usage: $0 prepare | start NAME PORT [MGMT_PORT] [OPTIONS] | stop NAME | ctl NAME ARGS… | policy NAME POLICY PATTERN DEFINITION_JSON [ARGS…] | signal NAME SIGNAL | cluster NAME PORT [--nodes N] [OPTIONS] | stop-cluster NAME
  OPTIONS: --version 4.0.5|3.10, --conf FILE, --advanced-config FILE" ;;
esac

# Sourced by the side-by-side scripts: parse_run_options parses -r ROUNDS -n MESSAGES
# -t RUN_TIMEOUT_S into those variables (the caller sets the defaults first) and, on a bad option,
# prints the caller's header comment as its usage and exits 2.
parse_run_options() {
  local opt OPTIND n
  while getopts "r:n:t:" opt; do
    case "$opt" in
      r) ROUNDS=$OPTARG ;;
      n) MESSAGES=$OPTARG ;;
      t) RUN_TIMEOUT_S=$OPTARG ;;
      *) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
    esac
  done
  for n in "$ROUNDS" "$MESSAGES" "$RUN_TIMEOUT_S"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "not a positive integer: $n" >&2; exit 2; }
  done
}

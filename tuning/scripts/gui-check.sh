#!/usr/bin/env bash
# Replays every GUI/harness transcript (tests/gui.rs, tests/protocol.rs) and,
# where XBoard and uci2wb are installed (apt-get install xboard uci2wb xvfb
# fairy-stockfish), plays a short XBoard match through uci2wb in both its
# dialects against Fairy-Stockfish, XBoard refereeing.
#   tuning/scripts/gui-check.sh [GAMES]     (default 2 games per dialect)
# PONDER=1 turns pondering on: uci2wb 4.1 then loses an opponent's move now
# and then (a stalled game, lost on time under -autoflag; see README).
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-2}
cargo test --profile ci --test gui --test protocol
cargo build --release
export PATH="$PATH:/usr/games"
if ! command -v xboard >/dev/null || ! command -v uci2wb >/dev/null || ! command -v xvfb-run >/dev/null; then
  echo "xboard/uci2wb/xvfb-run not installed: XBoard match skipped"
  exit 0
fi
fsf=$(command -v fairy-stockfish || true)
[ -n "$fsf" ] || { echo "fairy-stockfish not installed: XBoard match skipped"; exit 0; }
engine="$PWD/target/release/chariot"
ponder=-xponder
[ "${PONDER:-0}" = 1 ] && ponder=-ponder
out=$(mktemp -d)
status=0
for flag in c x; do
  pgn="$out/xboard-$flag.pgn"
  # Engine options go by the dialect's name (UCCI names are lower case).
  rule="RepetitionRule=asian"
  [ "$flag" = x ] && rule="repetitionrule=asian"
  # XBoard waits after the match under -noGUI: stop it once the games are saved.
  xvfb-run -a xboard -noGUI -variant xiangqi -testLegality true -repeatsToDraw 3 \
    -fcp "uci2wb debug -$flag $engine" -fd "$out" -firstOptions "$rule" \
    -scp "$fsf" -sd "$out" -mg "$games" -tc 0:10 -inc 0.1 "$ponder" -autoflag \
    -sgf "$pgn" -debug -nameOfDebugFile "$out/xboard-$flag.debug" >"$out/xboard-$flag.out" 2>&1 &
  pid=$!
  for _ in $(seq 1 $((games * 120))); do
    sleep 1
    [ "$(cat "$pgn" 2>/dev/null | grep -c '^\[Result' || true)" -ge "$games" ] && break
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  played=$(cat "$pgn" 2>/dev/null | grep -c '^\[Result' || true)
  bad=$(cat "$pgn" "$out/xboard-$flag.debug" 2>/dev/null |
    grep -ciE 'illegal move|forfeit|loses on time|exited unexpectedly' || true)
  echo "uci2wb -$flag: $played games, $bad forfeit/illegal-move lines; results:"
  grep -oE '\{[^{}]*\} (1-0|0-1|1/2-1/2)' "$pgn" | sort | uniq -c || true
  if [ "$played" -lt "$games" ] || [ "$bad" -gt 0 ]; then status=1; fi
done
echo "logs in $out"
exit $status

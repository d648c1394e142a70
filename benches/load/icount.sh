#!/usr/bin/env bash
# Instructions one request costs the service in process, counted by callgrind: each request of
# requests.txt (or those named as arguments) is run through `App::handle` 1 and 1 + N times by
# `bare --repeat`, and the difference is divided by N, so start-up and the first request's
# warm-up drop out. Instruction counts do not move with other work on the machine, unlike
# timings, so they are the figure to compare before and after a change. Needs valgrind.
#
#   benches/load/icount.sh [NAME ...]        N (default 200) from the environment
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${N:-200}
export TOKEN_KEY=4c6f61642068617276657374206b65793a206e6f74206120736563726574210a
cargo build --release --quiet --example bare
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    mapfile -t names < <(grep -v '^#' benches/load/requests.txt | awk 'NF { print $1 }')
fi
count() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" target/release/examples/bare \
        --requests benches/load/requests.txt --repeat "$1" "$2" 2>&1 |
        awk '/Collected :/ { print $NF }'
    rm -f "$out"
}
printf '%-12s %14s\n' request instructions
for name in "${names[@]}"; do
    one=$(count "$name" 1)
    many=$(count "$name" $((N + 1)))
    printf '%-12s %14d\n' "$name" $(((many - one) / N))
done

#!/usr/bin/env bash
# Instructions one request costs the service in process, counted by callgrind: each request of
# requests.txt (or those named as arguments) is run through `App::handle` 1 and 1 + N times by
# `bare --repeat`, and the difference is divided by N, so start-up and the first request's
# warm-up drop out. Instruction counts do not move with other work on the machine, unlike
# timings, so they are the figure to compare before and after a change. Needs valgrind.
#
#   benches/load/icount.sh [NAME ...]        N (default 200) from the environment
#   benches/load/icount.sh --check           every request against its ceiling in
#                                            benches/load/icount-ceilings.txt; exit 1 if over
#
# `--check` is CI's regression guard (.ci/load.sh): deterministic where a timing is not, with
# a margin wide enough for the day-to-day drift the ceilings file describes. It installs
# valgrind with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${N:-200}
export TOKEN_KEY=4c6f61642068617276657374206b65793a206e6f74206120736563726574210a
ceilings=benches/load/icount-ceilings.txt
check=false
if [ "${1:-}" = --check ]; then
    check=true
    shift
fi
mapfile -t all < <(grep -v '^#' benches/load/requests.txt | awk 'NF { print $1 }')
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    names=("${all[@]}")
fi
if $check; then
    for name in "${all[@]}"; do
        grep -q "^$name " "$ceilings" || {
            echo "icount.sh: $name (benches/load/requests.txt) has no ceiling in $ceilings" >&2
            exit 1
        }
    done
    if ! command -v valgrind >/dev/null; then
        echo "== installing valgrind"
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo=sudo
        $sudo apt-get update -qq && $sudo apt-get install -y -qq valgrind >/dev/null
    fi
fi
cargo build --release --quiet --example bare
count() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" target/release/examples/bare \
        --requests benches/load/requests.txt --repeat "$1" "$2" 2>&1 |
        awk '/Collected :/ { print $NF }'
    rm -f "$out"
}
over=0
if $check; then
    printf '%-12s %14s %10s\n' request instructions ceiling
else
    printf '%-12s %14s\n' request instructions
fi
for name in "${names[@]}"; do
    one=$(count "$name" 1)
    many=$(count "$name" $((N + 1)))
    per=$(((many - one) / N))
    if ! $check; then
        printf '%-12s %14d\n' "$name" "$per"
        continue
    fi
    ceiling=$(awk -v n="$name" '$1 == n { print $2 }' "$ceilings")
    mark=""
    if ((per > ceiling)); then
        mark="  over its ceiling"
        over=$((over + 1))
    fi
    printf '%-12s %14d %10d%s\n' "$name" "$per" "$ceiling" "$mark"
done
if ((over)); then
    echo "icount.sh: $over request(s) cost more instructions than their ceiling ($ceilings says what to do)" >&2
    exit 1
fi

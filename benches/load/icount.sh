#!/usr/bin/env bash
# Instructions one request costs the service in process, counted by callgrind: each request of
# requests.txt (or those named as arguments) is run through `App::handle` 1 and 1 + N times by
# `bare --repeat`, and the difference is divided by N, so start-up and the first request's
# warm-up drop out. Only `App::handle` and dropping its response are counted (callgrind's
# `--toggle-collect` on `bare`'s `counted_*` functions), not the harness building the request,
# which is hyper's parsing on a socket (before stop 61 that was about 2,200 of every count). Instruction counts do not move with other work on the machine, unlike
# timings, so they are the figure to compare before and after a change. Needs valgrind.
#
# Each request is counted twice: as the service runs by default, where a search asked again
# is served from the search page cache, and with the cache off (`bare --search-cache-kib 0`),
# where every search is rendered, as a search nobody asked lately is. Requests without a
# search count the same both ways.
#
#   benches/load/icount.sh [NAME ...]        N (default 200) from the environment
#   benches/load/icount.sh --check           every request against its two ceilings in
#                                            benches/load/icount-ceilings.txt; exit 1 if over
#
# `--check` is CI's regression guard (.ci/load.sh): deterministic where a timing is not, with
# a margin wide enough for the day-to-day drift the ceilings file describes. A cached count
# over its ceiling is counted once more, in a new process, and the lower stands (see below).
# It installs valgrind with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Where cargo puts the binaries: `CARGO_TARGET_DIR` if set (a worktree sharing a build), else
# ./target.
BIN=${CARGO_TARGET_DIR:-target}/release
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
        awk -v n="$name" '$1 == n && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ { found = 1 }
            END { exit !found }' "$ceilings" || {
            echo "icount.sh: $name (benches/load/requests.txt) has no two ceilings (cached, cache off) in $ceilings" >&2
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
cargo build --release --quiet -p load-harness --bin bare
# count NAME RUNS [BARE_ARGS...]
count() {
    local out
    out=$(mktemp)
    # Only inside `bare`'s `counted_poll` (the service's future) and `counted_drop` (its
    # response): the harness building each request and the runtime around it are not counted.
    valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no \
        --toggle-collect='bare::counted_*' "$BIN"/bare \
        --requests benches/load/requests.txt "${@:3}" --repeat "$1" "$2" 2>&1 |
        awk '/Collected :/ { print $NF }'
    rm -f "$out"
}
# per NAME [BARE_ARGS...]: instructions a request
per() {
    local one many
    one=$(count "$1" 1 "${@:2}")
    many=$(count "$1" $((N + 1)) "${@:2}")
    # Nothing collected means the toggle matched no function (renamed, inlined, or bare failed):
    # a count of 0 would pass every ceiling, so it fails instead.
    if ! ((one > 0 && many > one)); then
        echo "icount.sh: $1 counted ${one:-nothing} and ${many:-nothing} instructions; is bare's counted_poll there, and does bare run?" >&2
        exit 1
    fi
    echo $(((many - one) / N))
}
over=0
if $check; then
    printf '%-12s %12s %10s %12s %10s\n' request cached ceiling 'cache off' ceiling
else
    printf '%-12s %12s %12s\n' request cached 'cache off'
fi
for name in "${names[@]}"; do
    cached=$(per "$name")
    cold=$(per "$name" --search-cache-kib 0)
    if ! $check; then
        printf '%-12s %12d %12d\n' "$name" "$cached" "$cold"
        continue
    fi
    read -r cached_ceiling cold_ceiling < <(awk -v n="$name" '$1 == n { print $2, $3 }' "$ceilings")
    # The search page cache's slots follow a hash seeded per process: a rare seed puts three
    # of a batch's searches in one pair of slots, and they are rendered on every repeat
    # (`api::page_cache`). So a cached count over its ceiling is taken again, in a new
    # process with a new seed, and the lower stands; a real regression is over in both.
    if ((cached > cached_ceiling)); then
        again=$(per "$name")
        echo "icount.sh: $name counted $cached cached, over $cached_ceiling; again with a new seed: $again" >&2
        ((again < cached)) && cached=$again
    fi
    mark=""
    if ((cached > cached_ceiling || cold > cold_ceiling)); then
        mark="  over its ceiling"
        over=$((over + 1))
    fi
    printf '%-12s %12d %10d %12d %10d%s\n' "$name" "$cached" "$cached_ceiling" "$cold" "$cold_ceiling" "$mark"
done
if ((over)); then
    echo "icount.sh: $over request(s) cost more instructions than their ceiling ($ceilings says what to do)" >&2
    exit 1
fi

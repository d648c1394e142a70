#!/usr/bin/env bash
# Instructions each server spends in user space on one request over a real socket, hyper
# and tokio included, counted by callgrind: the service and the bare reference server are
# each started under callgrind, sent 300 requests to warm up, then the counters are zeroed,
# N more requests are sent one after another on one keep-alive connection (seq_client.py),
# and the counters are dumped. What the kernel does is not counted; it is the same for both
# servers. icount.sh counts `App::handle` alone, in process; this counts everything the
# process does per request, so it shows costs outside the handler (hyper's timers, the
# connection's accounting) that icount.sh cannot. Needs valgrind and python3.
#
#   benches/load/icount-socket.sh [NAME ...]     N (default 2000) from the environment
#
# SERVICE_ARGS adds flags to the service, such as `--search-cache-kib 0` to count every search
# rendered (by default a repeated search comes from the search page cache).
set -euo pipefail
cd "$(dirname "$0")/../.."
# Where cargo puts the binaries: `CARGO_TARGET_DIR` if set (a worktree sharing a build), else
# ./target.
BIN=${CARGO_TARGET_DIR:-target}/release
HERE=benches/load
N=${N:-2000}
PORT=${PORT:-18091}
export TOKEN_KEY=4c6f61642068617276657374206b65793a206e6f74206120736563726574210a
cargo build --release --quiet --bin consultancy-api
cargo build --release --quiet -p load-harness --bin bare
read -r -a service_args <<<"${SERVICE_ARGS:-}"
OUT=target/load/icount-socket
mkdir -p "$OUT"
REQUESTS="$OUT/requests.txt"
"$BIN"/bare --requests "$HERE/requests.txt" --resolve >"$REQUESTS"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    names=(services service categories questions search-1 search-3 category score)
fi

# A bearer token for the export, from the service run natively for a moment: both servers
# verify tokens with the same TOKEN_KEY, and neither run under callgrind needs to issue one.
export_token() {
    local pid registered id secret
    "$BIN"/consultancy-api --listen "127.0.0.1:$PORT" 2>/dev/null &
    pid=$!
    for _ in $(seq 100); do
        curl -fs -o /dev/null "http://127.0.0.1:$PORT/v1" && break
        sleep 0.1
    done
    registered=$(curl -fs -H 'content-type: application/json' -d '{"client_name":"icount"}' \
        "http://127.0.0.1:$PORT/oauth/register")
    id=$(sed -n 's/.*"client_id":"\([^"]*\)".*/\1/p' <<<"$registered")
    secret=$(sed -n 's/.*"client_secret":"\([^"]*\)".*/\1/p' <<<"$registered")
    curl -fs -d "grant_type=client_credentials&client_id=$id&client_secret=$secret" \
        "http://127.0.0.1:$PORT/oauth/token" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p'
    kill "$pid"
    wait "$pid" 2>/dev/null || true
}

# count SERVER METHOD PATH BODY [TOKEN]: instructions per request
count() {
    local server=$1 method=$2 path=$3 body=$4 token=${5:-} out="$OUT/callgrind.$1" pid
    rm -f "$out".*
    if [ "$server" = service ]; then
        valgrind --tool=callgrind --callgrind-out-file="$out.%p" "$BIN"/consultancy-api \
            --listen "127.0.0.1:$PORT" --rate-limit 1000000000 "${service_args[@]}" 2>"$OUT/$server.log" &
    else
        valgrind --tool=callgrind --callgrind-out-file="$out.%p" "$BIN"/bare \
            --listen "127.0.0.1:$PORT" --requests "$HERE/requests.txt" 2>"$OUT/$server.log" &
    fi
    pid=$!
    for _ in $(seq 200); do
        curl -fs -o /dev/null "http://127.0.0.1:$PORT/v1/services" && break
        sleep 0.2
    done
    python3 "$HERE/seq_client.py" "$PORT" "$method" "$path" "$body" 300 $token
    callgrind_control -z "$pid" >/dev/null 2>&1
    python3 "$HERE/seq_client.py" "$PORT" "$method" "$path" "$body" "$N" $token
    callgrind_control -d "$pid" >/dev/null 2>&1
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    # The dump made after the requests is the one with the most instructions.
    local total
    total=$(cat "$out".* | awk '/^(summary|totals):/ { if ($2 > max) max = $2 } END { print max + 0 }')
    echo $((total / N))
}

printf '%-12s %18s %14s %12s\n' request service bare difference
for name in "${names[@]}"; do
    read -r _ method path body < <(awk -v n="$name" '$1 == n' "$REQUESTS") || {
        echo "$0: no request named $name" >&2
        exit 2
    }
    token=
    [ "$path" = /v1/export ] && token=$(export_token)
    [ -n "${body:-}" ] && body="$HERE/$body" || body=-
    service=$(count service "$method" "$path" "$body" "$token")
    bare=$(count bare "$method" "$path" "$body" "$token")
    printf '%-12s %18d %14d %12d\n' "$name" "$service" "$bare" $((service - bare))
done

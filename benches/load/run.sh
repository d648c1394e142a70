#!/usr/bin/env bash
# The load harness: the service against a bare hyper server sending the same bytes, and the
# service under hostile load. Usage:
#
#   benches/load/run.sh [baseline|paced|hostile|all] [NAME ...]      (default: all)
#   benches/load/run.sh prepare          install wrk if missing, nothing else (.ci/prepare.sh)
#
# NAMEs (the first column of requests.txt) keep baseline and paced to those requests, for a
# longer run of a few (with ROUNDS).
#
# baseline  For every request in requests.txt, the service and the bare hyper 1.x reference
#           server (bare.rs: same runtime, the service's own responses computed once at
#           start-up) in alternating rounds. Each server is pinned to one core, wrk (one
#           thread, keep-alive connections) to the other; the best of ROUNDS rounds of
#           DURATION seconds counts. Prints req/s of both and the ratio, p50/p99 latency, and
#           CPU per request from the server process's /proc/PID/stat. Then the same rounds
#           taken in pairs (each service round with the bare round next to it in time, so a
#           drift of the host's speed falls on both): the median and the range of the pairs'
#           throughput ratios, and the median of their CPU ratios (bare's CPU a request over
#           the service's), which say more than one best round when the machine is noisy.
# paced     The tail at equal load. wrk saturates a server, so its latency is mostly the queue
#           and follows throughput. Here paced.rs, an open-loop client that counts each
#           request's latency from when it was due, asks both servers the same RATE (10000
#           req/s; or, if PACE is set, PACE times the service's throughput in a one-second wrk
#           round) over CONNECTIONS connections, in ROUNDS alternating rounds of DURATION
#           seconds after half a second of warm-up. Prints p50/p99/p99.9/max of the round with
#           the lowest p99 on each side, the ratio of those p99s and the median ratio over all
#           rounds, and the bursts of answers at least 1 ms late per second, over all rounds.
#           First, with no server running, paced.rs spins on each core for PROBE (5) seconds
#           and reports what the machine takes from a busy process: the gaps over 100 µs,
#           their total and the longest.
# hostile   The service alone. Normal wrk clients are measured in rounds that alternate
#           between no attack and an attack by attacker.rs: 4,000 silent connections and 10
#           zero-window HTTP/2 readers from other loopback addresses. The best round of each
#           side counts. Prints throughput kept, the p99 ratio and the server's resident
#           memory before, at its peak (VmHWM) and after.
#
# Environment: ROUNDS (7), DURATION (2, seconds), CONNECTIONS (32), SERVER_CPU (0),
# CLIENT_CPU (1), RATE (10000), PACE (unset), PROBE (5), PORT (18081), BARE_PORT (18082), METRICS_PORT (18083, the service's
# histogram of handler time, printed after the baseline table), HOSTILE_REQUESTS ("services search-2"),
# SILENT (4000), ZERO_WINDOW (10), ATTACK_RAMP (12, seconds of attack before a measured round,
# so the server's deadlines have fired and reconnections are going on), NICE (0; on a machine
# shared with other work, a negative value such as -10, as root, keeps their load out of the
# figures), SERVICE_ARGS (more flags for the service, such as `--search-cache-kib 0` to measure
# every search rendered, as one nobody asked lately is). Needs Linux (/proc, taskset) and wrk, which it installs from Debian's packages when
# missing. Results also go to target/load/.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Where cargo puts the binaries: `CARGO_TARGET_DIR` if set (a worktree sharing a build), else
# ./target.
BIN=${CARGO_TARGET_DIR:-target}/release

mode=${1:-all}
case "$mode" in baseline | paced | hostile | all | prepare) ;; *)
    echo "usage: $0 [baseline|paced|hostile|all|prepare] [NAME ...]" >&2
    exit 2
    ;;
esac
shift $(($# > 0 ? 1 : 0))
ONLY="$*"
for name in $ONLY; do
    awk -v n="$name" '$1 == n { found = 1 } END { exit !found }' benches/load/requests.txt || {
        echo "$0: no request named $name in benches/load/requests.txt" >&2
        exit 2
    }
done
ROUNDS=${ROUNDS:-7}
read -r -a service_args <<<"${SERVICE_ARGS:-}"
DURATION=${DURATION:-2}
CONNECTIONS=${CONNECTIONS:-32}
SERVER_CPU=${SERVER_CPU:-0}
CLIENT_CPU=${CLIENT_CPU:-1}
PORT=${PORT:-18081}
BARE_PORT=${BARE_PORT:-18082}
METRICS_PORT=${METRICS_PORT:-18083}
HOSTILE_REQUESTS=${HOSTILE_REQUESTS:-services search-2}
SILENT=${SILENT:-4000}
ZERO_WINDOW=${ZERO_WINDOW:-10}
ATTACK_RAMP=${ATTACK_RAMP:-12}
NICE=${NICE:-0}
RATE=${RATE:-10000}
PACE=${PACE:-}
PROBE=${PROBE:-5}
HERE=benches/load
OUT=target/load
mkdir -p "$OUT"
# Both servers sign with this key, so the export token works on each.
export TOKEN_KEY=4c6f61642068617276657374206b65793a206e6f74206120736563726574210a
CLK_TCK=$(getconf CLK_TCK)

if ! command -v wrk >/dev/null; then
    echo "== installing wrk"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq && $sudo apt-get install -y -qq wrk >/dev/null
fi
[ "$mode" != prepare ] || exit 0
# 4,000 silent connections need as many descriptors, in the server and in the attacker.
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

echo "== building"
cargo build --release --quiet --bin consultancy-api
cargo build --release --quiet -p load-harness
# requests.txt with each `cursor=@N` (page N of a cursor walk) filled in by bare.rs, which
# walks the query in process; cursors are fixed for a build, so the service takes them too.
REQUESTS="$OUT/requests.txt"
"$BIN"/bare --requests "$HERE/requests.txt" --resolve >"$REQUESTS"
# What baseline and paced measure: every request, or those named (hostile has its own list).
MEASURED="$OUT/measured.txt"
awk -v only="$ONLY" 'BEGIN { n = split(only, names, " "); for (i = 1; i <= n; i++) keep[names[i]] = 1 }
    n == 0 || keep[$1]' "$REQUESTS" >"$MEASURED"

pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
trap cleanup EXIT

wait_for() {
    for _ in $(seq 100); do
        curl -fs -o /dev/null "$1" && return 0
        sleep 0.1
    done
    echo "no answer from $1" >&2
    exit 1
}

start_service() {
    nice -n "$NICE" taskset -c "$SERVER_CPU" "$BIN"/consultancy-api --listen "127.0.0.1:$PORT" \
        --rate-limit 1000000000 --metrics-listen "127.0.0.1:$METRICS_PORT" "${service_args[@]}" 2>"$OUT/service.log" &
    service_pid=$!
    pids+=("$service_pid")
    wait_for "http://127.0.0.1:$PORT/v1"
}

start_bare() {
    nice -n "$NICE" taskset -c "$SERVER_CPU" "$BIN"/bare --listen "127.0.0.1:$BARE_PORT" \
        --requests "$HERE/requests.txt" 2>"$OUT/bare.log" &
    bare_pid=$!
    pids+=("$bare_pid")
    wait_for "http://127.0.0.1:$BARE_PORT/v1/services"
}

stop() {
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

# A bearer token from the service's own OAuth endpoints.
export_token() {
    local registered id secret
    registered=$(curl -fs -H 'content-type: application/json' -d '{"client_name":"load harness"}' \
        "http://127.0.0.1:$PORT/oauth/register")
    id=$(sed -n 's/.*"client_id":"\([^"]*\)".*/\1/p' <<<"$registered")
    secret=$(sed -n 's/.*"client_secret":"\([^"]*\)".*/\1/p' <<<"$registered")
    curl -fs -d "grant_type=client_credentials&client_id=$id&client_secret=$secret" \
        "http://127.0.0.1:$PORT/oauth/token" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p'
}

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
status_kib() { awk -v f="$2:" '$1 == f { print $2 }' "/proc/$1/status"; }

# One wrk round: prints "req/s p50_us p99_us cpu_us_per_request non_2xx_3xx".
# Arguments: server pid, port, method, path, body file (or -), seconds.
round() {
    local pid=$1 port=$2 method=$3 path=$4 body=$5 seconds=$6 before after output
    local args=(-t1 "-c$CONNECTIONS" "-d${seconds}s" --latency)
    [ "$method" = POST ] && args+=(-s "$HERE/post.lua")
    [ "$path" = /v1/export ] && args+=(-H "Authorization: Bearer $TOKEN")
    before=$(cpu_ticks "$pid")
    output=$(WRK_BODY="$HERE/$body" nice -n "$NICE" taskset -c "$CLIENT_CPU" wrk "${args[@]}" "http://127.0.0.1:$port$path")
    after=$(cpu_ticks "$pid")
    awk -v ticks=$((after - before)) -v hz="$CLK_TCK" '
        function us(v) {
            if (v ~ /us$/) return v + 0
            if (v ~ /ms$/) return (v + 0) * 1000
            return (v + 0) * 1000000
        }
        $1 == "50%" { p50 = us($2) }
        $1 == "99%" { p99 = us($2) }
        / requests in / { n = $1 }
        /^Requests\/sec:/ { rps = $2 }
        /Non-2xx or 3xx responses:/ { bad = $NF }
        END { printf "%.0f %.0f %.0f %.2f %d\n", rps, p50, p99, n ? ticks * 1e6 / hz / n : 0, bad }
    ' <<<"$output"
}

# The best (highest req/s) of a list of round lines.
best() { sort -k1,1nr | head -1; }

# Rounds in pairs, one per line: a service round's five fields, then the bare round's next to
# it in time. Prints "median (lowest-highest) | median" of the pairs' throughput ratios
# (service over bare) and CPU ratios (bare's CPU a request over the service's: above 1 means
# the service spends less).
pairs() {
    awk '
        function median(v, n,   i, j, t) {
            for (i = 2; i <= n; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
            return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
        }
        $6 > 0 && $4 > 0 { n++; r[n] = $1 / $6; c[n] = $9 / $4 }
        END {
            if (!n) { print "- | -"; exit }
            m = median(r, n); lo = r[1]; hi = r[n]
            printf "%.2f (%.2f-%.2f) | %.2f", m, lo, hi, median(c, n)
        }'
}

machine() {
    echo "Machine: $(nproc) cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)," \
        "Linux $(uname -r), $(wrk --version 2>&1 | head -1 | awk '{ print $1, $2 }'), commit" \
        "$(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(date -u +%Y-%m-%d)." \
        "Server on core $SERVER_CPU, wrk (1 thread, $CONNECTIONS connections) on core $CLIENT_CPU;" \
        "best of $ROUNDS rounds of ${DURATION} s; nice $NICE${SERVICE_ARGS:+; service flags: $SERVICE_ARGS}."
}

baseline() {
    start_service
    start_bare
    TOKEN=$(export_token)
    local report="$OUT/baseline.md"
    {
        machine
        echo
        echo "| request | service req/s | bare req/s | ratio | p50 µs service / bare | p99 µs service / bare | CPU µs/request service / bare | paired ratio: median (range) | paired CPU ratio: median |"
        echo "|---|---|---|---|---|---|---|---|---|"
    } | tee "$report"
    while read -r name method path body; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        body=${body:--}
        round "$service_pid" "$PORT" "$method" "$path" "$body" 1 >/dev/null
        round "$bare_pid" "$BARE_PORT" "$method" "$path" "$body" 1 >/dev/null
        local service_rounds="" bare_rounds="" r
        for r in $(seq "$ROUNDS"); do
            # Alternate which server goes first, so neither always follows the other.
            if ((r % 2)); then
                service_rounds+=$(round "$service_pid" "$PORT" "$method" "$path" "$body" "$DURATION")$'\n'
                bare_rounds+=$(round "$bare_pid" "$BARE_PORT" "$method" "$path" "$body" "$DURATION")$'\n'
            else
                bare_rounds+=$(round "$bare_pid" "$BARE_PORT" "$method" "$path" "$body" "$DURATION")$'\n'
                service_rounds+=$(round "$service_pid" "$PORT" "$method" "$path" "$body" "$DURATION")$'\n'
            fi
        done
        read -r s_rps s_p50 s_p99 s_cpu s_bad <<<"$(best <<<"$service_rounds")"
        read -r b_rps b_p50 b_p99 b_cpu b_bad <<<"$(best <<<"$bare_rounds")"
        [ "$s_bad" -eq 0 ] || [[ $name == *-404 ]] || echo "warning: $name: $s_bad responses from the service were not 2xx/3xx" >&2
        local paired
        paired=$(paste -d' ' <(grep . <<<"$service_rounds") <(grep . <<<"$bare_rounds") | pairs)
        awk -v n="$name" -v sr="$s_rps" -v br="$b_rps" -v s50="$s_p50" -v b50="$b_p50" \
            -v s99="$s_p99" -v b99="$b_p99" -v sc="$s_cpu" -v bc="$b_cpu" -v paired="$paired" 'BEGIN {
            printf "| %s | %d | %d | %.2f | %d / %d | %d / %d | %.1f / %.1f | %s |\n",
                n, sr, br, br ? sr / br : 0, s50, b50, s99, b99, sc, bc, paired
        }' | tee -a "$report"
    done <"$MEASURED"
    handler_times | tee -a "$report"
    stop "$bare_pid"
    stop "$service_pid"
}

# Where the tail is: the service's own histogram of handler time (from the request's arrival
# in App::handle to its response, so routing, the limiter, the work and the headers), over
# every request of the run, against the p99 wrk saw over the socket. The bucket bounds are
# the histogram's (25, 50, 100, 250 µs, ...); a quantile is the bound of the bucket it
# falls in.
handler_times() {
    echo
    echo "Handler time inside the service over the whole run (its /metrics histogram): the bucket each quantile falls in."
    echo
    echo "| route | requests | p50 | p99 | p99.9 | max bucket |"
    echo "|---|---|---|---|---|---|"
    curl -fs "http://127.0.0.1:$METRICS_PORT/metrics" | awk '
        /^consultancy_api_http_request_duration_seconds_bucket/ {
            match($0, /route="[^"]*"/); route = substr($0, RSTART + 7, RLENGTH - 8)
            match($0, /le="[^"]*"/); le = substr($0, RSTART + 4, RLENGTH - 5)
            n[route]++; bound[route, n[route]] = le; count[route, n[route]] = $NF
        }
        function label(le) { return le == "+Inf" ? "over 10 s" : sprintf("<= %g µs", le * 1e6) }
        END {
            for (route in n) {
                total = count[route, n[route]]
                if (total < 1000) continue
                p50 = p99 = p999 = top = ""
                for (i = 1; i <= n[route]; i++) {
                    c = count[route, i]
                    if (p50 == "" && c >= total * 0.5) p50 = label(bound[route, i])
                    if (p99 == "" && c >= total * 0.99) p99 = label(bound[route, i])
                    if (p999 == "" && c >= total * 0.999) p999 = label(bound[route, i])
                    if (top == "" && c == total) top = label(bound[route, i])
                }
                printf "| %s | %d | %s | %s | %s | %s |\n", route, total, p50, p99, p999, top
            }
        }' | sort
}

# One paced round: prints "p50 p99 p99.9 max bad bursts client_gaps client_gap_total_us".
# Arguments: port, method, path, body file (or -), rate.
paced_round() {
    local port=$1 method=$2 path=$3 body=$4 rate=$5 args
    args=(--target "127.0.0.1:$port" --method "$method" --path "$path" --rate "$rate"
        --connections "$CONNECTIONS" --seconds "$DURATION")
    [ "$body" = - ] || args+=(--body "$HERE/$body")
    [ "$path" = /v1/export ] && args+=(--header "Authorization: Bearer $TOKEN")
    nice -n "$NICE" taskset -c "$CLIENT_CPU" "$BIN"/paced "${args[@]}" |
        awk '{ print $3, $5, $6, $7, $8, $9, $10, $11 }'
}

paced() {
    local report="$OUT/paced.md" c
    {
        machine
        echo
        echo "What the machine takes from a busy process with no server running: paced.rs spinning" \
            "for $PROBE s on each core, gaps over 100 µs between two turns of its loop."
        echo
        echo "| core | gaps | lost in all | longest |"
        echo "|---|---|---|---|"
        for c in "$SERVER_CPU" "$CLIENT_CPU"; do
            nice -n "$NICE" taskset -c "$c" "$BIN"/paced --probe --seconds "$PROBE" |
                awk -v c="$c" '{ printf "| %s | %d | %.1f ms | %.1f ms |\n", c, $1, $2 / 1000, $3 / 1000 }'
        done
    } | tee "$report"
    start_service
    start_bare
    TOKEN=$(export_token)
    {
        echo
        local load="$RATE req/s"
        [ -z "$PACE" ] || load="$PACE times the service's own throughput"
        echo "Open-loop rounds at $load, the same rate for both servers:"
        echo "the round with the lowest p99 on each side; the median over rounds of p99 service / p99 bare;"
        echo "bursts of answers at least 1 ms late, per second over all rounds."
        echo
        echo "| request | rate req/s | p50 µs service / bare | p99 µs service / bare | p99 ratio, best / median | p99.9 µs service / bare | max µs service / bare | late bursts/s service / bare |"
        echo "|---|---|---|---|---|---|---|---|"
    } | tee -a "$report"
    while read -r name method path body; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        body=${body:--}
        local capacity rate service_rounds="" bare_rounds="" ratios="" r s b
        rate=$RATE
        if [ -n "$PACE" ]; then
            capacity=$(round "$service_pid" "$PORT" "$method" "$path" "$body" 1 | awk '{ print $1 }')
            rate=$(awk -v c="$capacity" -v p="$PACE" 'BEGIN { printf "%d", c * p }')
        fi
        for r in $(seq "$ROUNDS"); do
            if ((r % 2)); then
                s=$(paced_round "$PORT" "$method" "$path" "$body" "$rate")
                b=$(paced_round "$BARE_PORT" "$method" "$path" "$body" "$rate")
            else
                b=$(paced_round "$BARE_PORT" "$method" "$path" "$body" "$rate")
                s=$(paced_round "$PORT" "$method" "$path" "$body" "$rate")
            fi
            service_rounds+=$s$'\n'
            bare_rounds+=$b$'\n'
            ratios+=$(awk -v s="${s#* }" -v b="${b#* }" 'BEGIN { split(s, x, " "); split(b, y, " "); printf "%.3f", y[1] ? x[1] / y[1] : 0 }')$'\n'
        done
        read -r s50 s99 s999 smax sbad _ <<<"$(grep . <<<"$service_rounds" | sort -k2,2n | head -1)"
        read -r b50 b99 b999 bmax _ <<<"$(grep . <<<"$bare_rounds" | sort -k2,2n | head -1)"
        sbursts=$(awk '{ n += $6 } END { print n }' <<<"$service_rounds")
        bbursts=$(awk '{ n += $6 } END { print n }' <<<"$bare_rounds")
        [ "$sbad" -eq 0 ] || [[ $name == *-404 ]] || echo "warning: $name: $sbad paced responses from the service were not 2xx/3xx" >&2
        local median
        median=$(grep . <<<"$ratios" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
        awk -v n="$name" -v rate="$rate" -v s50="$s50" -v b50="$b50" -v s99="$s99" -v b99="$b99" \
            -v s999="$s999" -v b999="$b999" -v smax="$smax" -v bmax="$bmax" -v med="$median" \
            -v sb="$sbursts" -v bb="$bbursts" -v secs=$((ROUNDS * DURATION)) 'BEGIN {
            printf "| %s | %d | %d / %d | %d / %d | %.2f / %.2f | %d / %d | %d / %d | %.1f / %.1f |\n",
                n, rate, s50, b50, s99, b99, b99 ? s99 / b99 : 0, med, s999, b999, smax, bmax, sb / secs, bb / secs
        }' | tee -a "$report"
    done <"$MEASURED"
    stop "$bare_pid"
    stop "$service_pid"
}

start_attacker() {
    nice -n "$NICE" taskset -c "$CLIENT_CPU" "$BIN"/attacker --target "127.0.0.1:$PORT" \
        --silent "$SILENT" --zero-window "$ZERO_WINDOW" 2>>"$OUT/attacker.log" &
    attacker_pid=$!
    pids+=("$attacker_pid")
    # Let the silent connections open, the zero-window readers fill their streams, and the
    # server's deadlines fire once, so the measured rounds see the attack's steady state.
    sleep "$ATTACK_RAMP"
}

hostile() {
    start_service
    TOKEN=""
    local report="$OUT/hostile.md" name method path body r
    local -A alone=() attacked=()
    : >"$OUT/attacker.log"
    rss_start=$(status_kib "$service_pid" VmRSS)
    for name in $HOSTILE_REQUESTS; do
        read -r _ method path body < <(awk -v n="$name" '$1 == n' "$REQUESTS")
        round "$service_pid" "$PORT" "$method" "$path" "${body:--}" 1 >/dev/null
    done
    rss_before=$(status_kib "$service_pid" VmRSS)
    (
        while sleep 0.5; do status_kib "$service_pid" VmRSS; done
    ) >"$OUT/rss-samples" &
    local sampler=$!
    pids+=("$sampler")
    local attacker_ticks=0 attacked_seconds=0 before
    # Rounds alternate between no attack and attack, so a change in the machine's background
    # load falls on both sides alike.
    for r in $(seq "$ROUNDS"); do
        for name in $HOSTILE_REQUESTS; do
            read -r _ method path body < <(awk -v n="$name" '$1 == n' "$REQUESTS")
            alone[$name]+=$(round "$service_pid" "$PORT" "$method" "$path" "${body:--}" "$DURATION")$'\n'
        done
        start_attacker
        before=$(cpu_ticks "$attacker_pid")
        for name in $HOSTILE_REQUESTS; do
            read -r _ method path body < <(awk -v n="$name" '$1 == n' "$REQUESTS")
            attacked[$name]+=$(round "$service_pid" "$PORT" "$method" "$path" "${body:--}" "$DURATION")$'\n'
            attacked_seconds=$((attacked_seconds + DURATION))
        done
        attacker_ticks=$((attacker_ticks + $(cpu_ticks "$attacker_pid") - before))
        held=$(grep '^attacker:' "$OUT/attacker.log" | tail -1)
        stop "$attacker_pid"
        # Give the server time to see every attacking connection close.
        sleep 3
    done
    # What the attack alone costs the server: its CPU time over 10 s of attack and no other
    # load, after the same ramp. Less noisy than throughput on a shared machine.
    start_attacker
    before=$(cpu_ticks "$service_pid")
    sleep 10
    local attack_cost
    attack_cost=$(awk -v t=$(($(cpu_ticks "$service_pid") - before)) -v hz="$CLK_TCK" \
        'BEGIN { printf "%.1f", t / hz / 10 * 100 }')
    stop "$attacker_pid"
    sleep 3
    stop "$sampler"
    local attacker_cpu
    attacker_cpu=$(awk -v t="$attacker_ticks" -v hz="$CLK_TCK" -v s="$attacked_seconds" \
        'BEGIN { printf "%.0f", s ? t / hz / s * 100 : 0 }')
    rss_peak=$(status_kib "$service_pid" VmHWM)
    rss_max=$(sort -n "$OUT/rss-samples" | tail -1)
    sleep 2
    rss_after=$(status_kib "$service_pid" VmRSS)
    {
        machine
        echo "Attack: $SILENT silent connections (50 per address from 127.0.1.1) and $ZERO_WINDOW" \
            "zero-window HTTP/2 readers (one per address from 127.0.2.1, each asking 100 streams" \
            "for a 576 KB batch each); rounds with and without the attack alternate, each attacked" \
            "round after ${ATTACK_RAMP} s of attack; the attacker shares wrk's core and used" \
            "${attacker_cpu}% of it."
        echo "Attacker's last report: ${held#attacker: }"
        echo
        echo "| request | alone req/s | attacked req/s | throughput kept | p99 µs alone / attacked | p99 ratio | CPU µs/request alone / attacked |"
        echo "|---|---|---|---|---|---|---|"
        for name in $HOSTILE_REQUESTS; do
            read -r a_rps _ a_p99 a_cpu _ <<<"$(best <<<"${alone[$name]}")"
            read -r h_rps _ h_p99 h_cpu _ <<<"$(best <<<"${attacked[$name]}")"
            awk -v n="$name" -v ar="$a_rps" -v hr="$h_rps" -v a99="$a_p99" -v h99="$h_p99" \
                -v ac="$a_cpu" -v hc="$h_cpu" 'BEGIN {
                printf "| %s | %d | %d | %.0f%% | %d / %d | %.2f | %.1f / %.1f |\n",
                    n, ar, hr, hr / ar * 100, a99, h99, h99 / a99, ac, hc
            }'
        done
        echo
        echo "Server RSS: $((rss_start / 1024)) MiB at start, $((rss_before / 1024)) MiB after warm-up," \
            "$((rss_max / 1024)) MiB at most while measured (sampled every 0.5 s), peak" \
            "$((rss_peak / 1024)) MiB (VmHWM), $((rss_after / 1024)) MiB 5 s after the last attack."
        echo "The attack alone (no normal clients) costs the server ${attack_cost}% of its core."
        echo "Goals: throughput kept >= 90%, p99 within 2x, peak RSS < 64 MiB."
    } | tee "$report"
    stop "$service_pid"
}

case "$mode" in
baseline) baseline ;;
paced) paced ;;
hostile) hostile ;;
all)
    baseline
    echo
    paced
    echo
    hostile
    ;;
esac

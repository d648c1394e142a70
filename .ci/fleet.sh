#!/usr/bin/env bash
# The fleet test (issue 16): three replicas of the release binary with one key behind the
# shipped nginx configuration (deploy/nginx), on loopback. See .ci/fleet/fleet.py for what it
# shows. Also checks the shipped systemd units with systemd-analyze and serves the binary
# once under systemd's own socket activator.
#
# Locally: `bash .ci/fleet.sh` (installs nginx with apt-get if missing; needs python3 and curl).
# FLEET_SOAK_SECONDS sets the soak's length (default 120: CI's 30-minute budget; longer soaks
# locally, e.g. FLEET_SOAK_SECONDS=900).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== fleet: three replicas behind nginx, restarts, a soak"
started=$(date +%s)
missing=()
command -v nginx >/dev/null || missing+=(nginx)
command -v curl >/dev/null || missing+=(curl)
command -v openssl >/dev/null || missing+=(openssl)
command -v systemd-analyze >/dev/null || missing+=(systemd)
if ((${#missing[@]})); then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# `--prepare`: install only, then stop (.ci/prepare.sh runs every script's installs while CI
# compiles).
[ "${1:-}" != --prepare ] || exit 0
nginx -v

cargo build --release --quiet
# Where cargo puts the binary: `CARGO_TARGET_DIR` if set (a worktree sharing a build), else
# target/.
binary=$(cd "${CARGO_TARGET_DIR:-target}/release" && pwd)/consultancy-api

# The units as shipped, with the binary where they expect it in a scratch copy.
units=$(mktemp -d)
trap 'rm -rf "$units"' EXIT
for unit in consultancy-api@.service consultancy-api@.socket; do
    sed "s|/usr/local/bin/consultancy-api|$binary|" "deploy/systemd/$unit" >"$units/${unit/@/@1}"
done
(cd "$units" && systemd-analyze verify --man=no ./consultancy-api@1.socket ./consultancy-api@1.service)
(cd "$units" && systemd-analyze security --offline=true --threshold=20 ./consultancy-api@1.service | tail -1)
# What verify cannot see. A socket PartOf= its service is stopped and started with every
# restart of the service (systemd.unit(5)), which closes the queue the restart relies on; and
# the service's IP access list does not reach a socket passed in by activation
# (systemd.resource-control(5)), so the socket needs its own.
socket_unit=deploy/systemd/consultancy-api@.socket
if grep -Eq '^(PartOf|BindsTo)=' "$socket_unit"; then
    echo "fleet: $socket_unit must not be PartOf= or BindsTo= the service" >&2
    exit 1
fi
if ! grep -q '^IPAddressDeny=any' "$socket_unit"; then
    echo "fleet: $socket_unit must carry its own IPAddressDeny=/IPAddressAllow=" >&2
    exit 1
fi

# systemd's own activator passes the socket as a unit would (LISTEN_FDS, LISTEN_PID,
# LISTEN_FDNAMES): the server must serve it.
if command -v systemd-socket-activate >/dev/null; then
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    TOKEN_KEY=$(openssl rand -hex 32) systemd-socket-activate -l "127.0.0.1:$port" -E TOKEN_KEY \
        "$binary" --access-log >"$units/activated.log" 2>&1 &
    activated=$!
    health=$(curl -s --retry 20 --retry-connrefused --retry-delay 0 "http://127.0.0.1:$port/healthz")
    kill "$activated"
    wait "$activated" || true
    if [[ "$health" != '{"status":"ok"}' ]] || ! grep -q "socket passed by the service manager" "$units/activated.log"; then
        echo "systemd-socket-activate: the server did not serve the passed socket" >&2
        cat "$units/activated.log" >&2
        exit 1
    fi
    echo "systemd-socket-activate: served the passed socket; /healthz said $health"
fi

python3 .ci/fleet/fleet.py "$binary" --soak-seconds "${FLEET_SOAK_SECONDS:-120}"
echo "fleet.sh took $(($(date +%s) - started)) s"

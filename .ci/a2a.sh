#!/usr/bin/env bash
# The agent surfaces through real clients against the release binary: the official A2A
# Python SDK (a2a-sdk 1.x: card resolution, messages streaming and not, in protocol 1.0 and
# in its 0.3 compatibility mode, scoring, follow-ups, task errors) and httpx-sse reading the
# /ask event stream. The SDK comes from the pinned .ci/a2a/requirements.txt in a venv made
# here (kept in target/a2a-venv/, rebuilt when the requirements change).
#
# The SDK posts to the URL the agent card names, so the binary is built with
# CONSULTANCY_AGENT_URL set to the free local port it then listens on.
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== A2A: the official Python SDK and httpx-sse against the release binary"
python=${PYTHON:-python3}
if ! "$python" -c 'import sys; assert sys.version_info >= (3, 10)' 2>/dev/null; then
    echo "a2a.sh: $python must be Python 3.10 or newer" >&2
    exit 1
fi
if ! "$python" -m venv --help >/dev/null 2>&1 || ! "$python" -c 'import ensurepip' 2>/dev/null; then
    # Debian splits venv out of the interpreter package.
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
fi

env=target/a2a-venv
requirements=.ci/a2a/requirements.txt
if ! cmp -s "$requirements" "$env/requirements.txt" 2>/dev/null; then
    rm -rf "$env"
    "$python" -m venv "$env"
    "$env/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$requirements"
    cp "$requirements" "$env/requirements.txt"
fi
# `--prepare`: install only, then stop (.ci/prepare.sh runs every script's installs while CI
# compiles).
[ "${1:-}" != --prepare ] || exit 0

# CI_RELEASE_PORT (set by .ci/run) gives this script and .ci/browser.sh the same origin, so
# they share one release build; alone, any free port.
port=${CI_RELEASE_PORT:-$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
base="http://127.0.0.1:$port"
CONSULTANCY_BASE_URL="$base" CONSULTANCY_AGENT_URL="$base" cargo build --release --locked --quiet
# Where cargo puts the binary: `CARGO_TARGET_DIR` if set (a worktree sharing a build), else
# target/.
"${CARGO_TARGET_DIR:-target}/release/consultancy-api" --listen "127.0.0.1:$port" --rate-limit 1000000 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    if "$python" -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; then
        break
    fi
    sleep 0.1
done

"$env/bin/python" .ci/a2a/clients.py "$base"

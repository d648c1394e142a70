#!/usr/bin/env bash
# The official Python MCP SDK clients against the release binary: mcp 2.x in its default auto
# mode (2026-07-28) and pinned to the legacy handshake, and mcp 1.x (legacy only). Each SDK
# major version gets its own virtual environment from a pinned requirements file in .ci/mcp/.
#
# Locally: `bash .ci/mcp.sh` (needs python3 >= 3.10 with venv; the environments are kept in
# target/mcp-venv/ and rebuilt when a requirements file changes).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== MCP: the official Python SDK clients against the release binary"
python=${PYTHON:-python3}
if ! "$python" -c 'import sys; assert sys.version_info >= (3, 10)' 2>/dev/null; then
    echo "mcp.sh: $python must be Python 3.10 or newer" >&2
    exit 1
fi
if ! "$python" -m venv --help >/dev/null 2>&1 || ! "$python" -c 'import ensurepip' 2>/dev/null; then
    # Debian splits venv out of the interpreter package.
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
fi

venvs=target/mcp-venv
for major in 2 1; do
    env="$venvs/v$major"
    requirements=".ci/mcp/requirements-v$major.txt"
    if ! cmp -s "$requirements" "$env/requirements.txt" 2>/dev/null; then
        rm -rf "$env"
        "$python" -m venv "$env"
        "$env/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$requirements"
        cp "$requirements" "$env/requirements.txt"
    fi
done
# `--prepare`: install only, then stop (.ci/prepare.sh runs every script's installs while CI
# compiles).
[ "${1:-}" != --prepare ] || exit 0

cargo build --release --quiet
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# Where cargo puts the binary: `CARGO_TARGET_DIR` if set (a worktree sharing a build), else
# target/.
"${CARGO_TARGET_DIR:-target}/release/consultancy-api" --listen "127.0.0.1:$port" --rate-limit 1000000 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    if "$python" -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; then
        break
    fi
    sleep 0.1
done

base="http://127.0.0.1:$port"
"$venvs/v2/bin/python" .ci/mcp/clients.py "$base" auto
"$venvs/v2/bin/python" .ci/mcp/clients.py "$base" legacy
"$venvs/v1/bin/python" .ci/mcp/clients.py "$base" v1

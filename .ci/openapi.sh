#!/usr/bin/env bash
# The OpenAPI document as a stranger's tools read it, against the release binary:
# 1. openapi-spec-validator (the OpenAPI 3.1 schema and its rules) validates it;
# 2. Redocly's linter (@redocly/cli, pinned in .ci/openapi/package-lock.json) checks it with
#    the `recommended-strict` ruleset (every finding an error), less the rules
#    .ci/openapi/redocly.yaml turns off, each with its reason;
# 3. openapi-python-client generates a Python client from it, and .ci/openapi/client.py uses
#    that client against the server: services, a search walked by its cursor, a score, a batch,
#    registration, a token by client credentials, the export and its 304, and one error of each
#    kind with its Error body read by the generated models.
# The document checked is the one the server serves, so it is the build's own.
#
# The Python tools are pinned with everything they import in .ci/openapi/requirements.txt and
# kept in target/openapi-venv/ (rebuilt when that file changes); the linter in
# .ci/openapi/node_modules/. About 20 s once those and the binary are in place.
#
# Locally: `bash .ci/openapi.sh` (python3 >= 3.10 with venv, node >= 20.19 with npm).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== OpenAPI: validator, linter and a generated client against the release binary"
started=$(date +%s)
python=${PYTHON:-python3}
if ! "$python" -c 'import sys; assert sys.version_info >= (3, 10)' 2>/dev/null; then
    echo "openapi.sh: $python must be Python 3.10 or newer" >&2
    exit 1
fi
missing=()
if ! "$python" -m venv --help >/dev/null 2>&1 || ! "$python" -c 'import ensurepip' 2>/dev/null; then
    missing+=(python3-venv) # Debian splits venv out of the interpreter package.
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    missing+=(nodejs npm) # .ci/browser.sh installs both first under .ci/prepare.sh.
fi
if ((${#missing[@]})); then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
env=target/openapi-venv
requirements=.ci/openapi/requirements.txt
if ! cmp -s "$requirements" "$env/requirements.txt" 2>/dev/null; then
    rm -rf "$env"
    "$python" -m venv "$env"
    "$env/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$requirements"
    cp "$requirements" "$env/requirements.txt"
fi
if ! cmp -s .ci/openapi/package-lock.json .ci/openapi/node_modules/.installed-lock.json 2>/dev/null; then
    (cd .ci/openapi && npm ci --no-audit --no-fund --loglevel=error)
    cp .ci/openapi/package-lock.json .ci/openapi/node_modules/.installed-lock.json
fi
# `--prepare`: install only, then stop (.ci/prepare.sh runs every script's installs while CI
# compiles).
[ "${1:-}" != --prepare ] || exit 0

cargo build --release --quiet
work=$(mktemp -d)
free_port() { "$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
limited_port=$(free_port)
binary="${CARGO_TARGET_DIR:-target}/release/consultancy-api"
key=$("$python" -c 'import secrets; print(secrets.token_hex(32))')
# One server with room for every request, one that allows a single request a minute (the 429).
TOKEN_KEY=$key "$binary" --listen "127.0.0.1:$port" --rate-limit 1000000 2>"$work/server.log" &
server=$!
TOKEN_KEY=$key "$binary" --listen "127.0.0.1:$limited_port" --rate-limit 1 2>/dev/null &
limited=$!
trap 'kill "$server" "$limited" 2>/dev/null || true; rm -rf "$work"' EXIT
base="http://127.0.0.1:$port"
for p in "$port" "$limited_port"; do
    for _ in $(seq 50); do
        if "$python" -c "import socket; socket.create_connection(('127.0.0.1', $p), 1)" 2>/dev/null; then
            break
        fi
        sleep 0.1
    done
done
# The limited server's one request goes to the client script, so fetch from the other.
"$env/bin/python" -c 'import sys, urllib.request; open(sys.argv[2], "wb").write(urllib.request.urlopen(sys.argv[1]).read())' \
    "$base/openapi.json" "$work/openapi.json"

echo "-- openapi-spec-validator $("$env/bin/python" -c 'import importlib.metadata as m; print(m.version("openapi-spec-validator"))')"
"$env/bin/openapi-spec-validator" "$work/openapi.json"

# Redocly's CLI reports usage and checks for updates over the network unless told not to.
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
echo "-- redocly lint $(node .ci/openapi/node_modules/.bin/redocly --version 2>/dev/null | tail -n 1)"
node .ci/openapi/node_modules/.bin/redocly lint "$work/openapi.json" --config .ci/openapi/redocly.yaml \
    --format stylish 2>&1 | grep -v '[║╔╚]' | sed '/^\s*$/d'

echo "-- openapi-python-client $("$env/bin/openapi-python-client" --version | awk '{ print $NF }')"
# Its generated code is formatted by ruff, which the venv holds; --fail-on-warning: a schema the
# generator cannot turn into a model is a finding, not a gap left in the client.
PATH="$PWD/$env/bin:$PATH" "$env/bin/openapi-python-client" generate --path "$work/openapi.json" \
    --meta none --output-path "$work/larchmere_api" --fail-on-warning >"$work/generate.log" 2>&1 ||
    { cat "$work/generate.log"; exit 1; }
PYTHONPATH="$work" "$env/bin/python" .ci/openapi/client.py "$base" "http://127.0.0.1:$limited_port"
echo "openapi.sh took $(($(date +%s) - started)) s"

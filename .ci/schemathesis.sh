#!/usr/bin/env bash
# schemathesis (pinned, from PyPI) over the OpenAPI document against the release binary, every
# check on (the few exclusions, with their reasons, are in schemathesis.toml), zero failures
# allowed. Three runs:
# 1. the examples, coverage and fuzzing phases over every operation, the export authenticated
#    with a dynamic token from a client registered here;
# 2. the stateful phase over every operation, following the OpenAPI links (listing -> item);
# 3. the stateful phase over the three OAuth operations alone, with no credentials but what
#    the links carry: it must walk registration -> token -> export and get the export (the
#    OAuth-then-export flow), which its HAR report proves.
#
# The rate limit is raised for the run (429 is neither "accepted" nor "rejected" data to
# schemathesis).
#
# Locally: `bash .ci/schemathesis.sh` (needs python3 >= 3.11 with venv; the environment is kept
# in target/schemathesis-venv/ and rebuilt when the requirements file changes).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== schemathesis: the OpenAPI document against the release binary"
started=$(date +%s)
python=${PYTHON:-python3}
# 3.11: the pinned set has no backports (tomli, exceptiongroup) for older interpreters.
if ! "$python" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
    echo "schemathesis.sh: $python must be Python 3.11 or newer" >&2
    exit 1
fi
missing=()
command -v curl >/dev/null || missing+=(curl)
if ! "$python" -m venv --help >/dev/null 2>&1 || ! "$python" -c 'import ensurepip' 2>/dev/null; then
    missing+=(python3-venv) # Debian splits venv out of the interpreter package.
fi
if ((${#missing[@]})); then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi
env=target/schemathesis-venv
requirements=.ci/schemathesis/requirements.txt
if ! cmp -s "$requirements" "$env/requirements.txt" 2>/dev/null; then
    rm -rf "$env"
    "$python" -m venv "$env"
    "$env/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$requirements"
    cp "$requirements" "$env/requirements.txt"
fi
# `--prepare`: install only, then stop (.ci/prepare.sh runs every script's installs while CI
# compiles).
[ "${1:-}" != --prepare ] || exit 0
"$env/bin/schemathesis" --version

cargo build --release --quiet
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
work=$(mktemp -d)
# Where cargo puts the binary: `CARGO_TARGET_DIR` if set (a worktree sharing a build), else
# target/.
TOKEN_KEY=$("$python" -c 'import secrets; print(secrets.token_hex(32))') "${CARGO_TARGET_DIR:-target}/release/consultancy-api" --listen "127.0.0.1:$port" \
    --rate-limit 1000000000 2>"$work/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
base="http://127.0.0.1:$port"
curl -s --retry 20 --retry-connrefused --retry-delay 0 -o /dev/null "$base/healthz"

# A client of our own, for the dynamic token of the first run.
registered=$(curl -s "$base/oauth/register" -H 'content-type: application/json' -d '{"client_name":"schemathesis"}')
export ST_CLIENT_ID ST_CLIENT_SECRET
ST_CLIENT_ID=$("$python" -c 'import json, sys; print(json.load(sys.stdin)["client_id"])' <<<"$registered")
ST_CLIENT_SECRET=$("$python" -c 'import json, sys; print(json.load(sys.stdin)["client_secret"])' <<<"$registered")
cp schemathesis.toml "$work/authenticated.toml"
cat >>"$work/authenticated.toml" <<'TOML'

[auth.dynamic.openapi.serviceOAuth]
path = "/oauth/token"
payload = { grant_type = "client_credentials", client_id = "${ST_CLIENT_ID}", client_secret = "${ST_CLIENT_SECRET}" }
payload_content_type = "application/x-www-form-urlencoded"
extract_selector = "/access_token"
TOML

# --url: every operation at this server, whatever origins the binary was built with.
"$env/bin/schemathesis" --config-file "$work/authenticated.toml" run "$base/openapi.json" --url "$base" \
    --phases examples,coverage,fuzzing
"$env/bin/schemathesis" --config-file schemathesis.toml run "$base/openapi.json" --url "$base" \
    --phases stateful
# The OAuth operations alone, so every scenario is a walk along their links.
"$env/bin/schemathesis" --config-file schemathesis.toml run "$base/openapi.json" --url "$base" \
    --phases stateful --include-operation-id registerClient --include-operation-id issueToken \
    --include-operation-id exportAll --report har --report-har-path "$work/stateful.har"

# The stateful run must have exported with a token it obtained by following the links.
"$python" - "$work/stateful.har" <<'PY'
import json, sys
entries = json.load(open(sys.argv[1]))["log"]["entries"]
def count(method, path, status):
    # (The HAR file masks credentials, so a 200 from the export is the proof of a token.)
    return sum(1 for e in entries
               if e["request"]["method"] == method and e["request"]["url"].split("?")[0].endswith(path)
               and e["response"]["status"] == status)
flow = (count("POST", "/oauth/register", 201), count("POST", "/oauth/token", 200), count("GET", "/v1/export", 200))
print(f"stateful OAuth flow: {flow[0]} registrations, {flow[1]} tokens, {flow[2]} exports answered 200")
sys.exit(0 if all(flow) else 1)
PY
echo "schemathesis.sh took $(($(date +%s) - started)) s"

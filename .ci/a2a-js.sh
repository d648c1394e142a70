#!/usr/bin/env bash
# The A2A agent through the official JavaScript SDK (`@a2a-js/sdk`, pinned with its one
# dependency in .ci/a2a-js/package-lock.json), the client an integrator on Node would use,
# against the release binary: card resolution, a question answered with its sources, a
# follow-up, readiness from a data part, streaming, GetTask and ListTasks, and the errors as
# the SDK's own classes. `.ci/a2a-js/clients.mjs` prints one line a check.
#
# The SDK posts to the URL the agent card names, so the binary is built with
# CONSULTANCY_AGENT_URL set to the local port it then listens on (CI_RELEASE_PORT under
# .ci/run, the same build .ci/a2a.sh and .ci/browser.sh use; alone, any free port).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== A2A: the official JavaScript SDK against the release binary"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    # .ci/browser.sh installs both first under .ci/prepare.sh; alone, Debian's.
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm
fi
# The SDK's engines field asks for Node 20 or later.
if (($(node -p 'process.versions.node.split(".")[0]') < 20)); then
    echo "a2a-js.sh: Node $(node --version) is too old for @a2a-js/sdk; install Node 20+" >&2
    exit 1
fi
# `npm ci` installs exactly the lockfile (two packages, about 5 MB, a few seconds); skipped
# while node_modules holds the install of the lockfile as it is now.
if ! cmp -s .ci/a2a-js/package-lock.json .ci/a2a-js/node_modules/.installed-lock.json 2>/dev/null; then
    (cd .ci/a2a-js && npm ci --no-audit --no-fund --loglevel=error)
    cp .ci/a2a-js/package-lock.json .ci/a2a-js/node_modules/.installed-lock.json
fi
# `--prepare`: install only, then stop (.ci/prepare.sh runs every script's installs while CI
# compiles).
[ "${1:-}" != --prepare ] || exit 0

port=${CI_RELEASE_PORT:-$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')}
base="http://127.0.0.1:$port"
CONSULTANCY_BASE_URL="$base" CONSULTANCY_AGENT_URL="$base" cargo build --release --locked --quiet
"${CARGO_TARGET_DIR:-target}/release/consultancy-api" --listen "127.0.0.1:$port" --rate-limit 1000000 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    if node -e 'require("net").connect(+process.argv[1], "127.0.0.1").on("connect", () => process.exit(0)).on("error", () => process.exit(1))' "$port"; then
        break
    fi
    sleep 0.1
done

node .ci/a2a-js/clients.mjs "$base"

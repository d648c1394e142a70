#!/usr/bin/env bash
# Both MCP servers through the official TypeScript SDK (`@modelcontextprotocol/sdk`, pinned
# with its dependencies in .ci/mcp-js/package-lock.json), the client most MCP hosts (desktop
# and IDE agents) embed, against the release binary: `Client` over
# `StreamableHTTPClientTransport` connects, lists and calls every tool (structured content
# checked against the SDK's validators and the REST API's answers), bad arguments, resources
# with pagination, the template, prompts, ping, cancellation, what the SDK sends on its own
# (the version header, the GET stream it opens and the 405, no session id), and the SDK's SSE
# client against a server answering GET with 405. `.ci/mcp-js/clients.mjs` prints one line a
# check.
#
# The server is named explicitly, so any origin the binary was built with will do (the same
# build as .ci/a2a-js.sh under .ci/run).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== MCP: the official TypeScript SDK's client against the release binary"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    # .ci/browser.sh installs both first under .ci/prepare.sh; alone, Debian's.
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm
fi
# The SDK's engines field asks for Node 18 or later; the script uses Node 20's APIs, as
# .ci/a2a-js.sh does.
if (($(node -p 'process.versions.node.split(".")[0]') < 20)); then
    echo "mcp-js.sh: Node $(node --version) is too old; install Node 20+" >&2
    exit 1
fi
# `npm ci` installs exactly the lockfile (98 packages, most of them the SDK's server side,
# about 29 MB, a few seconds); skipped while node_modules holds the install of the lockfile as
# it is now.
if ! cmp -s .ci/mcp-js/package-lock.json .ci/mcp-js/node_modules/.installed-lock.json 2>/dev/null; then
    (cd .ci/mcp-js && npm ci --no-audit --no-fund --loglevel=error)
    cp .ci/mcp-js/package-lock.json .ci/mcp-js/node_modules/.installed-lock.json
fi
# `--prepare`: install only, then stop (.ci/prepare.sh runs every script's installs while CI
# compiles).
[ "${1:-}" != --prepare ] || exit 0

cargo build --release --locked --quiet
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
base="http://127.0.0.1:$port"
# Where cargo puts the binary: `CARGO_TARGET_DIR` if set (a worktree sharing a build), else
# target/.
"${CARGO_TARGET_DIR:-target}/release/consultancy-api" --listen "127.0.0.1:$port" --rate-limit 1000000 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    if node -e 'require("net").connect(+process.argv[1], "127.0.0.1").on("connect", () => process.exit(0)).on("error", () => process.exit(1))' "$port"; then
        break
    fi
    sleep 0.1
done

node .ci/mcp-js/clients.mjs "$base"

#!/usr/bin/env bash
# Every install the steps after the tests need, done while CI compiles: .ci/run starts this in
# the background before clippy and waits for it before the first of those steps. Each script
# keeps its own install code and runs it alone when called with `--prepare` (it installs what
# is missing, then stops), so each still works on its own; run without `--prepare` afterwards
# it finds everything in place (the virtual environments in target/ are kept while their pinned
# requirements are unchanged) and goes straight to its work.
#
# Two chains at once, since both mostly wait on the network: Debian's packages (chromium, node,
# npm, nginx, wrk, ...: one apt-get at a time, dpkg takes a lock) with the browser suite's npm
# and llms-txt installs, the A2A and MCP JavaScript SDKs' npm installs and the OpenAPI tools'
# (npm and a venv of their own; after browser.sh, which installs node), and the Python SDKs'
# virtual environments from PyPI (about 200 s of pip on a 2-core machine, 2026-12-03). Where the interpreter lacks venv, apt-get must add it
# first, so the chains run one after the other.
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

chain() {
    local name=$1 started=$SECONDS
    shift
    for command in "$@"; do
        # Word splitting is wanted: each entry is a script and its one argument.
        # shellcheck disable=SC2086
        bash $command || { echo "prepare: $name: '$command' failed" >&2; return 1; }
    done
    echo "prepare: $name done in $((SECONDS - started)) s"
}
debian=(".ci/browser.sh --prepare" ".ci/a2a-js.sh --prepare" ".ci/mcp-js.sh --prepare" ".ci/openapi.sh --prepare" ".ci/fleet.sh --prepare" "benches/load/run.sh prepare")
python=(".ci/a2a.sh --prepare" ".ci/mcp.sh --prepare" ".ci/schemathesis.sh --prepare")

if python3 -c 'import ensurepip, venv' 2>/dev/null; then
    chain "Debian packages, npm, llms-txt" "${debian[@]}" &
    first=$!
    chain "Python SDKs" "${python[@]}" || { wait "$first" || true; exit 1; }
    wait "$first"
else
    chain "Debian packages, npm, llms-txt" "${debian[@]}"
    chain "Python SDKs" "${python[@]}"
fi

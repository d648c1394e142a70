#!/usr/bin/env bash
# The website in a real browser and through the llms.txt reference parser, against the release
# binary. Called from .ci/run; runs on a clean machine and installs what it needs:
#   Debian: chromium (driven by playwright-core; never `npx playwright install`), node and npm,
#           python3-venv if missing
#   npm:    tests/browser/package-lock.json (playwright-core, axe-core)
#   PyPI:   llms-txt, into a venv made here (kept in target/llms-txt-venv/, rebuilt when the pin
#           below changes)
# Builds the release binary with its origins set to a free local port (pages carry absolute
# links and the search box calls the API by origin), starts it, runs the tests, stops it.
# Screenshots of every page type land in tests/browser/screenshots/ (not committed).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== browser: system packages"
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
if ((${#missing[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
chromium --version
node --version
# playwright-core needs Node 20 or later; Debian bookworm's own nodejs is 18.
if (($(node -p 'process.versions.node.split(".")[0]') < 20)); then
  echo "error: Node $(node --version) is too old for playwright-core; install Node 20+ (e.g. Debian trixie's nodejs)" >&2
  exit 1
fi

echo "== browser: npm packages"
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)

echo "== browser: llms-txt in a venv"
venv=target/llms-txt-venv
pin="llms-txt==0.0.7"
if [ "$(cat "$venv/pin" 2>/dev/null)" != "$pin" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$pin"
  echo "$pin" >"$venv/pin"
fi
# `--prepare`: install only, then stop (.ci/prepare.sh runs every script's installs while CI
# compiles).
[ "${1:-}" != --prepare ] || exit 0

# CI_RELEASE_PORT (set by .ci/run) gives this script and .ci/a2a.sh the same origin, so they
# share one release build; alone, any free port.
port=${CI_RELEASE_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
base="http://127.0.0.1:$port"
echo "== browser: release build for $base"
CONSULTANCY_BASE_URL="$base" CONSULTANCY_AGENT_URL="$base" cargo build --release --locked

"${CARGO_TARGET_DIR:-target}/release/consultancy-api" --listen "127.0.0.1:$port" --rate-limit 1000000 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  python3 -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1])" "$base/robots.txt" 2>/dev/null && break
  sleep 0.1
done

echo "== browser: llms.txt through the reference parser"
"$venv/bin/python" tests/browser/llms_txt_check.py "$base"

echo "== browser: playwright + axe-core"
(cd tests/browser && BASE_URL="$base" CHROMIUM="$(command -v chromium)" node --test site.test.js)
echo "screenshots: tests/browser/screenshots/"

#!/usr/bin/env bash
# The fuzz smoke: every cargo-fuzz target in tests/fuzz for a bounded time, starting from the
# corpus kept in tests/fuzz/corpus/ and adding what it finds there (minimized afterwards with
# `cargo fuzz cmin`). Not called by .ci/run: on a fresh 2-core machine installing cargo-fuzz
# and building the targets with coverage instrumentation take about 6 minutes before the first
# input runs (measured: 94 s + 250 s), which CI's 30-minute budget cannot spare. `cargo test`
# replays the whole corpus through the same checks instead (tests/api/fuzz_corpus.rs).
# Commit the corpus changes this script makes; a crash stops it with the input in
# tests/fuzz/artifacts/<target>/.
#
# Usage: `bash .ci/fuzz.sh` (FUZZ_SECONDS per target, default 60). cargo-fuzz needs nightly
# features; RUSTC_BOOTSTRAP=1 lets the stable toolchain provide them.
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== fuzz: every target for ${FUZZ_SECONDS:=60} s"
started=$(date +%s)
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
export RUSTC_BOOTSTRAP=1
cargo fuzz build --fuzz-dir tests/fuzz
for target in $(cargo fuzz list --fuzz-dir tests/fuzz); do
    echo "-- $target"
    cargo fuzz run --fuzz-dir tests/fuzz "$target" -- -max_total_time="$FUZZ_SECONDS" -max_len=4096 \
        2>&1 | grep -E '^(Done|==[0-9]+==|thread|SUMMARY)' || true
    # A crash exits non-zero above (grep hides it), so look for its artifact.
    if compgen -G "tests/fuzz/artifacts/$target/*" >/dev/null; then
        echo "fuzz: $target found a failing input: tests/fuzz/artifacts/$target/" >&2
        exit 1
    fi
    cargo fuzz cmin --fuzz-dir tests/fuzz "$target" >/dev/null 2>&1
    echo "   corpus: $(find "tests/fuzz/corpus/$target" -type f | wc -l) inputs"
done
echo "fuzz.sh took $(($(date +%s) - started)) s"

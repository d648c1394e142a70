#!/usr/bin/env bash
# The crate's rust-version, checked on that very toolchain: every target of the workspace (the
# server, the build script, the tests, the benches, the load harness), both flavours. rustc
# refuses a language feature newer than itself but knows nothing of rust-version, and clippy's
# incompatible_msrv covers standard-library APIs only: `if let` guards (stable in 1.95) and let
# chains (1.88) each went in unnoticed while rust-version said 1.85.
#
# Not a CI step: the CI machine has one toolchain and fetches no other. Run it by hand where
# rustup can fetch one: `bash .ci/msrv.sh` (needs rustup; the toolchain, minimal profile, is about 600 MB:
# `rustup toolchain uninstall <version>` afterwards if you want the space back).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

msrv=$(sed -n 's/^rust-version = "\([0-9.]*\)"$/\1/p' Cargo.toml)
if [ -z "$msrv" ]; then
    echo "msrv.sh: no rust-version in Cargo.toml" >&2
    exit 1
fi
if ! command -v rustup >/dev/null; then
    echo "msrv.sh: needs rustup to install Rust $msrv" >&2
    exit 1
fi
# "1.88" means 1.88.0 and newer: check 1.88.0 itself, not the channel's latest patch release.
toolchain=$msrv
if [[ $msrv =~ ^[0-9]+\.[0-9]+$ ]]; then
    toolchain=$msrv.0
fi
echo "== rust-version $msrv: cargo check of every target on Rust $toolchain"
rustup toolchain install "$toolchain" --profile minimal --no-self-update
cargo "+$toolchain" --version
cargo "+$toolchain" check --locked --workspace --all-targets --all-features

//! The fuzz corpus, replayed on every `cargo test`: each input libFuzzer kept in
//! `tests/fuzz/corpus/<target>/` goes through the check its target runs
//! (`tests/fuzz/checks.rs`, included here), so what fuzzing explored stays explored without a
//! nightly toolchain, and an input that once reached a new path is a regression test for it.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

#[path = "../fuzz/checks.rs"]
mod checks;

/// Fewest inputs a target's corpus may hold: an empty or lost directory must fail, not pass.
const MIN_INPUTS_PER_TARGET: usize = 20;

#[test]
fn every_input_of_the_fuzz_corpus_passes_its_targets_check() {
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/corpus");
    let mut failures = Vec::new();
    for (target, check) in checks::TARGETS {
        let dir = corpus.join(target);
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        inputs.sort();
        assert!(
            inputs.len() >= MIN_INPUTS_PER_TARGET,
            "{target}: {} inputs in {}",
            inputs.len(),
            dir.display()
        );
        for input in inputs {
            let data = std::fs::read(&input).expect("a corpus file");
            if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
                failures.push(input.display().to_string());
            }
        }
    }
    assert!(failures.is_empty(), "inputs whose check panicked:\n{}", failures.join("\n"));
}

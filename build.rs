//! Compiles `content/` into `$OUT_DIR/tables.rs` (see `src/compiler/`).
//!
//! Configuration comes from the environment at build time; every variable is optional:
//! CONSULTANCY_BASE_URL, CONSULTANCY_SANDBOX_BASE_URL, CONSULTANCY_AUTH_URL,
//! CONSULTANCY_SITE_URL, CONSULTANCY_AGENT_URL (origins, default http://127.0.0.1:8080), and
//! CONSULTANCY_DEPRECATION, CONSULTANCY_SUNSET, CONSULTANCY_DEPRECATION_LINK (mark this API
//! version deprecated), and SOURCE_DATE_EPOCH (the build date, for reproducible builds).

// The compiler shares `model.rs` and `tokenize.rs` with the server; items only the server
// (or the compiler tests) use are dead code from the build script's point of view.
#[allow(dead_code)]
#[path = "src/compiler/mod.rs"]
mod compiler;
/// `crate::model`, as the shared tokenizer names it in the server.
use compiler::model;

use std::path::Path;
use std::process::ExitCode;

const LOCAL_ORIGIN: &str = "http://127.0.0.1:8080";
const ENV: [&str; 9] = [
    "CONSULTANCY_BASE_URL",
    "CONSULTANCY_SANDBOX_BASE_URL",
    "CONSULTANCY_AUTH_URL",
    "CONSULTANCY_SITE_URL",
    "CONSULTANCY_AGENT_URL",
    "CONSULTANCY_DEPRECATION",
    "CONSULTANCY_SUNSET",
    "CONSULTANCY_DEPRECATION_LINK",
    "SOURCE_DATE_EPOCH",
];

/// The build's clock, the one the server never reads: it dates pages without a content date
/// and security.txt's `Expires`. `SOURCE_DATE_EPOCH` overrides it for reproducible builds.
#[allow(clippy::disallowed_methods, reason = "build time, not request time; see clippy.toml")]
fn now_unix_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|since| since.as_secs())
        .unwrap_or(0)
}

fn main() -> ExitCode {
    println!("cargo::rerun-if-changed=content");
    for name in ENV {
        println!("cargo::rerun-if-env-changed={name}");
    }
    let config = match compiler::config_from_env(
        |name| std::env::var(name).ok().filter(|v| !v.is_empty()),
        std::env::var_os("CARGO_FEATURE_SANDBOX").is_some(),
        env!("CARGO_PKG_VERSION"),
        LOCAL_ORIGIN,
        now_unix_secs(),
    ) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let expectations = compiler::contract_expectations();
    match compiler::compile(Path::new("content"), &config, &expectations) {
        Ok(compiled) => {
            let out_dir = Path::new(&std::env::var_os("OUT_DIR").unwrap_or_default()).to_owned();
            let texts = [("tables.rs", compiled.tables), ("endpoints.md", compiled.endpoints_doc)];
            let files = texts.into_iter().map(|(name, text)| (name.to_string(), text.into_bytes()));
            for (name, text) in files.chain(compiled.blobs) {
                let out = out_dir.join(name);
                if let Err(err) = std::fs::write(&out, text) {
                    eprintln!("error: cannot write {}: {err}", out.display());
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        Err(diagnostics) => {
            for diagnostic in &diagnostics {
                eprintln!("{diagnostic}");
            }
            eprintln!("error: content/ has {} problem(s); the build stops here", diagnostics.len());
            ExitCode::FAILURE
        }
    }
}

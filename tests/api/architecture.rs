//! The architecture, checked over the source (issue 10): the layering `src/lib.rs` states, the
//! protocol-free core, no import cycle between modules or between the files of one module, the
//! error table in step with `ErrorKind`, and the README's endpoint table in step with
//! `model::ENDPOINTS`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use consultancy_api::model::{ENDPOINTS, ERROR_CODES, ErrorKind};

/// Top-level modules of the library by layer, lowest first, as `src/lib.rs` documents them.
/// A module may import only modules of a strictly lower layer.
const LAYERS: &[&[&str]] = &[
    &["model", "clock", "buffers", "json"],
    &["tables", "limits"],
    &["search", "scoring", "auth"],
    &["answer"],
    &["ops"],
    &["route", "wire", "jsonrpc"],
    &["api", "web", "mcp", "ask", "a2a"],
    &["http"],
];

/// Crates and paths the core may never name: it speaks plain Rust.
const FORBIDDEN_IN_CORE: &[&str] =
    &["crate::http", "crate::api", "crate::wire", "crate::route", "http::", "hyper", "http_body"];

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The file's code with comments and string literals blanked, so documentation that mentions a
/// module (or an error message quoting a path) is not an import.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") || trimmed.starts_with("#![doc") {
            continue;
        }
        let mut in_string = false;
        let mut escaped = false;
        for ch in line.chars() {
            if in_string {
                if escaped {
                    escaped = false;
                } else if ch == '\\' {
                    escaped = true;
                } else if ch == '"' {
                    in_string = false;
                }
                continue;
            }
            if ch == '"' {
                in_string = true;
                continue;
            }
            out.push(ch);
        }
        out.push('\n');
    }
    out
}

/// Names following `prefix::` in `code`, including each name of a `prefix::{a, b::c}` group.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let needle = format!("{prefix}::");
    let mut rest = code;
    while let Some(at) = rest.find(&needle) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + needle.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String =
                    item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !name.is_empty() {
                    names.insert(name);
                }
            }
        } else {
            let name: String =
                rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// The top-level module a file of the library belongs to; `None` for lib.rs, main.rs and the
/// build-time compiler.
fn top_module(file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src_dir()).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?.to_string();
    let module = first.strip_suffix(".rs").unwrap_or(&first).to_string();
    (!matches!(module.as_str(), "lib" | "main" | "compiler")).then_some(module)
}

#[test]
fn every_module_of_the_library_has_a_layer() {
    for file in rust_files(&src_dir()) {
        if let Some(module) = top_module(&file) {
            assert!(
                layer_of(&module).is_some(),
                "{} belongs to `{module}`, which LAYERS (and the layout in src/lib.rs) does not place",
                file.display()
            );
        }
    }
}

#[test]
fn modules_import_only_lower_layers() {
    let mut violations = Vec::new();
    for file in rust_files(&src_dir()) {
        let Some(module) = top_module(&file) else { continue };
        let Some(own_layer) = layer_of(&module) else { continue };
        for used in names_after(&code_of(&file), "crate") {
            if used == module {
                continue;
            }
            // Macros exported at the crate root (`crate::log_line!`) are not modules.
            let Some(used_layer) = layer_of(&used) else { continue };
            if used_layer >= own_layer {
                violations.push(format!(
                    "{} (`{module}`, layer {own_layer}) imports `{used}` (layer {used_layer})",
                    file.display()
                ));
            }
        }
    }
    assert!(violations.is_empty(), "imports against the layering:\n{}", violations.join("\n"));
}

#[test]
fn the_core_never_names_a_protocol() {
    let mut violations = Vec::new();
    for file in rust_files(&src_dir().join("ops")) {
        let code = code_of(&file);
        for forbidden in FORBIDDEN_IN_CORE {
            if code.contains(forbidden) {
                violations.push(format!("{} uses `{forbidden}`", file.display()));
            }
        }
    }
    assert!(violations.is_empty(), "the core must stay protocol-free:\n{}", violations.join("\n"));
}

/// The boundary test can fail: a core file that imported the HTTP layer would be caught.
#[test]
fn the_boundary_checks_catch_a_violation() {
    let code = "use crate::http::App;\nfn f() { let _ = crate::{api, model}; }\n";
    let names = names_after(code, "crate");
    assert_eq!(names, BTreeSet::from(["api".to_string(), "http".into(), "model".into()]));
    assert!(FORBIDDEN_IN_CORE.iter().any(|f| code.contains(f)));
    assert!(layer_of("http") > layer_of("ops"), "the core sits below the transport");
}

#[test]
fn files_of_one_module_import_each_other_without_cycles() {
    // Per directory: an edge from a file to a sibling it names (`super::x`, or `x::` from the
    // parent `mod.rs`), and from a child to `mod.rs` when it uses the parent's own items.
    let mut by_dir: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    for file in rust_files(&src_dir()) {
        if let Some(dir) = file.parent() {
            by_dir.entry(dir.to_path_buf()).or_default().push(file);
        }
    }
    let mut cycles = Vec::new();
    for (dir, files) in by_dir {
        let stem = |f: &PathBuf| f.file_stem().and_then(|s| s.to_str()).unwrap_or("").to_string();
        // Children: the files here, and modules the parent declares with `#[path]` elsewhere.
        let mut children: BTreeSet<String> =
            files.iter().map(stem).filter(|s| s != "mod" && s != "lib").collect();
        for parent in files.iter().filter(|f| matches!(stem(f).as_str(), "mod" | "lib")) {
            for line in code_of(parent).lines() {
                let declared = line.trim().trim_start_matches("pub ").strip_prefix("mod ");
                if let Some(name) = declared.and_then(|rest| rest.strip_suffix(';')) {
                    children.insert(name.trim().to_string());
                }
            }
        }
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for file in &files {
            let name = stem(file);
            let code = code_of(file);
            let targets = edges.entry(name.clone()).or_default();
            if name == "mod" || name == "lib" {
                for child in &children {
                    if names_after(&code, child).iter().next().is_some()
                        || code.contains(&format!("use {child}"))
                    {
                        targets.insert(child.clone());
                    }
                }
            } else {
                for used in names_after(&code, "super") {
                    if children.contains(&used) {
                        targets.insert(used);
                    } else if used != "super" {
                        targets.insert("mod".to_string());
                    }
                }
            }
        }
        if let Some(cycle) = find_cycle(&edges) {
            cycles.push(format!("{}: {}", dir.display(), cycle.join(" -> ")));
        }
    }
    assert!(cycles.is_empty(), "import cycles between files:\n{}", cycles.join("\n"));
}

fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, edges, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges.keys().find_map(|start| visit(start, edges, &mut Vec::new(), &mut done))
}

#[test]
fn error_kinds_are_the_rows_of_the_error_table() {
    let kinds = [
        ErrorKind::NotFound,
        ErrorKind::ServiceNotFound,
        ErrorKind::CaseStudyNotFound,
        ErrorKind::InvalidSlug,
        ErrorKind::InvalidPath,
        ErrorKind::MethodNotAllowed,
        ErrorKind::UnknownParameter,
        ErrorKind::DuplicateParameter,
        ErrorKind::InvalidParameter,
        ErrorKind::InvalidLimit,
        ErrorKind::UnknownCategory,
        ErrorKind::QueryTooLong,
        ErrorKind::InvalidCursor,
        ErrorKind::InvalidJson,
        ErrorKind::InvalidBody,
        ErrorKind::InvalidAnswers,
        ErrorKind::InvalidIdempotencyKey,
        ErrorKind::BatchEmpty,
        ErrorKind::BatchTooLarge,
        ErrorKind::PathOutsideApi,
        ErrorKind::UnsupportedMediaType,
        ErrorKind::PayloadTooLarge,
        ErrorKind::MissingToken,
        ErrorKind::InvalidToken,
        ErrorKind::RequestTimeout,
        ErrorKind::RateLimited,
        ErrorKind::TooManyConnections,
        ErrorKind::InvalidRequest,
        ErrorKind::UnknownMethod,
        ErrorKind::InvalidParams,
        ErrorKind::UnknownTool,
        ErrorKind::UnknownPrompt,
        ErrorKind::UnknownResource,
        ErrorKind::HeaderMismatch,
        ErrorKind::UnsupportedProtocolVersion,
        ErrorKind::NotAcceptable,
        ErrorKind::ForbiddenOrigin,
        ErrorKind::MissingQuery,
        ErrorKind::QuestionTooLong,
        ErrorKind::TooManyTurns,
        ErrorKind::UnknownMode,
        ErrorKind::TaskNotFound,
        ErrorKind::PushNotificationsNotSupported,
        ErrorKind::UnsupportedOperation,
        ErrorKind::ContentTypeNotSupported,
        ErrorKind::VersionNotSupported,
        ErrorKind::InvalidHost,
        ErrorKind::InsufficientScope,
        ErrorKind::AmbiguousCredentials,
        ErrorKind::PreconditionFailed,
        ErrorKind::DuplicateMember,
        ErrorKind::MalformedRequest,
        ErrorKind::HeaderFieldsTooLarge,
    ];
    assert_eq!(kinds.len(), ERROR_CODES.len(), "one ErrorKind per row of ERROR_CODES");
    for kind in kinds {
        // `ServiceNotFound` is the row `service_not_found`.
        let snake: String = format!("{kind:?}")
            .chars()
            .enumerate()
            .flat_map(|(i, c)| {
                let sep = (i > 0 && c.is_ascii_uppercase()).then_some('_');
                sep.into_iter().chain(std::iter::once(c.to_ascii_lowercase()))
            })
            .collect();
        assert_eq!(kind.code(), snake, "ERROR_CODES row of {kind:?}");
        assert!((400..500).contains(&kind.status()), "{kind:?} is a client error");
    }
}

/// Error meanings that state a limit state the constant's value (`ERROR_CODES` is a const
/// table, so its text cannot be formatted from the constant).
#[test]
fn error_meanings_state_the_current_limits() {
    use consultancy_api::limits::{ASK_MAX_PREV_TURNS, ASK_QUERY_MAX_CHARS, BATCH_PATH_MAX};
    for (kind, limit) in [
        (ErrorKind::QuestionTooLong, ASK_QUERY_MAX_CHARS),
        (ErrorKind::TooManyTurns, ASK_MAX_PREV_TURNS),
        (ErrorKind::InvalidPath, BATCH_PATH_MAX),
    ] {
        assert!(
            kind.meaning().contains(&format!(" {limit} ")),
            "{kind:?}: `{}` should state {limit}",
            kind.meaning()
        );
    }
}

/// The README's endpoint table lists exactly `model::ENDPOINTS`, with the same summaries.
#[test]
fn the_readme_endpoint_table_matches_the_endpoint_list() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let start = readme.find("<!-- endpoints:start -->").expect("README has the endpoints marker");
    let end = readme.find("<!-- endpoints:end -->").expect("README has the endpoints end marker");
    let rows: Vec<(String, String)> = readme[start..end]
        .lines()
        .filter(|line| line.starts_with("| `"))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            (cells[0].trim_matches('`').to_string(), cells.get(1).unwrap_or(&"").to_string())
        })
        .collect();
    let expected: Vec<(String, String)> = ENDPOINTS
        .iter()
        .map(|e| (format!("{} {}", e.method, e.path), e.summary.to_string()))
        .collect();
    assert_eq!(rows, expected, "README rows (left) against model::ENDPOINTS (right)");
}

/// Issue 10: no bare number in `src/` that has a name in `limits/`. Every limit is used by name
/// and every message that states one is formatted from the constant, so changing a limit changes
/// every place that enforces or describes it.
#[test]
fn limits_are_used_by_name_only() {
    use consultancy_api::limits::*;
    let named: Vec<(&str, u64)> = vec![
        ("RATE_LIMIT_DEFAULT", u64::from(RATE_LIMIT_DEFAULT)),
        ("RATE_WINDOW_MS", RATE_WINDOW_MS),
        ("RATE_MAX_TRACKED", RATE_MAX_TRACKED as u64),
        ("SCORE_BODY_MAX", SCORE_BODY_MAX as u64),
        ("BATCH_BODY_MAX", BATCH_BODY_MAX as u64),
        ("OAUTH_BODY_MAX", OAUTH_BODY_MAX as u64),
        ("TOKEN_MAX_LEN", TOKEN_MAX_LEN as u64),
        ("BATCH_PATH_MAX", BATCH_PATH_MAX as u64),
        ("CLIENT_NAME_MAX_CHARS", CLIENT_NAME_MAX_CHARS as u64),
        ("MAX_HEADER_BYTES", MAX_HEADER_BYTES as u64),
        ("MAX_CONNECTIONS", MAX_CONNECTIONS as u64),
        ("SEARCH_LIMIT_MAX", SEARCH_LIMIT_MAX as u64),
        ("SEARCH_QUERY_MAX_CHARS", SEARCH_QUERY_MAX_CHARS as u64),
        ("BATCH_MAX_ITEMS", BATCH_MAX_ITEMS as u64),
        ("TOKEN_LIFETIME_SECS", TOKEN_LIFETIME_SECS),
        ("ECHO_MAX_BYTES", ECHO_MAX_BYTES as u64),
        ("HYPER_MIN_BUF_BYTES", HYPER_MIN_BUF_BYTES as u64),
        ("MCP_BODY_MAX", MCP_BODY_MAX as u64),
        ("ASK_QUERY_MAX_CHARS", ASK_QUERY_MAX_CHARS as u64),
        ("ASK_MAX_PREV_TURNS", ASK_MAX_PREV_TURNS as u64),
        ("ASK_ID_MAX_CHARS", ASK_ID_MAX_CHARS as u64),
        ("ASK_BODY_MAX", ASK_BODY_MAX as u64),
        ("A2A_BODY_MAX", A2A_BODY_MAX as u64),
    ];
    let mut found = Vec::new();
    for file in rust_files(&src_dir()) {
        let relative = file.strip_prefix(src_dir()).unwrap_or(&file).to_string_lossy().to_string();
        // The definitions themselves, build-time documentation text, and the contract numbers.
        if relative.starts_with("limits")
            || relative.starts_with("compiler")
            || relative == "model.rs"
        {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source");
        let mut in_constant = false;
        for (line_no, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            // Comments, and other named constants (a cache lifetime may equal a limit by chance),
            // all the lines of one included (a table of histogram buckets spans several).
            let starts_constant = (trimmed.starts_with("pub const")
                || trimmed.starts_with("const"))
                && !trimmed.contains("const fn");
            if starts_constant || in_constant {
                in_constant = !line.trim_end().ends_with(';');
                continue;
            }
            if trimmed.starts_with("//") {
                continue;
            }
            // Numbers inside the code and inside string literals alike (messages included).
            for token in line.split(|c: char| !c.is_ascii_digit() && c != '_') {
                let digits = token.replace('_', "");
                let Ok(value) = digits.parse::<u64>() else { continue };
                if let Some((name, _)) = named.iter().find(|(_, v)| *v == value) {
                    found.push(format!(
                        "{relative}:{}: {value} is {name}: {}",
                        line_no + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "bare numbers that have a name in limits/:\n{}", found.join("\n"));
}

/// GitHub's anchor for a heading: lower case, punctuation dropped but `-` and `_`, spaces as
/// `-`, and `-1`, `-2`, ... after the second and later headings with the same anchor.
fn heading_anchors(markdown: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let text = line.trim_start_matches('#');
        if fenced || text.len() == line.len() || !text.starts_with(' ') {
            continue;
        }
        let base: String = text
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let count = seen.entry(base.clone()).or_default();
        anchors.insert(if *count == 0 { base.clone() } else { format!("{base}-{count}") });
        *count += 1;
    }
    anchors
}

/// Every link target of a markdown document that is neither a URL nor `mailto:`: inline
/// (`](target)`) and reference definitions (`[name]: target`), outside code fences and spans.
fn local_links(markdown: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans may show link syntax as an example: drop them.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                links.push(rest[..end].to_string());
            }
        }
        let trimmed = prose.trim_start();
        if trimmed.starts_with('[')
            && let Some(end) = trimmed.find("]: ")
        {
            links.push(trimmed[end + 3..].split_whitespace().next().unwrap_or("").to_string());
        }
    }
    links.retain(|link| !link.contains("://") && !link.starts_with("mailto:") && !link.is_empty());
    links
}

/// The project's own documents link only to files that exist and to headings those files
/// have: a heading renamed or a log entry moved shows here, not as a dead link on GitHub.
#[test]
fn the_documents_links_and_anchors_resolve() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let documents =
        ["README.md", "deploy/README.md", "benches/PERFORMANCE.md", "content/AUTHORING.md"];
    let mut checked = 0;
    let mut broken = Vec::new();
    for document in documents {
        let path = root.join(document);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{document}: {e}"));
        for link in local_links(&text) {
            let (file, anchor) = link.split_once('#').unwrap_or((link.as_str(), ""));
            let target = if file.is_empty() {
                path.clone()
            } else {
                path.parent().expect("a document's folder").join(file)
            };
            checked += 1;
            if !target.exists() {
                broken.push(format!("{document}: {link} (no such file)"));
                continue;
            }
            if anchor.is_empty() || target.is_dir() {
                continue;
            }
            let linked = std::fs::read_to_string(&target).unwrap_or_default();
            if !heading_anchors(&linked).contains(anchor) {
                broken.push(format!("{document}: {link} (no such heading)"));
            }
        }
    }
    assert!(checked > 40, "only {checked} links found: the scan is broken");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

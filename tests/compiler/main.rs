//! Tests of the build-time content compiler, included from `src/compiler/` with `#[path]`.
//!
//! The fixture tree in `tests/fixtures/content/` is valid; each rule test copies it, breaks one
//! thing and asserts the exact diagnostic (file, field, message). `tests/golden/` pins the
//! emitted tables for the fixture: run with `UPDATE_GOLDEN=1` to rewrite it after a reviewed
//! change. The real `content/` is compiled against the contract's numbers too.

#[allow(dead_code)]
#[path = "../../src/compiler/mod.rs"]
mod compiler;
/// `crate::model`, as the shared tokenizer names it in the server.
use compiler::model;
mod passages;

use std::fs;
use std::path::{Path, PathBuf};

use compiler::diagnostic::Diagnostic;
use compiler::validate::Expectations;
use compiler::{Config, compile, config_from_env, contract_expectations};

const FIXTURE: &str = "tests/fixtures/content";

fn fixture_expectations() -> Expectations {
    Expectations {
        services: 2,
        industries: 1,
        case_studies: 1,
        guides: 2,
        categories: 2,
        min_guides_per_category: 1,
        questions: 5,
        scored_questions: 4,
        options: 5,
        bands: 2,
        pillar_keys: ["strategy", "people", "data", "change"].map(String::from).to_vec(),
        guide_min_words: 40,
        guide_max_words: 200,
        page_min_words: 20,
    }
}

/// The clock the compiler tests build at (2030-01-01T00:00:00Z), so dated output is stable.
const FIXED_NOW: u64 = 1_893_456_000;

fn config(vars: &[(&str, &str)], sandbox: bool) -> Result<Config, String> {
    let vars: Vec<(String, String)> =
        vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    config_from_env(
        |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()),
        sandbox,
        "1.1.0",
        "http://127.0.0.1:8080",
        FIXED_NOW,
    )
}

fn local() -> Config {
    config(&[], false).expect("default config")
}

/// The real `content/` compiled as built on the day `epoch` (`SOURCE_DATE_EPOCH`).
fn real_content_on(epoch: &str) -> compiler::Compiled {
    let config = config(&[("SOURCE_DATE_EPOCH", epoch)], false).expect("config");
    compile(Path::new("content"), &config, &contract_expectations()).unwrap_or_else(|d| {
        panic!("{}", d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))
    })
}

/// The real `content/` built on 2030-01-01, after its newest `updated`, compiled once for the
/// tests that read it: a compile of the real tree is this binary's longest step (the build
/// script's own run checks every `updated` against the day it actually runs).
fn real_content() -> &'static compiler::Compiled {
    static COMPILED: std::sync::OnceLock<compiler::Compiled> = std::sync::OnceLock::new();
    COMPILED.get_or_init(|| real_content_on("1893456000"))
}

/// A scratch copy of the fixture tree.
struct Scratch {
    root: PathBuf,
}

impl Scratch {
    fn new(name: &str) -> Scratch {
        let root = std::env::temp_dir()
            .join(format!("consultancy-compiler-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        copy_dir(Path::new(FIXTURE), &root);
        Scratch { root }
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    fn edit(&self, relative: &str, from: &str, to: &str) -> &Scratch {
        let path = self.path(relative);
        let text = fs::read_to_string(&path).expect("fixture file");
        assert!(text.contains(from), "{relative} contains {from:?}");
        fs::write(&path, text.replacen(from, to, 1)).expect("write");
        self
    }

    fn write(&self, relative: &str, text: &str) -> &Scratch {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        fs::write(path, text).expect("write");
        self
    }

    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.diagnostics_with(&fixture_expectations())
    }

    fn diagnostics_with(&self, expect: &Expectations) -> Vec<Diagnostic> {
        match compile(&self.root, &local(), expect) {
            Ok(_) => panic!("the broken tree compiled"),
            Err(diagnostics) => diagnostics,
        }
    }

    /// Asserts one diagnostic names `file`, `field` and contains `message`.
    fn expect(&self, file: &str, field: Option<&str>, message: &str) {
        let diagnostics = self.diagnostics();
        let found = diagnostics.iter().any(|d| {
            d.path.ends_with(file) && d.field.as_deref() == field && d.message.contains(message)
        });
        let shown: Vec<String> = diagnostics.iter().map(|d| d.to_string()).collect();
        assert!(found, "expected {file} / {field:?} / {message:?}, got:\n{}", shown.join("\n"));
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("read fixture") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).expect("copy");
        }
    }
}

#[test]
fn the_fixture_compiles_deterministically_and_matches_the_golden_tables() {
    let first =
        compile(Path::new(FIXTURE), &local(), &fixture_expectations()).expect("fixture compiles");
    let second =
        compile(Path::new(FIXTURE), &local(), &fixture_expectations()).expect("fixture compiles");
    assert_eq!(first.tables, second.tables, "byte-for-byte deterministic");
    let golden = Path::new("tests/golden/fixture_tables.rs");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        fs::write(golden, &first.tables).expect("write golden");
    }
    let expected =
        fs::read_to_string(golden).expect("golden file exists (run with UPDATE_GOLDEN=1)");
    assert!(
        expected == first.tables,
        "the emitted tables changed; review the diff and run with UPDATE_GOLDEN=1"
    );
    let paths: Vec<&str> = first.routes.iter().map(|r| r.path.as_str()).collect();
    for path in [
        "/v1",
        "/v1/services/service-one",
        "/guides/alpha-guide/",
        "/guides/alpha-guide/index.md",
        "/openapi.json",
        "/docs/errors/",
    ] {
        assert!(paths.contains(&path), "route {path}");
    }
}

/// The home page counts each category's guides in words that agree with the number: the
/// fixture's categories hold one guide each, the real content's several.
#[test]
fn the_home_page_counts_a_single_guide_in_the_singular() {
    let compiled =
        compile(Path::new(FIXTURE), &local(), &fixture_expectations()).expect("compiles");
    for compiled in [&compiled, real_content()] {
        let body = |path: &str| {
            compiled.routes.iter().find(|r| r.path == path).map(|r| r.body.as_str()).expect(path)
        };
        for path in ["/", "/index.md"] {
            let page = body(path);
            assert!(!page.contains("(1 guides)"), "{path} says (1 guides)");
            let counted = page.matches(" guide)").count() + page.matches(" guides)").count();
            assert!(counted > 0, "{path} counts the guides of each category");
        }
    }
    let home = compiled.routes.iter().find(|r| r.path == "/").map(|r| r.body.as_str());
    assert!(home.is_some_and(|home| home.contains("Alpha Things (1 guide)</a>")), "{home:?}");
}

#[test]
fn the_real_content_meets_the_contract() {
    assert_eq!(
        (
            compiler::model::N_SERVICES,
            compiler::model::N_INDUSTRIES,
            compiler::model::N_CASE_STUDIES
        ),
        (13, 6, 3)
    );
    assert_eq!((compiler::model::N_GUIDES, compiler::model::N_CATEGORIES), (169, 7));
    assert_eq!((compiler::model::N_QUESTIONS, compiler::model::N_SCORED), (16, 15));
    let guides = real_content()
        .routes
        .iter()
        .filter(|r| r.path.starts_with("/guides/") && r.path.ends_with("/") && r.path != "/guides/")
        .count();
    assert_eq!(guides, 169);
}

#[test]
fn front_matter_problems_name_the_file_field_and_line() {
    let scratch = Scratch::new("missing-field");
    scratch.edit("services/service-one.md", "description = \"The one service.\"\n", "");
    scratch.expect("services/service-one.md", Some("description"), "missing field `description`");

    let scratch = Scratch::new("unknown-key");
    scratch.edit("guides/alpha/alpha-guide.md", "title =", "titel =");
    scratch.expect("guides/alpha/alpha-guide.md", Some("titel"), "unknown field `titel`");

    let scratch = Scratch::new("toml-syntax");
    scratch.edit("services/service-two.md", "slug = \"service-two\"", "slug = service-two");
    let diagnostics = scratch.diagnostics();
    assert!(
        diagnostics
            .iter()
            .any(|d| d.path.ends_with("services/service-two.md") && d.line == Some(3)),
        "{diagnostics:?}"
    );

    let scratch = Scratch::new("no-front-matter");
    scratch.write("services/service-two.md", "just text\n");
    scratch.expect("services/service-two.md", None, "missing front matter");

    let scratch = Scratch::new("unclosed");
    scratch.write("services/service-two.md", "+++\nname = \"x\"\n");
    scratch.expect("services/service-two.md", None, "front matter is not closed");
}

#[test]
fn slugs_must_be_well_formed_unique_and_match_the_file() {
    let scratch = Scratch::new("bad-slug");
    scratch.edit("services/service-one.md", "slug = \"service-one\"", "slug = \"Service_One\"");
    scratch.expect("services/service-one.md", Some("slug"), "does not match ^[a-z0-9-]+$");
    scratch.expect("services/service-one.md", Some("slug"), "differs from the file name");

    let scratch = Scratch::new("duplicate-slug");
    scratch.write(
        "guides/beta/alpha-guide.md",
        &fs::read_to_string(scratch.path("guides/beta/beta-guide.md"))
            .expect("read")
            .replace("beta-guide", "alpha-guide")
            .replace("Beta guide", "Gamma guide")
            .replace("beta?", "gamma?"),
    );
    scratch.expect("guides/beta/alpha-guide.md", Some("slug"), "is already used by");
    let diagnostics = scratch.diagnostics();
    assert!(
        diagnostics.iter().any(|d| d.message.contains("guides/alpha/alpha-guide.md")),
        "both files are named"
    );
}

#[test]
fn guide_rules_can_each_fail() {
    let scratch = Scratch::new("few-answers");
    scratch.edit(
        "guides/alpha/alpha-guide.md",
        "answers = [\"What is alpha?\", \"Why alpha?\"]",
        "answers = [\"What is alpha?\"]",
    );
    scratch.expect(
        "guides/alpha/alpha-guide.md",
        Some("answers"),
        "has 1 questions; a guide answers 2 to 5",
    );

    let scratch = Scratch::new("many-answers");
    scratch.edit(
        "guides/alpha/alpha-guide.md",
        "\"Why alpha?\"",
        "\"A?\", \"B?\", \"C?\", \"D?\", \"E?\"",
    );
    scratch.expect("guides/alpha/alpha-guide.md", Some("answers"), "has 6 questions");

    let scratch = Scratch::new("not-a-question");
    scratch.edit("guides/alpha/alpha-guide.md", "\"Why alpha?\"", "\"Why alpha\"");
    scratch.expect("guides/alpha/alpha-guide.md", Some("answers"), "is not a question");

    let scratch = Scratch::new("duplicate-answer");
    scratch.edit("guides/beta/beta-guide.md", "\"Why beta?\"", "\"why alpha?\"");
    scratch.expect(
        "guides/beta/beta-guide.md",
        Some("answers"),
        "answer question `why alpha?` is already used",
    );

    let scratch = Scratch::new("duplicate-title");
    scratch.edit("guides/beta/beta-guide.md", "title = \"Beta guide\"", "title = \"Alpha Guide\"");
    scratch.expect("guides/beta/beta-guide.md", Some("title"), "is already used");

    let scratch = Scratch::new("short-body");
    scratch.write("guides/beta/beta-guide.md", "+++\ntitle = \"Beta guide\"\nslug = \"beta-guide\"\ndescription = \"d\"\nanswers = [\"A?\", \"B?\"]\n+++\n\nToo short.\n");
    scratch.expect("guides/beta/beta-guide.md", Some("body"), "body has 2 words");

    let scratch = Scratch::new("h1");
    scratch.edit("guides/beta/beta-guide.md", "## Beta", "# Beta");
    scratch.expect("guides/beta/beta-guide.md", Some("body"), "level-1 heading");

    let scratch = Scratch::new("undefined-category");
    fs::rename(scratch.path("guides/beta"), scratch.path("guides/gamma")).expect("rename");
    // The directory is at fault, not the guide in it: it is named once, however many it holds.
    scratch.expect("guides/gamma", None, "no category has the key `gamma`");

    let scratch = Scratch::new("broken-link");
    scratch.edit("guides/alpha/alpha-guide.md", "/guides/beta-guide/", "/guides/no-such-guide/");
    scratch.expect(
        "guides/alpha/alpha-guide.md",
        Some("body"),
        "links to `/guides/no-such-guide/`",
    );
}

#[test]
fn counts_are_enforced() {
    let scratch = Scratch::new("counts");
    let expect = Expectations {
        services: 3,
        guides: 5,
        min_guides_per_category: 2,
        ..fixture_expectations()
    };
    let diagnostics = scratch.diagnostics_with(&expect);
    let messages: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert!(messages.contains(&"expected 3 services pages, found 2"), "{messages:?}");
    assert!(messages.contains(&"expected 5 guides, found 2"), "{messages:?}");
    assert!(
        messages.iter().any(|m| m.starts_with("category `alpha` has 1 guide, fewer than 2")),
        "{messages:?}"
    );
}

#[test]
fn assessment_rules_can_each_fail() {
    let scratch = Scratch::new("options");
    scratch.edit(
        "assessment.toml",
        "opts = [\"no\", \"some\", \"half\", \"most\", \"yes\"]",
        "opts = [\"no\", \"yes\"]",
    );
    scratch.expect("assessment.toml", Some("sections.questions.opts"), "has 2 options, expected 5");

    let scratch = Scratch::new("unscored");
    scratch.edit(
        "assessment.toml",
        "q = \"Is there a plan?\"",
        "q = \"Is there a plan?\"\nscored = false",
    );
    scratch.expect("assessment.toml", Some("scored"), "expected 4 scored questions, found 3");

    let scratch = Scratch::new("bands");
    scratch.edit("assessment.toml", "min = 50", "min = 0");
    scratch.expect("assessment.toml", Some("min"), "strictly ascending");

    let scratch = Scratch::new("first-band");
    scratch.edit("assessment.toml", "min = 0", "min = 10");
    scratch.expect("assessment.toml", Some("min"), "the first band must start at min = 0");

    let scratch = Scratch::new("keys");
    scratch.edit("assessment.toml", "key = \"people\"", "key = \"staff\"");
    scratch.expect("assessment.toml", Some("sections.key"), "sections are keyed");
}

#[test]
fn contact_email_must_use_a_reserved_domain() {
    let scratch = Scratch::new("email");
    scratch.edit("contact.toml", "hello@fixture.example", "hello@realcompany.com");
    scratch.expect("contact.toml", Some("email"), "is not an address at a reserved example domain");
    assert!(compiler::validate::is_reserved_email("a@b.example.com"));
    assert!(!compiler::validate::is_reserved_email("a@notexample.com"));
}

#[test]
fn every_problem_is_reported_in_one_run() {
    let scratch = Scratch::new("many");
    scratch.edit("services/service-one.md", "slug = \"service-one\"", "slug = \"BAD\"");
    scratch.edit("guides/alpha/alpha-guide.md", "\"Why alpha?\"", "\"Why alpha\"");
    scratch.edit("contact.toml", "hello@fixture.example", "x@y.com");
    let diagnostics = scratch.diagnostics();
    let files: std::collections::BTreeSet<String> = diagnostics
        .iter()
        .map(|d| d.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default())
        .collect();
    assert!(
        files.contains("service-one.md")
            && files.contains("alpha-guide.md")
            && files.contains("contact.toml"),
        "{files:?}"
    );
    let shown = diagnostics[0].to_string();
    assert!(shown.starts_with("error: "), "rendered like a compiler error: {shown}");
}

#[test]
fn configuration_is_checked_and_drives_origins_and_deprecation() {
    let sandbox =
        config(&[("CONSULTANCY_SANDBOX_BASE_URL", "https://sandbox.api.example.com")], true)
            .expect("config");
    assert_eq!(sandbox.api_base, "https://sandbox.api.example.com");
    assert_eq!(
        sandbox.site_url, "https://sandbox.api.example.com",
        "site defaults to this flavour's API origin"
    );
    for bad in [
        "api.example.com",
        "https://api.example.com/",
        "https://api.example.com/v1",
        "ftp://x",
        "https://",
    ] {
        let error = config(&[("CONSULTANCY_BASE_URL", bad)], false).expect_err(bad);
        assert!(error.contains("CONSULTANCY_BASE_URL"), "{error}");
    }
    let error = config(&[("CONSULTANCY_DEPRECATION", "tomorrow")], false).expect_err("bad date");
    assert!(error.contains("@"), "{error}");
    let error =
        config(&[("CONSULTANCY_DEPRECATION", "@1798761599")], false).expect_err("link needed");
    assert!(error.contains("CONSULTANCY_DEPRECATION_LINK"), "{error}");
    let error = config(
        &[
            ("CONSULTANCY_DEPRECATION", "@1798761599"),
            ("CONSULTANCY_SUNSET", "Thu, 01 Jan 2026 00:00:00 GMT"),
            ("CONSULTANCY_DEPRECATION_LINK", "https://x.example/"),
        ],
        false,
    )
    .expect_err("sunset before deprecation");
    assert!(error.contains("earlier"), "{error}");

    let deprecated = config(
        &[
            ("CONSULTANCY_DEPRECATION", "@1798761599"),
            ("CONSULTANCY_SUNSET", "Fri, 31 Dec 2027 23:59:59 GMT"),
            ("CONSULTANCY_DEPRECATION_LINK", "https://docs.example.com/v2-migration/"),
        ],
        false,
    )
    .expect("config");
    let compiled =
        compile(Path::new(FIXTURE), &deprecated, &fixture_expectations()).expect("compiles");
    assert!(compiled.tables.contains(
        "pub const DEPRECATION: Option<Deprecation> = Some(Deprecation { deprecation: \"@1798761599\", sunset: Some(\"Fri, 31 Dec 2027 23:59:59 GMT\"), link: \"https://docs.example.com/v2-migration/\" });"
    ));
    let current = compile(Path::new(FIXTURE), &local(), &fixture_expectations()).expect("compiles");
    assert!(current.tables.contains("pub const DEPRECATION: Option<Deprecation> = None;"));
}

#[test]
fn updated_dates_must_be_bare_real_dates_not_after_the_build() {
    let scratch = Scratch::new("date-string");
    scratch.edit("site.toml", "updated = 2029-06-01", "updated = \"2029-06-01\"");
    // toml's own message; the diagnostic points at the line and names the key on it.
    scratch.expect("site.toml", Some("updated"), "expected a TOML datetime");

    let scratch = Scratch::new("date-time");
    scratch.edit("site.toml", "updated = 2029-06-01", "updated = 2029-06-01T10:00:00Z");
    scratch.expect("site.toml", Some("updated"), "is not a calendar date");

    let scratch = Scratch::new("date-future");
    scratch.edit(
        "guides/alpha/alpha-guide.md",
        "slug = \"alpha-guide\"",
        "slug = \"alpha-guide\"\nupdated = 2031-02-03",
    );
    scratch.expect(
        "alpha-guide.md",
        Some("updated"),
        "updated 2031-02-03 is after the build date 2030-01-01",
    );

    let scratch = Scratch::new("date-unknown-key");
    scratch.edit(
        "services/service-one.md",
        "slug = \"service-one\"",
        "slug = \"service-one\"\nupdate = 2029-01-01",
    );
    scratch.expect("services/service-one.md", Some("update"), "unknown field `update`");
}

#[test]
fn dates_drive_the_sitemap_and_security_txt() {
    let scratch = Scratch::new("dated");
    scratch.edit(
        "services/service-two.md",
        "slug = \"service-two\"",
        "slug = \"service-two\"\nupdated = 2029-08-15",
    );
    let compiled = compile(&scratch.root, &local(), &fixture_expectations()).expect("compiles");
    let body = |path: &str| {
        compiled.routes.iter().find(|r| r.path == path).map(|r| r.body.clone()).expect(path)
    };
    let sitemap = body("/sitemap.xml");
    assert!(sitemap.contains(
        "<url><loc>http://127.0.0.1:8080/services/service-two/</loc><lastmod>2029-08-15</lastmod></url>"
    ));
    // Other pages take the site's date; the listing takes its newest item's.
    assert!(sitemap.contains(
        "<url><loc>http://127.0.0.1:8080/services/service-one/</loc><lastmod>2029-06-01</lastmod></url>"
    ));
    assert!(sitemap.contains(
        "<url><loc>http://127.0.0.1:8080/services/</loc><lastmod>2029-08-15</lastmod></url>"
    ));
    // 180 days after the build date of 2030-01-01.
    assert!(body("/.well-known/security.txt").contains("Expires: 2030-06-30T00:00:00Z\n"));

    let reproducible =
        config(&[("SOURCE_DATE_EPOCH", "1900000000")], false).expect("config from the epoch");
    assert_eq!(reproducible.build_date.to_string(), "2030-03-17");
    let error = config(&[("SOURCE_DATE_EPOCH", "yesterday")], false).expect_err("bad epoch");
    assert!(error.contains("SOURCE_DATE_EPOCH"), "{error}");
}

/// The packed rows of the index unpack to what was packed, at the extremes of every field.
#[test]
fn packed_index_rows_round_trip() {
    use compiler::model::packed;
    for (guide, impact) in [(0, 0), (u16::MAX, 0), (0, u16::MAX), (168, 54_321)] {
        assert_eq!(packed::unpack_posting(packed::posting(guide, impact)), (guide, impact));
    }
    for (start, end, term) in [(0, 0, 0), (u16::MAX, 1, u32::MAX), (7, u16::MAX, 3_787)] {
        assert_eq!(packed::unpack_token(packed::token(start, end, term)), (start, end, term));
    }
    for (item, impact, head) in [(0, 0, false), (u16::MAX, u16::MAX, true), (196, 1, true)] {
        let row = packed::item_posting(item, impact, head);
        assert_eq!(packed::unpack_item_posting(row), (item, impact, head));
    }
    for (passage, impact, own) in [(0, 0, false), (u32::MAX, u16::MAX, true), (7_601, 9, false)] {
        let row = packed::passage_posting(passage, impact, own);
        assert_eq!(packed::unpack_passage_posting(row), (passage, impact, own));
    }
}

/// The build date moves security.txt's `Expires` and nothing else: the search cursor key of
/// one content tree is the same whichever day it is built, so a fleet built over several days
/// honours one another's cursors (and recorded cursors stay valid from one day to the next).
#[test]
fn the_build_day_moves_only_security_txt_and_never_the_cursor_key() {
    // 2030-01-01 and 2030-03-17, both after the content's newest `updated`.
    let (first, second) = (real_content(), &real_content_on("1900000000"));
    assert_eq!(first.routes.len(), second.routes.len());
    let moved: Vec<&str> = first
        .routes
        .iter()
        .zip(&second.routes)
        .filter(|(a, b)| a.path != b.path || a.body != b.body)
        .map(|(a, _)| a.path.as_str())
        .collect();
    assert_eq!(moved, ["/.well-known/security.txt"]);
    let key = |tables: &str| {
        tables.lines().find(|line| line.starts_with("pub const CURSOR_KEY")).map(str::to_string)
    };
    assert!(key(&first.tables).is_some(), "the tables define CURSOR_KEY");
    assert_eq!(key(&first.tables), key(&second.tables));
    // Content does move it.
    let scratch = Scratch::new("cursor-key");
    let fixture = compile(&scratch.root, &local(), &fixture_expectations()).expect("compiles");
    scratch.edit(
        "services/service-two.md",
        "slug = \"service-two\"",
        "slug = \"service-two\"\nupdated = 2029-08-15",
    );
    let edited = compile(&scratch.root, &local(), &fixture_expectations()).expect("compiles");
    assert_ne!(key(&fixture.tables), key(&edited.tables));
}

#[test]
fn calendar_arithmetic_is_right_across_months_and_leap_years() {
    use compiler::date::Date;
    assert_eq!(Date::from_unix_secs(0).to_string(), "1970-01-01");
    assert_eq!(Date::from_unix_secs(951_782_400).to_string(), "2000-02-29");
    let date = Date::new(2028, 2, 28).expect("a date");
    assert_eq!(date.plus_days(1).to_string(), "2028-02-29");
    assert_eq!(date.plus_days(2).to_string(), "2028-03-01");
    assert_eq!(Date::new(2027, 12, 31).expect("a date").plus_days(1).to_string(), "2028-01-01");
    assert!(Date::new(2027, 2, 29).is_none() && Date::new(2028, 13, 1).is_none());
}

#[test]
fn the_security_contact_must_use_a_reserved_domain() {
    let scratch = Scratch::new("security-email");
    scratch.edit("contact.toml", "security@fixture.example", "security@realcompany.com");
    scratch.expect(
        "contact.toml",
        Some("security_email"),
        "is not an address at a reserved example domain",
    );
}

#[test]
fn every_page_is_in_the_sitemap_llms_full_and_page_links() {
    let compiled =
        compile(Path::new(FIXTURE), &local(), &fixture_expectations()).expect("compiles");
    let pages: Vec<&str> = compiled
        .routes
        .iter()
        .filter(|r| r.content_type.starts_with("text/html"))
        .map(|r| r.path.as_str())
        .collect();
    let body = |path: &str| {
        compiled.routes.iter().find(|r| r.path == path).map(|r| r.body.as_str()).expect(path)
    };
    for page in &pages {
        let url = format!("http://127.0.0.1:8080{page}");
        assert!(body("/sitemap.xml").contains(&format!("<loc>{url}</loc>")), "{page} in sitemap");
        assert!(body("/llms-full.txt").contains(&format!("URL: {url}\n")), "{page} in llms-full");
        assert!(
            compiled.tables.contains(&format!(
                "<{url}index.md>; rel=\\\"alternate\\\"; type=\\\"text/markdown\\\""
            )),
            "{page} has its Link header"
        );
    }
    assert_eq!(pages.len(), body("/sitemap.xml").matches("<url>").count(), "only pages");
}
/// Issue 11: the agent surfaces' public origin is configurable; the index, the server cards
/// and the AI catalog name it, and the MCP listings are built for the fixture content too.
#[test]
fn the_agent_origin_drives_the_mcp_links_cards_and_catalog() {
    let agent =
        config(&[("CONSULTANCY_AGENT_URL", "https://mcp.example.com")], false).expect("config");
    assert_eq!(agent.agent_url, "https://mcp.example.com");
    assert_eq!(local().agent_url, "http://127.0.0.1:8080", "defaults to the API origin");
    let error = config(&[("CONSULTANCY_AGENT_URL", "https://mcp.example.com/mcp")], false)
        .expect_err("a path is not an origin");
    assert!(error.contains("CONSULTANCY_AGENT_URL"), "{error}");

    let compiled = compile(Path::new(FIXTURE), &agent, &fixture_expectations()).expect("compiles");
    let body = |path: &str| -> serde_json::Value {
        let route = compiled.routes.iter().find(|r| r.path == path).expect(path);
        serde_json::from_str(&route.body).expect("JSON")
    };
    let index = body("/v1");
    assert_eq!(index["mcp"]["product"], "https://mcp.example.com/mcp");
    assert_eq!(
        index["mcp"]["serverCard"],
        "https://mcp.example.com/.well-known/mcp/server-card.json"
    );
    assert!(index["endpoints"]["POST https://mcp.example.com/mcp/docs"].is_string());
    assert!(index["endpoints"]["GET /v1/services"].is_string(), "REST labels stay relative");
    let card = body("/mcp/docs/server-card");
    assert_eq!(card["remotes"][0]["url"], "https://mcp.example.com/mcp/docs");
    assert_eq!(body("/.well-known/mcp/server-card.json"), body("/mcp/server-card"));
    let catalog = body("/.well-known/ai-catalog.json");
    assert_eq!(catalog["entries"][1]["url"], "https://mcp.example.com/mcp/docs/server-card");
    let openapi = body("/openapi.json");
    assert_eq!(openapi["paths"]["/mcp"]["servers"][0]["url"], "https://mcp.example.com");
    assert!(compiled.tables.contains("pub const AGENT_URL: &str = \"https://mcp.example.com\";"));
    assert!(compiled.tables.contains("pub static MCP_LISTINGS: [McpListings; 2]"));
}

/// The OpenAPI `servers`: this flavour's origin first, the other flavour's after it when the
/// build names it, and one entry when the two origins are the same: the default build listed
/// `http://127.0.0.1:8080` twice, as "Production" and as "Sandbox".
#[test]
fn the_openapi_servers_list_each_origin_once_this_flavours_first() {
    let servers = |vars: &[(&str, &str)], sandbox: bool| -> Vec<(String, String)> {
        let config = config(vars, sandbox).expect("config");
        let compiled =
            compile(Path::new(FIXTURE), &config, &fixture_expectations()).expect("compiles");
        let route = compiled.routes.iter().find(|r| r.path == "/openapi.json").expect("document");
        let document: serde_json::Value = serde_json::from_str(&route.body).expect("JSON");
        document["servers"]
            .as_array()
            .expect("servers")
            .iter()
            .map(|s| {
                let description = s["description"].as_str().unwrap_or_default();
                let name = description.split(':').next().unwrap_or_default();
                (s["url"].as_str().unwrap_or_default().to_string(), name.to_string())
            })
            .collect()
    };
    let pair = |url: &str, name: &str| (url.to_string(), name.to_string());
    let local = "http://127.0.0.1:8080";
    assert_eq!(servers(&[], false), [pair(local, "Production")]);
    assert_eq!(servers(&[], true), [pair(local, "Sandbox")]);
    let both = [
        ("CONSULTANCY_BASE_URL", "https://api.example.com"),
        ("CONSULTANCY_SANDBOX_BASE_URL", "https://sandbox.example.com"),
    ];
    assert_eq!(
        servers(&both, false),
        [
            pair("https://api.example.com", "Production"),
            pair("https://sandbox.example.com", "Sandbox")
        ]
    );
    assert_eq!(
        servers(&both, true),
        [
            pair("https://sandbox.example.com", "Sandbox"),
            pair("https://api.example.com", "Production")
        ]
    );
    // A build that names only its own origin lists only itself: the other flavour's default,
    // the local origin, is not a server anyone runs (it listed `http://127.0.0.1:8080` as the
    // sandbox of `https://api.example.com`).
    assert_eq!(servers(&both[..1], false), [pair("https://api.example.com", "Production")]);
    assert_eq!(servers(&both[1..], true), [pair("https://sandbox.example.com", "Sandbox")]);
    // Naming the local origin explicitly lists it; the same origin named for both, once.
    let local_sandbox = [
        ("CONSULTANCY_BASE_URL", "https://api.example.com"),
        ("CONSULTANCY_SANDBOX_BASE_URL", local),
    ];
    assert_eq!(servers(&local_sandbox, false).len(), 2);
    let same = [("CONSULTANCY_BASE_URL", local), ("CONSULTANCY_SANDBOX_BASE_URL", local)];
    assert_eq!(servers(&same, false), [pair(local, "Production")]);
}

#[test]
fn a_company_name_too_long_for_the_server_cards_is_refused() {
    let name = "Fixture Consulting With A Name Long Enough To Overflow The Card";
    Scratch::new("long-company").edit("site.toml", "Fixture Consulting", name).expect(
        "site.toml",
        Some("company"),
        "has more than 100 characters",
    );
}

/// The social card (every page's `og:image`) is checked at build time: missing, not a PNG, the
/// wrong size or too large is a diagnostic naming `social-card.png`; the real card passes.
#[test]
fn the_social_card_must_be_a_1200_by_630_png() {
    let png = |width: u32, height: u32, padding: usize| {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        bytes.extend_from_slice(&width.to_be_bytes());
        bytes.extend_from_slice(&height.to_be_bytes());
        bytes.resize(bytes.len() + padding, 0);
        bytes
    };
    let broken: [(&str, Option<Vec<u8>>); 6] = [
        ("cannot read the social card", None),
        ("is not a PNG", Some(b"GIF89a".to_vec())),
        ("is not a PNG", Some(png(1200, 630, 0)[..20].to_vec())),
        ("is 1200x600 pixels; the social card must be 1200x630", Some(png(1200, 600, 0))),
        ("is 630x1200 pixels", Some(png(630, 1200, 0))),
        ("over the 102400 a social card may have", Some(png(1200, 630, 102_400))),
    ];
    for (message, bytes) in broken {
        let scratch = Scratch::new("card");
        let path = scratch.path("social-card.png");
        match bytes {
            Some(bytes) => fs::write(&path, bytes).expect("write"),
            None => fs::remove_file(&path).expect("remove"),
        }
        scratch.expect("social-card.png", None, message);
    }
    let fixture = compile(Path::new(FIXTURE), &local(), &fixture_expectations()).expect("compiles");
    let card = fs::read(Path::new(FIXTURE).join("social-card.png")).expect("the fixture's card");
    let etag = compiler::emit::etag_bytes(&card);
    assert!(fixture.tables.contains(&format!("SOCIAL_CARD_ETAG: &str = {etag:?}")), "{etag}");
    let real = fs::read("content/social-card.png").expect("the real card");
    assert_eq!(compiler::card::dimensions(&real), Some((1200, 630)));
    assert!(real.len() < 60 * 1024, "the card is {} bytes", real.len());
}

/// Asserts the exact diagnostics of a broken `synonyms.toml`: `(line, field, message)` each.
fn expect_synonym_diagnostics(scratch: &Scratch, expected: &[(usize, &str, &str)]) {
    let found: Vec<(usize, String, String)> = scratch
        .diagnostics()
        .into_iter()
        .filter(|d| d.path.ends_with("synonyms.toml"))
        .map(|d| (d.line.unwrap_or(0), d.field.unwrap_or_default(), d.message))
        .collect();
    let expected: Vec<(usize, String, String)> =
        expected.iter().map(|(l, f, m)| (*l, f.to_string(), m.to_string())).collect();
    assert_eq!(found, expected);
}

#[test]
fn synonyms_with_an_empty_side_or_unsearchable_terms_are_rejected() {
    let scratch = Scratch::new("synonyms-empty");
    scratch.write(
        "synonyms.toml",
        "[[equivalent]]\nterms = [\"alpha\"]\n\n[[one_way]]\nfrom = \"watching\"\nto = []\n\n[[equivalent]]\nterms = [\"the\", \"plan B\", \"alpha\", \"A/B test\"]\n",
    );
    expect_synonym_diagnostics(
        &scratch,
        &[
            (1, "equivalent.terms", "an equivalent group needs at least two terms, found 1"),
            (9, "equivalent.terms", "`the` has no searchable words"),
            (9, "equivalent.terms", "`plan B` has a one-letter word, `b`, that search ignores"),
            (4, "one_way.to", "the one-way entry from `watching` has no `to` terms"),
        ],
    );
}

#[test]
fn synonyms_may_not_repeat_a_term_or_start_two_entries() {
    let scratch = Scratch::new("synonyms-duplicates");
    scratch.write(
        "synonyms.toml",
        "[[equivalent]]\nterms = [\"alpha\", \"Alphas\", \"first letter\"]\n\n[[one_way]]\nfrom = \"alpha\"\nto = [\"drift monitoring\"]\n",
    );
    expect_synonym_diagnostics(
        &scratch,
        &[
            (
                2,
                "equivalent.terms",
                "`Alphas` repeats `alpha` in the same entry (both read as `alpha`)",
            ),
            (5, "one_way.from", "`alpha` already starts the entry on line 2"),
        ],
    );
}

/// `keep_words` says a phrase's words also count alone: a one-word input is a word already.
#[test]
fn keep_words_is_refused_on_a_one_word_input() {
    let scratch = Scratch::new("synonyms-keep-words");
    scratch.write(
        "synonyms.toml",
        "[[one_way]]\nfrom = \"watching\"\nto = [\"monitoring\"]\nkeep_words = true\n\n[[one_way]]\nfrom = \"watching drift\"\nto = [\"monitoring\"]\nkeep_words = true\n",
    );
    expect_synonym_diagnostics(
        &scratch,
        &[(2, "one_way.keep_words", "`watching` is one word: `keep_words` is for phrases")],
    );
}

/// `last_word` says where a word or a phrase finds its targets: on a phrase it is accepted
/// (a phrase so marked is one only ending the query or its sentence, "good data").
#[test]
fn last_word_is_accepted_on_a_phrase() {
    let scratch = Scratch::new("synonyms-last-word");
    scratch.write(
        "synonyms.toml",
        "[[one_way]]\nfrom = \"watching drift\"\nto = [\"monitoring\"]\nlast_word = true\n\n[[one_way]]\nfrom = \"watching\"\nto = [\"monitoring\"]\nlast_word = true\n",
    );
    let compiled = compile(&scratch.root, &local(), &fixture_expectations());
    assert!(compiled.is_ok(), "{:?}", compiled.err());
}

#[test]
fn one_way_synonyms_may_not_form_a_cycle() {
    let scratch = Scratch::new("synonyms-cycle");
    scratch.write(
        "synonyms.toml",
        "[[one_way]]\nfrom = \"watching\"\nto = [\"monitoring\"]\n\n[[one_way]]\nfrom = \"monitoring\"\nto = [\"drift\"]\n\n[[one_way]]\nfrom = \"drift\"\nto = [\"watching\"]\n",
    );
    expect_synonym_diagnostics(
        &scratch,
        &[(
            7,
            "one_way.to",
            "one-way synonyms form a cycle: `drift` → `watching` → `monitoring` → `drift`",
        )],
    );
}

#[test]
fn synonyms_the_library_never_uses_are_rejected() {
    let scratch = Scratch::new("synonyms-unused");
    scratch.write(
        "synonyms.toml",
        "[[equivalent]]\nterms = [\"gamma\", \"delta ray\"]\n\n[[one_way]]\nfrom = \"watching\"\nto = [\"drift monitoring\", \"monitoring drift\"]\n",
    );
    expect_synonym_diagnostics(
        &scratch,
        &[
            (2, "equivalent.terms", "no guide uses any of `gamma`, `delta ray`"),
            (6, "one_way.to", "no guide uses `monitoring drift`"),
        ],
    );
    let scratch = Scratch::new("synonyms-missing");
    fs::remove_file(scratch.path("synonyms.toml")).expect("remove");
    scratch.expect("synonyms.toml", None, "cannot read file");
    let scratch = Scratch::new("synonyms-unknown-key");
    scratch.write("synonyms.toml", "[[one_way]]\nfrom = \"watching\"\ntoo = [\"drift\"]\n");
    scratch.expect("synonyms.toml", Some("too"), "unknown field `too`");
}

#[test]
fn passages_are_sentences_packed_to_thirty_words() {
    use compiler::index::{body_blocks, passages_of};
    let short = "One two three. Four five? Six: seven.";
    assert_eq!(passages_of(short), [short]);
    let sentence = |n: usize, word: &str| format!("{}.", vec![word; n].join(" "));
    let text = format!("{} {} {}", sentence(20, "a"), sentence(20, "b"), sentence(5, "c"));
    let passages = passages_of(&text);
    assert_eq!(
        passages,
        [sentence(20, "a"), format!("{} {}", sentence(20, "b"), sentence(5, "c"))]
    );
    // A sentence longer than a passage is cut, and the cuts are marked.
    let long = passages_of(&vec!["w"; 65].join(" "));
    assert_eq!(long.len(), 3);
    assert!(long[0].ends_with(" …") && long[1].starts_with("… ") && long[1].ends_with(" …"));
    assert!(long[2].starts_with("… ") && !long[2].ends_with('…'));
    // Markdown becomes blocks of text; headings are marked as such.
    let blocks = body_blocks(
        "## Title here\n\nA *short* [link](/x/) and `code`.\n\n- item one\n- item two\n",
    );
    assert_eq!(
        blocks,
        [
            (true, "Title here".to_string()),
            (false, "A short link and code.".to_string()),
            (false, "item one".to_string()),
            (false, "item two".to_string()),
        ]
    );
    // A table is read row by row, with no pipes; the header row is indexed as a heading, and
    // empty cells are left out.
    let blocks = body_blocks(
        "Before.\n\n| Role | Owns | Time |\n|---|---|---|\n| Data steward | *Definitions*, quality | |\n\
         | | Approves access | Weekly |\n\nAfter.\n",
    );
    assert_eq!(
        blocks,
        [
            (false, "Before.".to_string()),
            (true, "Role; Owns; Time".to_string()),
            (false, "Data steward: Definitions, quality".to_string()),
            (false, "Approves access: Weekly".to_string()),
            (false, "After.".to_string()),
        ]
    );
}

/// A snippet reads as a whole thought: it never ends on the colon of a list's lead-in with
/// the list in another passage, never starts halfway through a sentence the lead-in began,
/// never quotes a bold label alone, and a sentence is cut (where it must be) at a pause.
#[test]
fn passages_keep_a_lead_in_with_what_it_introduces() {
    use compiler::index::{body_blocks, passages_of, snippet_texts};
    let passages = |markdown: &str| -> Vec<String> {
        let blocks = body_blocks(markdown);
        snippet_texts(blocks.iter().map(|(heading, text)| (*heading, text.as_str())))
            .iter()
            .flat_map(|text| passages_of(text))
            .collect()
    };
    // A lead-in and the items that carry its sentence on are one text; an item that starts
    // a sentence of its own is its own.
    assert_eq!(
        passages(
            "It suits:\n\n- facts that change;\n- answers that cite a source.\n- Other things.\n"
        ),
        ["It suits: facts that change; answers that cite a source.", "Other things."]
    );
    // A colon inside a paragraph does not end a passage.
    let words = |n: usize, word: &str| vec![word; n].join(" ");
    let text = format!("{} {}: {}.", words(10, "a"), words(14, "b"), words(10, "c"));
    assert_eq!(passages_of(&text), [text]);
    // A bold label is read with a colon, joined to what it labels.
    assert_eq!(
        passages("**Join problems.**\n\n- Fan-out joins.\n\n**Build (one-off)**\n\n- Design\n"),
        ["Join problems: Fan-out joins.", "Build (one-off): Design"]
    );
    // A lead-in that nothing follows (a heading, a table) ends in `…`, not on its colon.
    assert_eq!(passages("Then compute:\n\n## Next\n\nMore.\n"), ["Then compute …", "More."]);
    // A sentence of up to forty words stays whole; a longer one is cut at a comma near the
    // even place, into as few pieces as thirty words allow.
    let forty = format!("{}.", words(40, "w"));
    assert_eq!(passages_of(&forty), [forty]);
    let long = format!("{}, {}.", words(24, "x"), words(26, "y"));
    assert_eq!(
        passages_of(&long),
        [format!("{}, …", words(24, "x")), format!("… {}.", words(26, "y"))]
    );
    // A short sentence goes with the next, not alone.
    let text = format!("Pin versions. {}.", words(27, "z"));
    assert_eq!(passages_of(&text), [text]);
}

#[test]
fn passages_holding_the_snippet_marks_are_not_offered() {
    // A code span is text, so `<mark>` would reach a passage; that passage is dropped, so the
    // marks added at query time are the only ones a snippet has.
    let scratch = Scratch::new("mark-in-body");
    scratch.edit(
        "guides/alpha/alpha-guide.md",
        "Alpha drift monitoring.",
        "Alpha drift monitoring. Use `<mark>` tags.",
    );
    let compiled = compile(&scratch.root, &local(), &fixture_expectations()).expect("compiles");
    let passages: Vec<&str> =
        compiled.tables.lines().filter(|l| l.contains("PassageRecord { text:")).collect();
    assert!(passages.iter().any(|p| p.contains("word39")), "{passages:?}");
    assert!(passages.iter().all(|p| !p.contains("<mark>")), "{passages:?}");
    let clean = compile(Path::new(FIXTURE), &local(), &fixture_expectations()).expect("compiles");
    assert!(clean.tables.contains("PassageRecord { text: \"Alpha drift monitoring. word0"));
}

/// Error meanings and listing descriptions are plain text that quotes names the markdown way;
/// the page shows those as code, and everything else as escaped text.
#[test]
fn code_spans_in_short_texts_become_code_and_the_rest_is_escaped() {
    use compiler::render::inline_code_html;
    assert_eq!(
        inline_code_html("`limit` is not an integer"),
        "<code>limit</code> is not an integer"
    );
    assert_eq!(
        inline_code_html("a `<b>` & \"c\" `"),
        "a <code>&lt;b&gt;</code> &amp; &quot;c&quot; `",
        "markup is escaped inside and outside code; a lone backtick stays"
    );
    assert_eq!(inline_code_html("`a` and `b`"), "<code>a</code> and <code>b</code>");
    assert_eq!(inline_code_html("no code"), "no code");
}

/// Page bodies name this build's origins with placeholders, so examples in code blocks show
/// an address the reader can call; an unknown or unclosed placeholder fails the build at its line.
#[test]
fn origin_placeholders_are_substituted_and_unknown_ones_rejected() {
    let origins = config(
        &[
            ("CONSULTANCY_BASE_URL", "https://api.fixture.example"),
            ("CONSULTANCY_AGENT_URL", "https://agents.fixture.example"),
            ("CONSULTANCY_SITE_URL", "https://www.fixture.example"),
        ],
        false,
    )
    .expect("config");
    let scratch = Scratch::new("placeholders");
    scratch.edit(
        "docs/api.md",
        "doc0 ",
        "doc0\n\n```sh\ncurl {{api_origin}}/v1 {{agent_origin}}/mcp {{site_origin}}/guides/\n```\n\n",
    );
    let compiled =
        compile(&scratch.root, &origins, &fixture_expectations()).expect("placeholders compile");
    let twin = compiled.routes.iter().find(|r| r.path == "/docs/api/index.md").expect("twin");
    assert!(
        twin.body.contains(
            "curl https://api.fixture.example/v1 https://agents.fixture.example/mcp https://www.fixture.example/guides/"
        ),
        "{}",
        twin.body
    );
    let page = compiled.routes.iter().find(|r| r.path == "/docs/api/").expect("page");
    assert!(page.body.contains("curl https://api.fixture.example/v1") && !page.body.contains("{{"));

    for (name, broken, message) in [
        ("placeholder-unknown", "doc0 {{api_url}}/v1 ", "unknown placeholder `{{api_url}}`"),
        ("placeholder-unclosed", "doc0 {{api_origin ", "is not closed with `}}`"),
    ] {
        let scratch = Scratch::new(name);
        scratch.edit("docs/api.md", "doc0 ", &format!("doc0\n{broken}\n"));
        let text = fs::read_to_string(scratch.path("docs/api.md")).expect("read");
        let line = text.lines().position(|l| l.contains("{{")).expect("placeholder line") + 1;
        let diagnostics = scratch.diagnostics();
        let found = diagnostics.iter().find(|d| d.path.ends_with("docs/api.md"));
        let diagnostic = found.unwrap_or_else(|| panic!("{name}: {diagnostics:?}"));
        assert_eq!(diagnostic.line, Some(line), "{name}: {diagnostic}");
        assert_eq!(diagnostic.field.as_deref(), Some("body"), "{name}");
        assert!(diagnostic.message.contains(message), "{name}: {diagnostic}");
        assert!(
            diagnostic.hint.as_deref().is_some_and(|h| h.contains("{{agent_origin}}")),
            "{name}"
        );
    }
}

/// An industry page's `sector_words` are read by the answer engine as the industry's name
/// ("banking" asks about Financial Services): one lowercase word each, on industry pages
/// only, and each word names one industry.
#[test]
fn sector_words_are_single_lowercase_words_of_one_industry_each() {
    let industry = "industries/industry-one.md";
    let scratch = Scratch::new("sector-word-case");
    scratch.edit(industry, "\"widgets\"", "\"Widgets\"");
    scratch.expect(industry, Some("sector_words"), "`Widgets` is not one word of lowercase");

    let scratch = Scratch::new("sector-word-phrase");
    scratch.edit(industry, "\"widgets\"", "\"widget makers\"");
    scratch.expect(industry, Some("sector_words"), "`widget makers` is not one word");

    let scratch = Scratch::new("sector-word-twice");
    scratch.edit(industry, "\"widgeteers\"", "\"widgets\"");
    scratch.expect(industry, Some("sector_words"), "`widgets` is listed twice");

    let scratch = Scratch::new("sector-word-elsewhere");
    scratch.edit(
        "services/service-one.md",
        "description = \"The one service.\"",
        "description = \"The one service.\"\nsector_words = [\"widgets\"]",
    );
    scratch.expect("services/service-one.md", Some("sector_words"), "only industry pages");

    let scratch = Scratch::new("sector-word-two-industries");
    let text = fs::read_to_string(scratch.path(industry)).expect("read");
    scratch.write(
        "industries/industry-two.md",
        &text.replace("industry-one", "industry-two").replace("Industry One", "Industry Two"),
    );
    scratch.expect("industries/industry-two.md", Some("sector_words"), "is already used by");
}

/// A page's `other_names` ("LLM" for the generative AI service) are searched as its name
/// is: they are among its document's title terms, and not in its text. Each is one to four
/// words of letters and digits, once per page, on one page of its kind, and only services,
/// industries and case studies have them.
#[test]
fn other_names_are_title_terms_of_their_page_and_checked() {
    let service = "services/service-one.md";
    let names = |value: &str| format!("description = \"The one service.\"\nother_names = {value}");
    let scratch = Scratch::new("other-names-ok");
    scratch.edit(
        service,
        "description = \"The one service.\"",
        &names("[\"LLM\", \"chief data officer\"]"),
    );
    let compiled =
        compile(&scratch.root, &local(), &fixture_expectations()).expect("fixture compiles");
    let titles = document_terms(&compiled.tables, "services/service-one", "title_terms");
    for term in ["llm", "chief", "officer"] {
        assert!(titles.contains(&term.to_string()), "{term} in {titles:?}");
    }
    // Not shown: no page, listing or record writes the name.
    assert!(!compiled.tables.contains("chief data officer"), "an other name is never shown");

    for (value, message) in [
        (
            "[\"large language model chat apps\"]",
            "`large language model chat apps` is not 1 to 4 words",
        ),
        ("[\"\"]", "`` is not 1 to 4 words"),
        ("[\"LLM/GenAI\"]", "`LLM/GenAI` is not 1 to 4 words"),
        ("[\"chief  data\"]", "`chief  data` is not 1 to 4 words"),
        ("[\"LLM\", \"llm\"]", "`llm` is listed twice"),
    ] {
        let scratch = Scratch::new(&format!("other-names-{}", value.len()));
        scratch.edit(service, "description = \"The one service.\"", &names(value));
        scratch.expect(service, Some("other_names"), message);
    }

    let scratch = Scratch::new("other-names-docs");
    scratch.edit(
        "docs/api.md",
        "description = \"The API docs.\"",
        "description = \"The API docs.\"\nother_names = [\"reference\"]",
    );
    scratch.expect(
        "docs/api.md",
        Some("other_names"),
        "only services, industries and case studies",
    );

    let scratch = Scratch::new("other-names-two-services");
    scratch.edit(service, "description = \"The one service.\"", &names("[\"LLM\"]"));
    scratch.edit(
        "services/service-two.md",
        "slug = \"service-two\"",
        "slug = \"service-two\"\nother_names = [\"llm\"]",
    );
    scratch.expect("services/service-two.md", Some("other_names"), "is already used by");
}

/// The terms of the document record `id` in the emitted tables: its `field` (`terms`,
/// `title_terms` or `lead_terms`).
fn document_terms(tables: &str, id: &str, field: &str) -> Vec<String> {
    let record = tables
        .lines()
        .flat_map(|line| line.split("DocumentRecord {"))
        .find(|record| record.contains(&format!("id: \"{id}\",")))
        .unwrap_or_else(|| panic!("a record {id}"));
    let terms = record.split(&format!(" {field}: &[")).nth(1).expect("the field");
    let terms = terms.split(']').next().expect("the field's end");
    terms.split(',').map(|term| term.trim_matches('"').to_string()).collect()
}

/// The API documentation's corpus (`search_api_docs`) holds a synonym phrase only where its
/// words stand together in one sentence of one block, as the guide index does: a page's
/// title ran into its summary ("API drift" then "Monitoring the API docs." made the phrase
/// `drift monitoring`), a heading into the paragraph under it, and one table cell into the
/// next, so a search for the phrase found a page that never says it.
#[test]
fn a_documents_phrase_does_not_run_across_its_title_summary_or_blocks() {
    let key = compiler::tokenize::tokens("drift monitoring")
        .into_iter()
        .map(|token| token.stem)
        .collect::<Vec<_>>()
        .join(" ");
    let terms_of = |name: &str, description: &str, body: &str| {
        let scratch = Scratch::new(&format!("doc-blocks-{}-{}", name.len(), body.len()));
        scratch
            .edit("docs/api.md", "name = \"API\"", &format!("name = \"{name}\""))
            .edit("docs/api.md", "\"The API docs.\"", &format!("\"{description}\""))
            .edit("docs/api.md", "doc0 ", &format!("{body}\n\ndoc0 "));
        let compiled =
            compile(&scratch.root, &local(), &fixture_expectations()).expect("fixture compiles");
        document_terms(&compiled.tables, "docs/api", "terms")
    };
    for (name, description, body) in [
        ("API drift", "Monitoring the API docs.", "Watch it."),
        ("API", "The API docs.", "## Watch for drift\n\nMonitoring comes next."),
        ("API", "The API docs.", "| Drift | Monitoring |\n|---|---|\n| drift | monitoring |"),
        ("API", "The API docs.", "- drift\n- monitoring"),
        ("API", "The API docs.", "```\nwatch drift\nmonitoring\n```"),
    ] {
        let terms = terms_of(name, description, body);
        assert!(terms.contains(&"drift".to_string()) && terms.contains(&"monitor".to_string()));
        assert!(!terms.contains(&key), "{body:?}: {key:?} in {terms:?}");
    }
    let together = terms_of(
        "API",
        "The API docs.",
        "We watch for drift\nmonitoring daily, in a paragraph wrapped there.",
    );
    assert!(together.contains(&key), "{key:?} said in one sentence: {together:?}");
}

/// Audit six (2026-12-07) followed README's "Authoring content" and broke the content once
/// for each error it lists: these messages lacked the line, named the wrong one or the
/// wrong path, or came twice.
#[test]
fn authoring_errors_name_the_right_file_and_line_once() {
    let at = |scratch: &Scratch, file: &str, field: &str, message: &str| -> Vec<Option<usize>> {
        scratch
            .diagnostics()
            .iter()
            .filter(|d| {
                d.path.ends_with(file)
                    && d.field.as_deref() == Some(field)
                    && d.message.contains(message)
            })
            .map(|d| d.line)
            .collect()
    };
    let industry = "industries/industry-one.md";
    let scratch = Scratch::new("audit6-sector-word");
    scratch.edit(industry, "\"widgets\"", "\"Widgets\"");
    assert_eq!(at(&scratch, industry, "sector_words", "`Widgets`"), [Some(5)]);

    let service = "services/service-one.md";
    let scratch = Scratch::new("audit6-other-name");
    scratch.edit(
        service,
        "description = \"The one service.\"",
        "description = \"The one service.\"\nother_names = [\"LLM\", \"llm\"]",
    );
    let line = fs::read_to_string(scratch.path(service))
        .expect("read")
        .lines()
        .position(|l| l.starts_with("other_names"))
        .map(|idx| idx + 1);
    assert_eq!(at(&scratch, service, "other_names", "is listed twice"), [line]);

    // The second band breaks the order: its `min`, not the first band's.
    let scratch = Scratch::new("audit6-bands");
    scratch.edit("assessment.toml", "min = 50", "min = 0");
    assert_eq!(at(&scratch, "assessment.toml", "min", "strictly ascending"), [Some(49)]);

    // site.toml's date is named by its path in the tree, as every other file's is.
    let scratch = Scratch::new("audit6-site-date");
    scratch.edit("site.toml", "updated = 2029-06-01", "updated = 2031-06-01");
    let site: Vec<PathBuf> = scratch
        .diagnostics()
        .into_iter()
        .filter(|d| d.message.contains("after the build date"))
        .map(|d| d.path)
        .collect();
    assert_eq!(site, [scratch.path("site.toml")]);

    // `tell a story` is read as `told a story` too; its unused target is reported once.
    let scratch = Scratch::new("audit6-past-form");
    scratch.write("synonyms.toml", "[[one_way]]\nfrom = \"tell a story\"\nto = [\"zzunused\"]\n");
    expect_synonym_diagnostics(&scratch, &[(3, "one_way.to", "no guide uses `zzunused`")]);
}

/// The errors audit six left without a line (README, "Authoring content"): each names its
/// file, line and field now, a value two files share names both files and both lines, and a
/// directory names itself where no line is at fault. Each a build of its own, as an author
/// meets them.
#[test]
fn errors_found_after_parsing_name_their_line() {
    let lines = |scratch: &Scratch, file: &str, field: &str, message: &str| -> Vec<Option<usize>> {
        let diagnostics = scratch.diagnostics();
        let shown: Vec<String> = diagnostics.iter().map(|d| d.to_string()).collect();
        let found: Vec<Option<usize>> = diagnostics
            .iter()
            .filter(|d| {
                d.path.ends_with(file)
                    && d.field.as_deref() == Some(field)
                    && d.message.contains(message)
            })
            .map(|d| d.line)
            .collect();
        assert!(!found.is_empty(), "{file} / {field} / {message:?} in:\n{}", shown.join("\n"));
        found
    };
    let (service_one, service_two) = ("services/service-one.md", "services/service-two.md");
    let (alpha, beta) = ("guides/alpha/alpha-guide.md", "guides/beta/beta-guide.md");

    // Values two files share: the second file's line, and the first's file and line.
    let scratch = Scratch::new("lines-page-slug");
    scratch.edit(service_two, "slug = \"service-two\"", "slug = \"service-one\"");
    assert_eq!(lines(&scratch, service_two, "slug", "service-one.md:3"), [Some(3)]);
    let scratch = Scratch::new("lines-page-name");
    scratch.edit(service_two, "name = \"Service two\"", "name = \"Service one\"");
    assert_eq!(lines(&scratch, service_two, "name", "service-one.md:2"), [Some(2)]);
    let scratch = Scratch::new("lines-other-name");
    scratch.edit(
        service_one,
        "slug = \"service-one\"",
        "slug = \"service-one\"\nother_names = [\"LLM\"]",
    );
    scratch.edit(
        service_two,
        "slug = \"service-two\"",
        "slug = \"service-two\"\nother_names = [\n  \"RAG\",\n  \"llm\",\n]",
    );
    assert_eq!(lines(&scratch, service_two, "other_names", "service-one.md:4"), [Some(6)]);
    let scratch = Scratch::new("lines-sector-word");
    let industry = fs::read_to_string(scratch.path("industries/industry-one.md")).expect("read");
    scratch.write(
        "industries/industry-two.md",
        &industry
            .replace("industry-one", "industry-two")
            .replace("Industry One", "Industry Two")
            .replace("[\"widgets\", \"widgeteers\"]", "[\n  \"gadgets\",\n  \"widgets\",\n]"),
    );
    let two = "industries/industry-two.md";
    assert_eq!(lines(&scratch, two, "sector_words", "industry-one.md:5"), [Some(7)]);
    let scratch = Scratch::new("lines-guide-slug-title");
    scratch.edit(beta, "slug = \"beta-guide\"", "slug = \"alpha-guide\"");
    scratch.edit(beta, "title = \"Beta guide\"", "title = \"Alpha guide\"");
    assert_eq!(lines(&scratch, beta, "slug", "alpha-guide.md:3"), [Some(3)]);
    assert_eq!(lines(&scratch, beta, "title", "alpha-guide.md:2"), [Some(2)]);
    let scratch = Scratch::new("lines-answer-shared");
    scratch.edit(
        beta,
        "answers = [\"What is beta?\", \"Why beta?\"]",
        "answers = [\n  \"What is beta?\",\n  \"What is alpha?\",\n]",
    );
    assert_eq!(lines(&scratch, beta, "answers", "alpha-guide.md:5"), [Some(7)]);

    // A list's entry at its own line, not its key's.
    let scratch = Scratch::new("lines-answer-mark");
    scratch.edit(
        alpha,
        "answers = [\"What is alpha?\", \"Why alpha?\"]",
        "answers = [\n  \"What is alpha?\",\n  \"Why alpha\",\n]",
    );
    assert_eq!(lines(&scratch, alpha, "answers", "ending in `?`"), [Some(7)]);
    let scratch = Scratch::new("lines-contact-term");
    scratch.edit(
        "contact.toml",
        "security_email = \"security@fixture.example\"",
        "security_email = \"security@fixture.example\"\nterms = [\n  \"We work.\",\n  \" \",\n]",
    );
    assert_eq!(lines(&scratch, "contact.toml", "terms", "must not be empty"), [Some(6)]);
    let scratch = Scratch::new("lines-category-name");
    scratch.edit("site.toml", "name = \"Beta Things\"", "name = \"Alpha things\"");
    assert_eq!(lines(&scratch, "site.toml", "categories.name", "site.toml:8"), [Some(13)]);
    let scratch = Scratch::new("lines-options");
    scratch.edit(
        "assessment.toml",
        "[\"no\", \"some\", \"half\", \"most\", \"yes\"]",
        "[\"no\", \"yes\"]",
    );
    assert_eq!(
        lines(&scratch, "assessment.toml", "sections.questions.opts", "2 options"),
        [Some(14)]
    );

    let scratch = Scratch::new("lines-bands");
    let assessment = fs::read_to_string(scratch.path("assessment.toml")).expect("read");
    let last_band = assessment.rfind("[[bands]]").expect("a band");
    scratch.write("assessment.toml", &assessment[..last_band]);
    assert_eq!(
        lines(&scratch, "assessment.toml", "bands", "expected 2 bands, found 1"),
        [Some(43)]
    );

    // Broken links at the line that holds them, in a guide and in a page.
    let scratch = Scratch::new("lines-links");
    scratch.edit(alpha, "(/guides/beta-guide/)", "(/guides/no-such-guide/)");
    scratch.edit("industries/industry-one.md", "(/services/service-one/)", "(/services/none/#x)");
    assert_eq!(lines(&scratch, alpha, "body", "/guides/no-such-guide/"), [Some(10)]);
    let industry = "industries/industry-one.md";
    assert_eq!(lines(&scratch, industry, "body", "/services/none/"), [Some(8)]);

    // Dates after the build date, at their line, in each kind of file.
    let scratch = Scratch::new("lines-future");
    scratch.edit(alpha, "slug = \"alpha-guide\"", "slug = \"alpha-guide\"\nupdated = 2031-02-03");
    scratch.edit(
        service_one,
        "slug = \"service-one\"",
        "slug = \"service-one\"\nupdated = 2031-02-03",
    );
    scratch.edit("site.toml", "updated = 2029-06-01", "updated = 2031-06-01");
    let future = "is after the build date";
    assert_eq!(lines(&scratch, alpha, "updated", future), [Some(4)]);
    assert_eq!(lines(&scratch, service_one, "updated", future), [Some(4)]);
    assert_eq!(lines(&scratch, "site.toml", "updated", future), [Some(4)]);

    // A date TOML cannot read names its field, and its guide still counts as a guide.
    let scratch = Scratch::new("lines-bad-date");
    scratch.edit(alpha, "slug = \"alpha-guide\"", "slug = \"alpha-guide\"\nupdated = 2026-02-30");
    assert_eq!(lines(&scratch, alpha, "updated", ""), [Some(4)]);
    assert!(scratch.diagnostics().iter().all(|d| !d.message.contains("expected 2 guides")));

    // An undefined category is its directory's fault: named once, whatever it holds, and
    // its guides still count.
    let scratch = Scratch::new("lines-category-dir");
    let alpha_text = fs::read_to_string(scratch.path(alpha)).expect("read");
    scratch.write("guides/gamma/alpha-guide.md", &alpha_text);
    let beta_text = fs::read_to_string(scratch.path(beta)).expect("read");
    scratch.write("guides/gamma/beta-guide.md", &beta_text);
    fs::remove_dir_all(scratch.path("guides/alpha")).expect("rm");
    fs::remove_dir_all(scratch.path("guides/beta")).expect("rm");
    let diagnostics = scratch.diagnostics();
    let named: Vec<&Diagnostic> =
        diagnostics.iter().filter(|d| d.message.contains("`gamma`")).collect();
    assert_eq!(named.len(), 1, "{diagnostics:?}");
    assert!(named[0].path.ends_with("guides/gamma") && named[0].message.contains("2 guides"));
    assert!(diagnostics.iter().all(|d| !d.message.contains("expected 2 guides")));

    // The assessment's counts: a question too many names the list's first entry, as the
    // other counts in a file do; an unscored question too many names its `scored = false`;
    // the sizing question left scored names the list's first entry.
    let assessment = "assessment.toml";
    let scratch = Scratch::new("lines-question-count");
    scratch.edit(
        assessment,
        "q = \"Is data clean?\"",
        "q = \"Is data clean?\"\nopts = [\"no\", \"some\", \"half\", \"most\", \"yes\"]\n\
         [[sections.questions]]\nq = \"Is data fresh?\"",
    );
    assert_eq!(lines(&scratch, assessment, "sections.questions", "found 6"), [Some(9)]);
    let scratch = Scratch::new("lines-unscored-count");
    scratch.edit(
        assessment,
        "q = \"Is there a plan?\"",
        "q = \"Is there a plan?\"\nscored = false",
    );
    assert_eq!(lines(&scratch, assessment, "scored", "found 3"), [Some(14)]);
    let scratch = Scratch::new("lines-scored-count");
    scratch.edit(assessment, "scored = false\n", "");
    assert_eq!(lines(&scratch, assessment, "scored", "found 5"), [Some(9)]);
}

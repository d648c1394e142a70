//! Emits `tables.rs`: string-keyed maps (`str_map`), static slices and pre-serialised
//! responses.
//!
//! Output is byte-for-byte deterministic for the same content and configuration: inputs are
//! walked in sorted order, maps are `BTreeMap`s, and `str_map` tries seeds in a fixed order.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use super::company::Canned;
use super::config::Config;
use super::discovery::SECURITY_TXT_PATH;
use super::documents::Document;
use super::encode::{OpenStreams, Variants};
use super::index::SearchIndex;
use super::mcp::ServerListings;
use super::model::{
    ANSWER_FILLER_WORDS, DocKind, ENDPOINTS, EXPORT_MAX_AGE_SECS, GUIDE_WORDS, ItemKind,
    PILLAR_KEYS, SlugKey, TYPO_LEN_BITS, TYPO_START_BITS, fingerprint_map, packed,
};
use super::pages::{RuntimePages, item_path};
use super::passages::AnswerIndex;
use super::tokenize::for_each_token;
use super::validate::{Content, Page};

/// One fixed GET route's response.
#[derive(Debug)]
pub struct FixedRoute {
    pub path: String,
    pub content_type: &'static str,
    pub cache_control: &'static str,
    pub body: String,
}

/// The links of one page or markdown twin (see `model::PageLinks`).
#[derive(Debug)]
pub struct PageLink {
    pub path: String,
    /// The twin's path, for an HTML page.
    pub twin: Option<String>,
    /// The `Link` header value.
    pub link: String,
}

/// A quoted strong ETag derived from the body bytes.
pub fn etag(body: &str) -> String {
    etag_bytes(body.as_bytes())
}

/// A quoted strong ETag derived from any bytes (a compressed variant's).
pub fn etag_bytes(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// The weak ETags of the export, `W/"export-<digest of its constant part>"`, with the
/// coding appended for a compressed variant (each coding is its own representation).
pub fn export_etags(export_head: &str) -> [String; 3] {
    let digest = Sha256::digest(export_head.as_bytes());
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    ["", "-gzip", "-br"].map(|coding| format!("W/\"export-{hex}{coding}\""))
}

/// The export's constant part in each coding, its validators and its cache policy.
fn emit_export(
    out: &mut String,
    blobs: &mut Vec<(String, Vec<u8>)>,
    head: &str,
    streams: &OpenStreams,
) {
    let [etag, etag_gzip, etag_br] = export_etags(head);
    let _ = writeln!(
        out,
        "/// The BulkExport before its two dynamic fields, without the closing brace:\n/// `{{\"services\":...,\"contact\":{{...}}`.\npub static EXPORT_HEAD: &str = {};",
        lit(head)
    );
    for (file, bytes, name, doc) in [
        (
            "export-head.gz",
            &streams.gzip,
            "EXPORT_HEAD_GZIP",
            "`EXPORT_HEAD` as an open gzip member: header and sync-flushed deflate data, no final block, no trailer.",
        ),
        (
            "export-head.br",
            &streams.br,
            "EXPORT_HEAD_BR",
            "`EXPORT_HEAD` as an open brotli stream, flushed to a byte boundary, no last meta-block.",
        ),
    ] {
        blobs.push((file.to_string(), bytes.clone()));
        let _ = writeln!(
            out,
            "/// {doc}\npub static {name}: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{file}\"));"
        );
    }
    let _ = writeln!(
        out,
        "/// CRC-32 of `EXPORT_HEAD`, where the gzip trailer's checksum starts.\npub const EXPORT_HEAD_CRC: u32 = {:#010x};",
        streams.gzip_crc
    );
    let _ = writeln!(
        out,
        "/// The export's weak validators, by coding: each names the content version (a digest of\n/// `EXPORT_HEAD`), the same for every client and request of this build; the two dynamic\n/// fields do not change what the export means.\npub const EXPORT_ETAG: &str = {};\npub const EXPORT_ETAG_GZIP: &str = {};\npub const EXPORT_ETAG_BR: &str = {};",
        lit(&etag),
        lit(&etag_gzip),
        lit(&etag_br)
    );
    let _ = writeln!(
        out,
        "/// `Cache-Control` of a successful export: only the client's own cache may keep it.\npub const EXPORT_CACHE_CONTROL: &str = {};",
        lit(&format!("private, max-age={EXPORT_MAX_AGE_SECS}"))
    );
}

/// A Rust string literal for `text`.
fn lit(text: &str) -> String {
    format!("{text:?}")
}

/// `text` as the contents of a JSON string: escaped as serde_json escapes it, without the
/// quotes around it.
fn escaped_contents(text: &str) -> String {
    let quoted = serde_json::Value::from(text).to_string();
    quoted[1..quoted.len() - 1].to_string()
}

/// A Rust byte string literal for `bytes`: printable ASCII as itself, the rest escaped.
fn byte_string(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2 + 3);
    out.push_str("b\"");
    for &byte in bytes {
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(char::from(byte)),
            _ => {
                let _ = write!(out, "\\x{byte:02x}");
            }
        }
    }
    out.push('"');
    out
}

/// Everything `emit` needs besides the content.
pub struct EmitInput<'a> {
    pub config: &'a Config,
    pub content: &'a Content,
    pub routes: &'a [FixedRoute],
    /// The precompressed variants of each route, in route order.
    pub variants: &'a [Variants],
    /// Where the variants' bytes go: files next to `tables.rs`.
    pub blobs: &'a mut Vec<(String, Vec<u8>)>,
    pub index: &'a SearchIndex,
    /// `{guide json object without its closing brace}` per guide, in library order.
    pub guide_json_open: &'a [String],
    /// The BulkExport without its dynamic fields and closing brace.
    pub export_head: &'a str,
    /// `export_head` compressed and left open for the per-request suffix.
    pub export_streams: &'a OpenStreams,
    pub page_links: &'a [PageLink],
    pub runtime: &'a RuntimePages,
    /// The `Content-Security-Policy` of every HTML response (`csp::html_policy`).
    pub html_csp: &'a str,
    /// Each MCP server's precomputed listings, in `McpServer::ALL` order.
    pub mcp_servers: &'a [ServerListings],
    pub interview_prompt: &'a str,
    /// The small search corpora (pages, error codes, operations).
    pub documents: &'a [Document],
}

/// The [`SlugKey`] of an item with `slug` and `title`, as a Rust expression.
fn slug_key(slug: &str, title: &str) -> String {
    let SlugKey { bytes, hyphens, heads, words, distinct, title_first } = SlugKey::of(slug, title);
    let heads: Vec<String> = heads.iter().map(|head| format!("{head:#x}")).collect();
    format!(
        "SlugKey {{ bytes: {bytes:#x}, hyphens: {hyphens:?}, heads: [{}], words: {words}, distinct: {distinct}, title_first: {title_first} }}",
        heads.join(", ")
    )
}

/// A static slice of `PageRecord`s of one kind, in published order.
/// With `list_key`, also `{name}_LIST`: the list's JSON body, `{"<list_key>":[...]}` as the
/// REST list endpoint serves it, with its escaped twin.
fn emit_pages(
    out: &mut String,
    config: &Config,
    name: &str,
    kind: ItemKind,
    pages: &[Page],
    list_key: Option<&str>,
) {
    let _ = writeln!(
        out,
        "/// The {} pages in published order.\npub static {name}: [PageRecord; {}] = [",
        kind.segment(),
        pages.len()
    );
    for page in pages {
        let path = item_path(kind.segment(), &page.slug);
        let json = super::json::to_string(&super::json::page(config, kind.segment(), page));
        let _ = writeln!(
            out,
            "    PageRecord {{ kind: ItemKind::{kind:?}, slug: {}, name: {}, description: {}, url: {}, twin_path: {}, json: {}, json_escaped: {}, key: {} }},",
            lit(&page.slug),
            lit(&page.name),
            lit(&page.description),
            lit(&format!("{}{path}", config.site_url)),
            lit(&format!("{path}index.md")),
            lit(&json),
            lit(&escaped_contents(&json)),
            slug_key(&page.slug, &page.name)
        );
    }
    out.push_str("];\n\n");
    if let Some(key) = list_key {
        // Built as the REST route's body is (`compiler::build`), so the two are the same bytes.
        let list = super::json::to_string(
            &serde_json::json!({ key: super::json::pages(config, kind.segment(), pages) }),
        );
        emit_fixed_json(
            out,
            &format!("{name}_LIST"),
            &format!("`{{\"{key}\":[...]}}` as `GET /v1/{}` serves it.", kind.segment()),
            &list,
        );
    }
}

/// A [`FixedJson`](crate::model::FixedJson) static: `json` and its escaped twin.
fn emit_fixed_json(out: &mut String, name: &str, doc: &str, json: &str) {
    let _ = writeln!(
        out,
        "/// {doc}\npub static {name}: FixedJson = FixedJson {{ json: {}, escaped: {} }};\n",
        lit(json),
        lit(&escaped_contents(json))
    );
}

/// The endpoint table as markdown, for the router's rustdoc (`src/route.rs` includes it).
pub fn endpoints_markdown() -> String {
    let mut out = String::from("| method | path | surface | what |\n|---|---|---|---|\n");
    for endpoint in ENDPOINTS {
        let _ = writeln!(
            out,
            "| {} | `{}` | {:?} | {} |",
            endpoint.method, endpoint.path, endpoint.surface, endpoint.summary
        );
    }
    out
}

/// Writes the generated module.
pub fn emit(input: &mut EmitInput<'_>) -> String {
    let EmitInput {
        config,
        content,
        routes,
        index,
        guide_json_open,
        export_head,
        page_links,
        runtime,
        mcp_servers,
        interview_prompt,
        documents,
        ..
    } = input;
    let mut out = String::with_capacity(8 << 20);
    out.push_str("// @generated by build.rs (src/compiler) from content/. Do not edit: edit content/ instead.\n\n");

    let mut hasher = Sha256::new();
    hasher.update(b"consultancy-api cursor key v1\0");
    for route in routes.iter().filter(|route| route.path != SECURITY_TXT_PATH) {
        hasher.update(route.path.as_bytes());
        hasher.update(route.body.as_bytes());
    }
    let content_hash = hasher.finalize();

    let _ = writeln!(
        out,
        "/// Whether this is the sandbox flavour.\npub const SANDBOX: bool = {};",
        config.sandbox
    );
    for (name, value, doc) in [
        (
            "API_BASE",
            config.api_base.as_str(),
            "The API origin of this flavour ({base_url} or {sandbox_base_url}).",
        ),
        ("PRODUCTION_BASE", config.production_base.as_str(), "The production API origin."),
        ("SANDBOX_BASE", config.sandbox_base.as_str(), "The sandbox API origin."),
        ("AUTH_URL", config.auth_url.as_str(), "The OAuth issuer origin ({auth_url})."),
        ("SITE_URL", config.site_url.as_str(), "The website origin of content `url`s."),
        (
            "AGENT_URL",
            config.agent_url.as_str(),
            "The public origin of the agent surfaces (MCP servers, server cards, AI catalog).",
        ),
        ("COMPANY", content.site.company.as_str(), "The company's name."),
        ("API_VERSION", config.version.as_str(), "The API description version."),
    ] {
        let _ = writeln!(out, "/// {doc}\npub const {name}: &str = {};", lit(value));
    }
    let _ = writeln!(
        out,
        "/// Key of the search cursor MAC: a hash of every published byte but the build-dated security.txt, so a cursor from other content is rejected and one from the same content built on another day is not.\npub const CURSOR_KEY: [u8; 32] = {:?};",
        content_hash.as_slice()
    );
    let deprecation = match &config.deprecation {
        Some(d) => format!(
            "Some(Deprecation {{ deprecation: {}, sunset: {}, link: {} }})",
            lit(&d.deprecation),
            d.sunset.as_deref().map_or("None".to_string(), |s| format!("Some({})", lit(s))),
            lit(&d.link)
        ),
        None => "None".to_string(),
    };
    let _ = writeln!(
        out,
        "/// Deprecation of this API version, from build-time configuration; `None` while current.\npub const DEPRECATION: Option<Deprecation> = {deprecation};\n"
    );

    // The social card: binary, so not a fixed response (their bodies are text).
    input.blobs.push((super::card::FILE.to_string(), content.social_card.png.clone()));
    let _ = writeln!(
        out,
        "/// `content/{file}`, served at `SOCIAL_CARD_PATH`.\npub static SOCIAL_CARD_PNG: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{file}\"));\n/// Its strong validator.\npub const SOCIAL_CARD_ETAG: &str = {};\n",
        lit(&content.social_card.etag),
        file = super::card::FILE,
    );

    // Fixed routes.
    let mut responses = Vec::with_capacity(routes.len());
    // Header values hold a `Bytes` (interior mutability), so they cannot sit in the map's
    // promoted entries: they live in a static array, and each response refers into it.
    let mut value_list: Vec<String> = Vec::new();
    let mut values = |content_type: &str, cache_control: &str, etag: &str| {
        value_list.push(format!(
            "FixedValues {{ content_type: ::http::HeaderValue::from_static({}), cache_control: ::http::HeaderValue::from_static({}), etag: ::http::HeaderValue::from_static({}) }}",
            lit(content_type),
            lit(cache_control),
            lit(etag)
        ));
        format!("&FIXED_VALUES[{}]", value_list.len() - 1)
    };
    for (route_idx, route) in routes.iter().enumerate() {
        let variants = input.variants.get(route_idx).cloned().unwrap_or_default();
        let mut encoded = |bytes: Option<Vec<u8>>, extension: &str| match bytes {
            None => "None".to_string(),
            Some(bytes) => {
                let file = format!("encoded-{route_idx}.{extension}");
                let etag = etag_bytes(&bytes);
                input.blobs.push((file.clone(), bytes));
                format!(
                    "Some(Encoded {{ body: include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{file}\")), etag: {}, values: {} }})",
                    lit(&etag),
                    values(route.content_type, route.cache_control, &etag)
                )
            }
        };
        let gzip = encoded(variants.gzip, "gz");
        let br = encoded(variants.br, "br");
        let identity_etag = etag(&route.body);
        responses.push(format!(
            "FixedResponse {{ content_type: {}, cache_control: {}, etag: {}, body: {}, gzip: {gzip}, br: {br}, values: {} }}",
            lit(route.content_type),
            lit(route.cache_control),
            lit(&identity_etag),
            lit(&route.body),
            values(route.content_type, route.cache_control, &identity_etag)
        ));
    }
    let _ = writeln!(
        out,
        "/// The header values of every fixed response and encoded variant, built with the binary.\npub static FIXED_VALUES: [FixedValues; {}] = [\n    {},\n];\n",
        value_list.len(),
        value_list.join(",\n    ")
    );
    let entries: Vec<(&str, String)> =
        routes.iter().map(|route| route.path.as_str()).zip(responses).collect();
    out.push_str(&super::str_map::emit(
        "Every fixed GET route (API JSON, OpenAPI, OAuth metadata, HTML pages, markdown twins) by exact path.",
        "FIXED",
        "FixedResponse",
        &entries,
    ));
    out.push('\n');

    // Website: negotiation links and the pages completed at run time.
    let link_values: Vec<(&str, String)> = page_links
        .iter()
        .map(|page| {
            let value = format!(
                "PageLinks {{ twin: {}, link: {} }}",
                page.twin
                    .as_deref()
                    .map_or("None".to_string(), |twin| format!("Some({})", lit(twin))),
                lit(&page.link)
            );
            (page.path.as_str(), value)
        })
        .collect();
    out.push_str(&super::str_map::emit(
        "Every HTML page and markdown twin by path: the twin of a page, and the `Link` header each carries.",
        "PAGE_LINKS",
        "PageLinks",
        &link_values,
    ));
    out.push('\n');
    let _ = writeln!(
        out,
        "/// The search results page split at its holes: {}.\npub static SEARCH_PAGE: [&str; {}] = [",
        super::pages::SEARCH_PAGE_HOLES,
        runtime.search_page.len()
    );
    for piece in &runtime.search_page {
        let _ = writeln!(out, "    {},", lit(piece));
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The assessment result page split at its holes: {}.\npub static ASSESSMENT_RESULT_PAGE: [&str; {}] = [",
        super::pages::ASSESSMENT_RESULT_HOLES,
        runtime.assessment_result.len()
    );
    for piece in &runtime.assessment_result {
        let _ = writeln!(out, "    {},", lit(piece));
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The line that ends a result on the assessment result page (not a problem page).\npub static ASSESSMENT_RESULT_CTA: &str = {};\n",
        lit(&runtime.assessment_result_cta)
    );
    let _ = writeln!(
        out,
        "/// The address the firm is written to at, as the contact record gives it.\npub static CONTACT_EMAIL: &str = {};\n",
        lit(&content.contact.email)
    );
    let _ = writeln!(
        out,
        "/// Each guide as one `<li>` of the search results page, in library order.\npub static GUIDE_RESULTS: [&str; {}] = [",
        runtime.guide_results.len()
    );
    for result in &runtime.guide_results {
        let _ = writeln!(out, "    {},", lit(result));
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The HTML page a browser gets for a path that does not exist.\npub static NOT_FOUND_PAGE: &str = {};\n",
        lit(&runtime.not_found)
    );
    let _ = writeln!(
        out,
        "/// Where in `NOT_FOUND_PAGE` (a byte offset, after the lede) the pages a mistyped path may have meant go.\npub const NOT_FOUND_HOLE: usize = {};\n",
        runtime.not_found_hole
    );
    let _ = writeln!(
        out,
        "/// The page a browser gets on a website page over the fair-use limit (429), split at its hole: {}.\npub static RATE_LIMITED_PAGE: [&str; {}] = [",
        super::pages::RATE_LIMITED_HOLES,
        runtime.rate_limited.len()
    );
    for piece in &runtime.rate_limited {
        let _ = writeln!(out, "    {},", lit(piece));
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The page a browser gets on a website page without exactly one valid Host (400).\npub static BAD_HOST_PAGE: &str = {};\n",
        lit(&runtime.bad_host)
    );
    let _ = writeln!(
        out,
        "/// `Content-Security-Policy` of every HTML response: the pages' inline blocks by hash, and the origins they use (`src/compiler/csp.rs`).\npub const HTML_CSP: &str = {};\n",
        lit(input.html_csp)
    );

    // Library.
    let _ = writeln!(
        out,
        "/// Guide categories in library order.\npub static CATEGORIES: [CategoryRecord; {}] = [",
        content.categories.len()
    );
    for category in &content.categories {
        let _ = writeln!(
            out,
            "    CategoryRecord {{ key: {}, name: {} }},",
            lit(&category.key),
            lit(&category.name)
        );
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// Guides in library order (category order, then title).\npub static GUIDES: [GuideRecord; {}] = [",
        content.guides.len()
    );
    for (guide, json_open) in content.guides.iter().zip(guide_json_open.iter()) {
        let path = item_path("guides", &guide.slug);
        let _ = writeln!(
            out,
            "    GuideRecord {{ slug: {}, title: {}, category: {}, description: {}, url: {}, twin_path: {}, json_open: {}, json_open_escaped: {}, key: {} }},",
            lit(&guide.slug),
            lit(&guide.title),
            guide.category,
            lit(&guide.description),
            lit(&format!("{}{path}", config.site_url)),
            lit(&format!("{path}index.md")),
            lit(json_open),
            lit(&escaped_contents(json_open)),
            slug_key(&guide.slug, &guide.title)
        );
    }
    out.push_str("];\n\n");
    for (name, value, doc) in [
        (
            "CATEGORIES_JSON",
            super::json::categories(content),
            "`{\"categories\":[...]}` as `GET /v1/resources/categories` serves it.",
        ),
        (
            "ASSESSMENT_JSON",
            super::json::assessment(content),
            "The Assessment as `GET /v1/ai-readiness/questions` serves it.",
        ),
        (
            "CONTACT_JSON",
            super::json::contact(config, content),
            "The Contact as `GET /v1/contact` serves it.",
        ),
    ] {
        emit_fixed_json(&mut out, name, doc, &super::json::to_string(&value));
    }
    for (name, kind, pages, list_key) in [
        ("SERVICES", ItemKind::Service, &content.services, Some("services")),
        ("INDUSTRIES", ItemKind::Industry, &content.industries, Some("industries")),
        ("CASE_STUDIES", ItemKind::CaseStudy, &content.case_studies, Some("caseStudies")),
        ("DOCS", ItemKind::Docs, &content.docs, None),
    ] {
        emit_pages(&mut out, config, name, kind, pages, list_key);
    }

    // Search index.
    let terms: Vec<(&str, String)> = index
        .terms
        .iter()
        .enumerate()
        .map(|(id, (key, _))| (key.as_str(), id.to_string()))
        .collect();
    out.push_str(&super::str_map::emit(
        "Stem, or synonym phrase (stems joined by spaces) → term id (index into `POSTINGS_START`).",
        "TERM_IDS",
        "u32",
        &terms,
    ));
    out.push('\n');
    let _ = write!(
        out,
        "/// Term id → its stem or synonym phrase (the keys of `TERM_IDS` by id), so a query word found in `PREFIX_WORDS` needs no stemming.\npub static TERM_KEYS: [&str; {}] = [",
        index.terms.len()
    );
    for (key, _) in &index.terms {
        let _ = write!(out, "{},", lit(key));
    }
    out.push_str("];\n\n");
    let mut start = 0usize;
    let _ = write!(
        out,
        "/// Postings of term `t` are `POSTINGS[POSTINGS_START[t]..POSTINGS_START[t + 1]]`.\npub static POSTINGS_START: [u32; {}] = [",
        index.terms.len() + 1
    );
    for (_, postings) in &index.terms {
        let _ = write!(out, "{start},");
        start += postings.len();
    }
    let _ = writeln!(out, "{start}];\n");
    let _ = write!(
        out,
        "/// `(guide index, impact)` by term, then guide, packed by `model::packed::posting`; impact is the BM25F contribution times 1000.\npub static POSTINGS: [u32; {start}] = ["
    );
    for (_, postings) in &index.terms {
        for posting in postings {
            let _ = write!(out, "{},", packed::posting(posting.guide, posting.impact));
        }
    }
    out.push_str("];\n\n");
    let _ = write!(
        out,
        "/// Beside `POSTINGS`: bit `p` is set if passage `p` of the posting's guide contains the term.\npub static POSTING_PASSAGES: [u64; {start}] = ["
    );
    for (_, postings) in &index.terms {
        for posting in postings {
            let _ = write!(out, "{},", posting.passages);
        }
    }
    out.push_str("];\n\n");
    let _ = write!(
        out,
        "/// By term, the guides it has a posting for (bit `g % 64` of word `g / 64`): whether a guide has one is a bit test, and where it is in `POSTINGS` a count of the bits below.\npub static TERM_GUIDES: [[u64; GUIDE_WORDS]; {}] = [",
        index.terms.len()
    );
    for (_, postings) in &index.terms {
        let mut words = [0u64; GUIDE_WORDS];
        for posting in postings {
            let guide = usize::from(posting.guide);
            words[guide / 64] |= 1 << (guide % 64);
        }
        let _ = write!(out, "{words:?},");
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// Every indexed word as written (lowercased) with its term id, sorted by word, for prefix matching.\npub static PREFIX_WORDS: [(&str, u32); {}] = [",
        index.words.len()
    );
    for (word, term) in &index.words {
        let _ = writeln!(out, "    ({}, {term}),", lit(word));
    }
    out.push_str("];\n\n");
    let places: Vec<(&str, String)> = index
        .words
        .iter()
        .enumerate()
        .map(|(place, (word, _))| (word.as_str(), place.to_string()))
        .collect();
    out.push_str(&super::str_map::emit(
        "Each word of `PREFIX_WORDS` → its index there: a query word's term (and so its stem), and where its completions begin, in one look-up.",
        "WORD_INDEX",
        "u32",
        &places,
    ));
    out.push('\n');
    let mut vocabulary = fst::MapBuilder::memory();
    for (word, term) in &index.words {
        vocabulary
            .insert(word, u64::from(*term))
            .expect("index words are unique and sorted (they come from a BTreeMap)");
    }
    let vocabulary = vocabulary.into_inner().expect("an in-memory FST cannot fail to write");
    let _ = writeln!(
        out,
        "/// `PREFIX_WORDS` as an `fst::Map` (word → term id), walked by the typo automaton for a misspelt unfinished last word and for suggestions.\npub static WORDS_FST: &[u8] = {};\n",
        byte_string(&vocabulary)
    );
    for (edits, variants_of) in [(1, &index.typo_variants[0]), (2, &index.typo_variants[1])] {
        let mut entries: Vec<(&str, u32)> = Vec::with_capacity(variants_of.len());
        let mut candidates: Vec<u16> = Vec::new();
        let mut too_many = None;
        for (variant, words) in variants_of {
            match (u32::try_from(candidates.len()), u32::try_from(words.len())) {
                (Ok(start), Ok(len))
                    if start < 1 << TYPO_START_BITS && len < 1 << TYPO_LEN_BITS =>
                {
                    entries.push((variant, start << TYPO_LEN_BITS | len));
                }
                _ => too_many = Some(variant),
            }
            candidates.extend(words);
        }
        let file = format!("typo-variants-{edits}.bin");
        match (too_many, super::fingerprint_map::layout(&entries)) {
            (None, Ok(table)) => {
                let _ = writeln!(
                    out,
                    "/// Typo index for {edits} edit(s): deletion variant → `start << {TYPO_LEN_BITS} | len` of its words in `TYPO_CANDIDATES_{edits}`, as a `model::fingerprint_map` ({} variants, {} slots).\npub static TYPO_VARIANTS_{edits}: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{file}\"));\n",
                    variants_of.len(),
                    table.len() / fingerprint_map::SLOT_BYTES,
                );
                input.blobs.push((file, table));
            }
            (Some(variant), _) => {
                let _ = writeln!(
                    out,
                    "compile_error!({:?});",
                    format!(
                        "the typo index outgrew its packing at the variant {variant:?}: more than {} candidate words, or {} for one variant",
                        1u32 << TYPO_START_BITS,
                        1u32 << TYPO_LEN_BITS
                    )
                );
            }
            (None, Err(why)) => {
                let _ = writeln!(out, "compile_error!({why:?});");
            }
        }
        let _ = writeln!(
            out,
            "/// Indexes into `PREFIX_WORDS` of the words having each variant of `TYPO_VARIANTS_{edits}`.\npub static TYPO_CANDIDATES_{edits}: [u16; {}] = {:?};\n",
            candidates.len(),
            candidates
        );
    }
    let synonyms: Vec<(&str, String)> =
        index.synonyms.iter().map(|(input, ids)| (input.as_str(), format!("&{ids:?}"))).collect();
    out.push_str(&super::str_map::emit(
        "From content/synonyms.toml: stem or phrase typed → term ids it also finds.",
        "SYNONYMS",
        "&[u32]",
        &synonyms,
    ));
    out.push('\n');
    let _ = writeln!(
        out,
        "/// Keys of `SYNONYMS` phrases whose words also count each as a word of its own (`keep_words` in content/synonyms.toml), sorted.\npub static KEEP_WORDS: [&str; {}] = {:?};\n",
        index.keep_words.len(),
        index.keep_words
    );
    let _ = writeln!(
        out,
        "/// Keys of `SYNONYMS` words that find their targets only as the last word of the query or its sentence (`last_word` in content/synonyms.toml), sorted.\npub static LAST_WORD: [&str; {}] = {:?};\n",
        index.last_word.len(),
        index.last_word
    );
    let _ = writeln!(
        out,
        "/// Stems in the longest synonym phrase.\npub const MAX_PHRASE_STEMS: usize = {};\n",
        index.max_phrase_stems
    );
    // What lets a query skip hashing: which stems begin a synonym phrase (and its longest
    // length), and which terms are a one-word synonym key.
    let mut heads: BTreeMap<&str, usize> = BTreeMap::new();
    let mut synonym_terms: Vec<u32> = Vec::new();
    for (input, _) in &index.synonyms {
        let mut stems = input.split(' ');
        let head = stems.next().unwrap_or_default();
        let len = 1 + stems.count();
        if len > 1 {
            let longest = heads.entry(head).or_default();
            *longest = (*longest).max(len);
        } else if let Some(id) = index.terms.iter().position(|(key, _)| key == input) {
            synonym_terms.push(id as u32);
        }
    }
    synonym_terms.sort_unstable();
    let mut filter = [0u64; packed::PHRASE_HEAD_FILTER_BITS as usize / 64];
    for head in heads.keys() {
        let bit = packed::phrase_head_bit(head);
        filter[(bit / 64) as usize] |= 1 << (bit % 64);
    }
    let _ = writeln!(
        out,
        "/// A bit per `PHRASE_HEADS` stem (`packed::phrase_head_bit`): a stem whose bit is clear begins no synonym phrase.\npub static PHRASE_HEAD_FILTER: [u64; {}] = {filter:?};\n",
        filter.len()
    );
    let _ = writeln!(
        out,
        "/// Each stem that begins a multi-word key of `SYNONYMS`, sorted, with the stems in the longest such key: a query looks for phrases only where one can begin.\npub static PHRASE_HEADS: [(&str, u8); {}] = {:?};\n",
        heads.len(),
        heads.into_iter().map(|(head, len)| (head, len as u8)).collect::<Vec<_>>()
    );
    let _ = writeln!(
        out,
        "/// Term ids (sorted) whose stem is a one-word key of `SYNONYMS`: a word of another known term has no synonyms to look up.\npub static SYNONYM_TERMS: [u32; {}] = {:?};\n",
        synonym_terms.len(),
        synonym_terms
    );
    let _ = writeln!(
        out,
        "/// `(term id, term id, guide)` for each two stems that follow each other in a guide's title, a question it answers, a heading or its description, sorted: the phrases a query can name.\npub static TITLE_PAIRS: [(u32, u32, u16); {}] = {:?};\n",
        index.title_pairs.len(),
        index.title_pairs
    );
    let _ = writeln!(
        out,
        "/// BM25 idf times 1000 by document frequency (0 to the number of guides).\npub static IDF_BY_DF: [u16; {}] = {:?};\n",
        index.idf_by_df.len(),
        index.idf_by_df
    );
    let _ = writeln!(
        out,
        "/// Passages of guide `g` are `PASSAGES[PASSAGE_START[g]..PASSAGE_START[g + 1]]`.\npub static PASSAGE_START: [u32; {}] = {:?};\n",
        index.passage_start.len(),
        index.passage_start
    );
    let _ = writeln!(
        out,
        "/// Every guide's passages (description first, then body sentences): the snippets of search hits.\npub static PASSAGES: [PassageRecord; {}] = [",
        index.passages.len()
    );
    for passage in &index.passages {
        let tokens: Vec<String> =
            passage.tokens.iter().map(|&(s, e, t)| packed::token(s, e, t).to_string()).collect();
        let _ = writeln!(
            out,
            "    PassageRecord {{ text: {}, json_escape: {}, tokens: &[{}] }},",
            lit(&passage.text),
            passage.text.contains(|c: char| c == '"' || c == '\\' || c.is_control()),
            tokens.join(",")
        );
    }
    out.push_str("];\n\n");

    // Assessment.
    let assessment = &content.assessment;
    let n_questions: usize = assessment.sections.iter().map(|s| s.questions.len()).sum();
    let _ = writeln!(
        out,
        "/// Assessment questions in order, with their pillar and whether they are scored.\npub static QUESTIONS: [QuestionRecord; {n_questions}] = ["
    );
    for section in &assessment.sections {
        let pillar = PILLAR_KEYS.iter().position(|k| *k == section.key).unwrap_or(0);
        for question in &section.questions {
            let _ = writeln!(
                out,
                "    QuestionRecord {{ pillar: {pillar}, scored: {} }},",
                question.scored
            );
        }
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The assessment areas in `PILLAR_KEYS` order.\npub static PILLARS: [PillarRecord; {}] = [",
        assessment.sections.len()
    );
    for section in &assessment.sections {
        let _ = writeln!(
            out,
            "    PillarRecord {{ key: {}, title: {}, advice: {}, strong_advice: {} }},",
            lit(&section.key),
            lit(&section.title),
            lit(&section.advice),
            lit(&section.strong_advice)
        );
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// Maturity bands, ascending; `min` is a threshold on the 0-100 score.\npub static BANDS: [BandRecord; {}] = [",
        assessment.bands.len()
    );
    for band in &assessment.bands {
        let guidance: Vec<String> = band.guidance.iter().map(|g| lit(g)).collect();
        let _ = writeln!(
            out,
            "    BandRecord {{ min: {}, name: {}, summary: {}, guidance: &[{}] }},",
            band.min,
            lit(&band.name),
            lit(band.summary.as_deref().unwrap_or_default()),
            guidance.join(", ")
        );
    }
    out.push_str("];\n\n");

    let site = &config.site_url;
    let offer = super::pages::next_step_offer(content, site);
    let _ = writeln!(
        out,
        "/// How every `nextStep` ends in the API: the facilitated assessment's bare address.\npub const NEXT_STEP_OFFER: &str = {};\n/// What the result page shows in its place: the same words, the service's name linked.\npub const NEXT_STEP_OFFER_HTML: &str = {};",
        lit(&offer.api),
        lit(&offer.html())
    );
    let _ = writeln!(
        out,
        "/// The interactive assessment page (`interactiveVersion`).\npub const INTERACTIVE_URL: &str = {};",
        lit(&format!("{site}{}", super::pages::ASSESSMENT_PATH))
    );
    let _ = write!(
        out,
        "/// `nextStep` of a readiness result: by step (0: the weakest pillar is below `ADVICE_BELOW` and\n/// alone the lowest; 1: every pillar is strong and the weakest alone the lowest; 2: the weakest\n/// is below it and level with another; 3: every pillar is strong and the weakest level with\n/// another), then by weakest pillar (`PILLAR_KEYS` order).\npub static NEXT_STEPS: [[&str; {}]; 4] = [",
        assessment.sections.len()
    );
    for step in 0..4 {
        out.push('[');
        for section in &assessment.sections {
            let title = &section.title;
            let start = match step {
                0 => format!(
                    "Start with the advice for {title}, your weakest area, and the guidance for your band."
                ),
                1 => format!(
                    "Every area is already strong. Start with the advice for {title}, your lowest, on keeping it that way, and the guidance for your band."
                ),
                2 => format!(
                    "Start with the advice for {title}, one of your weakest areas, and the guidance for your band."
                ),
                _ => format!(
                    "Every area is already strong. Start with the advice for {title}, one of your lowest, on keeping it that way, and the guidance for your band."
                ),
            };
            let step = format!("{start} {}", offer.api);
            let _ = write!(out, "{}, ", lit(&step));
        }
        out.push_str("], ");
    }
    out.push_str("];\n\n");
    let metadata_url = format!("{}/.well-known/oauth-protected-resource", config.auth_url);
    let _ = writeln!(
        out,
        "/// The RFC 9728 metadata URL every export challenge points at.\npub const RESOURCE_METADATA_URL: &str = {};",
        lit(&metadata_url)
    );
    let _ = writeln!(
        out,
        "/// The export's challenge when no token was presented (RFC 6750 section 3.1: no error code).\npub const BEARER_CHALLENGE: &str = {};",
        lit(&format!("Bearer resource_metadata=\"{metadata_url}\""))
    );
    emit_export(&mut out, input.blobs, export_head, input.export_streams);
    emit_mcp(&mut out, mcp_servers, interview_prompt);
    emit_documents(&mut out, documents);
    out
}

/// Writes the answer engine's tables: items, passages, the two-level index and the canned
/// company answers. Appended to the module `emit` writes.
pub fn emit_answer(
    index: &AnswerIndex,
    canned: &[Canned],
    not_covered: &[String; 2],
    how_to_score: &[String; 2],
) -> String {
    let mut out = String::with_capacity(4 << 20);
    out.push_str("\n// The answer engine's index (src/compiler/passages.rs) and canned answers (src/compiler/company.rs).\n\n");
    let _ = writeln!(
        out,
        "/// Number of items the answer engine can cite.\npub const ANSWER_N_ITEMS: usize = {};\n",
        index.items.len()
    );
    out.push_str(
        "/// Every item the answer engine can cite, in `SourceKind` order.\npub static ANSWER_ITEMS: [SourceItem; ANSWER_N_ITEMS] = [\n",
    );
    for item in &index.items {
        let category =
            item.category.as_deref().map_or("None".to_string(), |c| format!("Some({})", lit(c)));
        let _ = writeln!(
            out,
            "    SourceItem {{ kind: SourceKind::{:?}, slug: {}, title: {}, url: {}, description: {}, category: {category}, schema_org: {} }},",
            item.kind,
            lit(&item.slug),
            lit(&item.title),
            lit(&item.url),
            lit(&item.description),
            lit(&item.schema_org)
        );
    }
    out.push_str("];\n\n");
    let _ = write!(
        out,
        "/// Passages of item `i` are `ANSWER_PASSAGES[ANSWER_ITEM_PASSAGES[i]..ANSWER_ITEM_PASSAGES[i + 1]]`.\npub static ANSWER_ITEM_PASSAGES: [u32; {}] = [",
        index.item_passage_start.len()
    );
    for start in &index.item_passage_start {
        let _ = write!(out, "{start},");
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The most passages one item has (working-array size of the engine).\npub const ANSWER_MAX_ITEM_PASSAGES: usize = {};\n",
        index.max_item_passages
    );
    let _ = writeln!(
        out,
        "/// Every passage, grouped by item, in reading order.\npub static ANSWER_PASSAGES: [Passage; {}] = [",
        index.passages.len()
    );
    for passage in &index.passages {
        let _ = writeln!(
            out,
            "    Passage {{ item: {}, heading: {}, text: {}, block: {}, signature: {:#018x}, answerable: {}, continues: {}, cross_reference: {}, defines: {}, states_duration: {}, list_item: {}, bare_row: {} }},",
            passage.item,
            lit(&passage.heading),
            lit(&passage.text),
            passage.block,
            passage.signature,
            passage.answerable,
            passage.continues,
            passage.cross_reference,
            passage.defines,
            passage.states_duration,
            passage.list_item,
            passage.bare_row
        );
    }
    out.push_str("];\n\n");

    let terms: Vec<(&str, String)> = index
        .terms
        .iter()
        .enumerate()
        .map(|(id, term)| (term.stem.as_str(), id.to_string()))
        .collect();
    out.push_str(&super::str_map::emit(
        "Stem → answer term id (index into `ANSWER_TERM_WEIGHTS` and the postings starts).",
        "ANSWER_TERM_IDS",
        "u32",
        &terms,
    ));
    out.push('\n');
    let _ = write!(
        out,
        "/// Inverse item frequency of each term × 1000: how much finding it says about a match.\npub static ANSWER_TERM_WEIGHTS: [u16; {}] = [",
        index.terms.len()
    );
    for term in &index.terms {
        let _ = write!(out, "{},", term.weight);
    }
    out.push_str("];\n\n");
    let mut filler_stems: Vec<String> = Vec::new();
    for word in ANSWER_FILLER_WORDS {
        for_each_token(word, |token| filler_stems.push(token.stem));
    }
    filler_stems.sort();
    filler_stems.dedup();
    let filler_stems: Vec<String> = filler_stems.iter().map(|stem| lit(stem)).collect();
    let _ = writeln!(
        out,
        "/// Stems of `model::ANSWER_FILLER_WORDS`, sorted: fillers of question phrasing.\npub static ANSWER_FILLER_STEMS: [&str; {}] = [{}];\n",
        filler_stems.len(),
        filler_stems.join(", ")
    );
    let _ = write!(
        out,
        "/// An industry's everyday words for its sector (`sector_words` in its front matter) and the index of its item in `ANSWER_ITEMS`, sorted by word.\npub static ANSWER_SECTOR_WORDS: [(&str, u16); {}] = [",
        index.sector_words.len()
    );
    for (word, item) in &index.sector_words {
        let _ = write!(out, "({}, {item}),", lit(word));
    }
    out.push_str("];\n\n");
    let _ = write!(
        out,
        "/// Each phrase of the synonym table that some guide or service writes (its stems joined by spaces) and how many guides and services write it, sorted by phrase.\npub static ANSWER_PHRASE_WRITERS: [(&str, u16); {}] = [",
        index.phrase_writers.len()
    );
    for (phrase, items) in &index.phrase_writers {
        let _ = write!(out, "({}, {items}),", lit(phrase));
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The weight of a query term found in no item.\npub const ANSWER_UNKNOWN_TERM_WEIGHT: u16 = {};\n",
        index.unknown_term_weight
    );
    let postings_table = |out: &mut String,
                          name: &str,
                          what: &str,
                          ty: &str,
                          lists: Vec<Vec<String>>| {
        let total: usize = lists.iter().map(Vec::len).sum();
        let _ = write!(
            out,
            "/// Postings of term `t` are `{name}[{name}_START[t]..{name}_START[t + 1]]`.\npub static {name}_START: [u32; {}] = [",
            lists.len() + 1
        );
        let mut start = 0;
        for list in &lists {
            let _ = write!(out, "{start},");
            start += list.len();
        }
        let _ = writeln!(out, "{start}];\n");
        let _ = write!(out, "/// {what}\npub static {name}: [{ty}; {total}] = [");
        for list in lists {
            for posting in list {
                out.push_str(&posting);
                out.push(',');
            }
        }
        out.push_str("];\n\n");
    };
    postings_table(
        &mut out,
        "ANSWER_ITEM_POSTINGS",
        "`(item index, impact, in its head)` by item, packed by `model::packed::item_posting`; impact is the item's BM25F contribution × 1000, and the flag says the term is in its title, answers, description or headings.",
        "u64",
        index
            .terms
            .iter()
            .map(|t| {
                t.item_postings
                    .iter()
                    .map(|&(i, v, head)| packed::item_posting(i, v, head).to_string())
                    .collect()
            })
            .collect(),
    );
    postings_table(
        &mut out,
        "ANSWER_PASSAGE_POSTINGS",
        "`(passage index, impact, in its own text)` by passage, packed by `model::packed::passage_posting`; impact is the passage's BM25 contribution × 1000, and the flag is false when only its heading or item title has the term.",
        "u64",
        index
            .terms
            .iter()
            .map(|t| {
                t.passage_postings
                    .iter()
                    .map(|&(i, v, own)| packed::passage_posting(i, v, own).to_string())
                    .collect()
            })
            .collect(),
    );

    let _ = writeln!(
        out,
        "/// Answers to company questions from the structured records, in `CompanyTopic::ALL` order.\npub static COMPANY_ANSWERS: [CannedAnswer; {}] = [",
        canned.len()
    );
    for answer in canned {
        let sentences: Vec<String> = answer
            .sentences
            .iter()
            .map(|(text, start, end)| format!("({}, {start}, {end})", lit(text)))
            .collect();
        let sources: Vec<String> = answer.sources.iter().map(u16::to_string).collect();
        let _ = writeln!(
            out,
            "    CannedAnswer {{ sentences: &[{}], sources: &[{}] }},",
            sentences.join(", "),
            sources.join(", ")
        );
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The sentences of a \"not covered\" answer: what happened, then where to turn.\npub static NOT_COVERED_SENTENCES: [&str; 2] = [{}, {}];",
        lit(&not_covered[0]),
        lit(&not_covered[1])
    );
    let _ = writeln!(
        out,
        "/// How to take and score the assessment: on the web (`/ask`, the MCP prompt; the assessment's answer says this), then on the A2A agent.\npub static HOW_TO_SCORE: [&str; 2] = [{}, {}];",
        lit(&how_to_score[0]),
        lit(&how_to_score[1])
    );
    out
}

/// `[a, b, c]` of string literals.
fn lit_array(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|item| lit(item)).collect();
    format!("[{}]", items.join(", "))
}

/// The MCP servers' listings and the interview prompt.
fn emit_mcp(out: &mut String, servers: &[ServerListings], interview_prompt: &str) {
    let _ = writeln!(
        out,
        "\n/// Each MCP server's precomputed results, in `McpServer::ALL` order.\npub static MCP_LISTINGS: [McpListings; {}] = [",
        servers.len()
    );
    for server in servers {
        let pages: Vec<String> = server
            .resources
            .iter()
            .map(|(cursor, results)| format!("({}, {})", lit(cursor), lit_array(results)))
            .collect();
        let _ = writeln!(
            out,
            "    // McpServer::{:?}\n    McpListings {{\n        initialize: {},\n        discover: {},\n        tools: {},\n        prompts: {},\n        templates: {},\n        resources: &[{}],\n        server_info_meta: {},\n    }},",
            server.server,
            lit_array(&server.initialize),
            lit(&server.discover),
            lit_array(&server.tools),
            lit_array(&server.prompts),
            lit_array(&server.templates),
            pages.join(", "),
            lit(&server.server_info_meta),
        );
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The readiness interview prompt: the assessment's questions and how to score them.\npub static INTERVIEW_PROMPT: &str = {};",
        lit(interview_prompt)
    );
}

/// The small search corpora.
fn emit_documents(out: &mut String, documents: &[Document]) {
    let _ = writeln!(
        out,
        "\n/// Pages, error codes, API operations and the contact details as searchable documents (`ops::documents`).\npub static DOCUMENTS: [DocumentRecord; {}] = [",
        documents.len()
    );
    for document in documents {
        let kind = match document.kind {
            DocKind::Page(item) => format!("DocKind::Page(ItemKind::{item:?})"),
            DocKind::ErrorCode => "DocKind::ErrorCode".to_string(),
            DocKind::Operation => "DocKind::Operation".to_string(),
            DocKind::Contact => "DocKind::Contact".to_string(),
        };
        let terms: Vec<String> = document.terms.iter().map(|t| lit(t)).collect();
        let title_terms: Vec<String> = document.title_terms.iter().map(|t| lit(t)).collect();
        let lead_terms: Vec<String> = document.lead_terms.iter().map(|t| lit(t)).collect();
        let names: Vec<String> = document.names.iter().map(|t| lit(t)).collect();
        let _ = writeln!(
            out,
            "    DocumentRecord {{ kind: {kind}, id: {}, title: {}, summary: {}, url: {}, markdown: {}, terms: &[{}], title_terms: &[{}], lead_terms: &[{}], names: &[{}] }},",
            lit(&document.id),
            lit(&document.title),
            lit(&document.summary),
            lit(&document.url),
            lit(&document.markdown),
            terms.join(","),
            title_terms.join(","),
            lead_terms.join(","),
            names.join(","),
        );
    }
    out.push_str("];\n");
}

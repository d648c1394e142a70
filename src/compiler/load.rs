//! Walks `content/` in sorted order and reads every source file.

use std::fs;
use std::path::{Path, PathBuf};

use super::diagnostic::{Diagnostic, Diagnostics};

/// One source file: its path (for diagnostics) and its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: String,
}

/// Every file of a content tree, grouped by kind, each group sorted by path.
#[derive(Debug, Default)]
pub struct Sources {
    pub site: Option<SourceFile>,
    pub contact: Option<SourceFile>,
    pub assessment: Option<SourceFile>,
    pub synonyms: Option<SourceFile>,
    pub services: Vec<SourceFile>,
    pub industries: Vec<SourceFile>,
    pub case_studies: Vec<SourceFile>,
    pub docs: Vec<SourceFile>,
    /// `(category key from the directory name, file)`.
    pub guides: Vec<(String, SourceFile)>,
    /// `social-card.png`, checked (`None` with a diagnostic when missing or wrong).
    pub social_card: Option<super::card::SocialCard>,
}

/// Reads the content tree at `root`.
pub fn load(root: &Path, diagnostics: &mut Diagnostics) -> Sources {
    let mut sources = Sources {
        site: read_one(&root.join("site.toml"), diagnostics),
        contact: read_one(&root.join("contact.toml"), diagnostics),
        assessment: read_one(&root.join("assessment.toml"), diagnostics),
        synonyms: read_one(&root.join("synonyms.toml"), diagnostics),
        services: read_markdown_dir(&root.join("services"), diagnostics),
        industries: read_markdown_dir(&root.join("industries"), diagnostics),
        case_studies: read_markdown_dir(&root.join("case-studies"), diagnostics),
        docs: if root.join("docs").is_dir() {
            read_markdown_dir(&root.join("docs"), diagnostics)
        } else {
            Vec::new()
        },
        guides: Vec::new(),
        social_card: super::card::load(root, diagnostics),
    };
    let guides_root = root.join("guides");
    for dir in sorted_entries(&guides_root, diagnostics) {
        if dir.is_dir() {
            let key = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            for file in read_markdown_dir(&dir, diagnostics) {
                sources.guides.push((key.clone(), file));
            }
        }
    }
    sources
}

fn read_one(path: &Path, diagnostics: &mut Diagnostics) -> Option<SourceFile> {
    match fs::read_to_string(path) {
        Ok(text) => Some(SourceFile { path: path.to_path_buf(), text }),
        Err(err) => {
            diagnostics.push(Diagnostic::new(path, format!("cannot read file: {err}")));
            None
        }
    }
}

fn sorted_entries(dir: &Path, diagnostics: &mut Diagnostics) -> Vec<PathBuf> {
    match fs::read_dir(dir) {
        Ok(entries) => {
            let mut paths: Vec<PathBuf> =
                entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            paths.sort();
            paths
        }
        Err(err) => {
            diagnostics.push(Diagnostic::new(dir, format!("cannot read directory: {err}")));
            Vec::new()
        }
    }
}

fn read_markdown_dir(dir: &Path, diagnostics: &mut Diagnostics) -> Vec<SourceFile> {
    let mut files = Vec::new();
    for path in sorted_entries(dir, diagnostics) {
        if path.extension().is_some_and(|ext| ext == "md") {
            if let Some(file) = read_one(&path, diagnostics) {
                files.push(file);
            }
        } else if path.is_file() {
            diagnostics.push(
                Diagnostic::new(&path, "unexpected file in a content directory")
                    .hint("content items are markdown files ending in `.md`"),
            );
        }
    }
    files
}

//! The web app is embedded from `web/dist`. A fresh clone has no such folder until the web
//! build runs, so make it (empty) and watch it: a later web build is then embedded.

use std::path::Path;

fn main() {
    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    if let Err(error) = std::fs::create_dir_all(&dist) {
        panic!("cannot create {}: {error}", dist.display());
    }
    println!("cargo::rerun-if-changed={}", dist.display());
}

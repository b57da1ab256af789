//! A synced record's way in, whoever sends it (a device's upload, an import, the demo seed):
//! its check and its stamp, and the rules the store applies to it inside the upload
//! transaction. No HTTP here: `routes::sync` is the face devices call.

mod prepare;
mod rules;

pub use prepare::{apply_order, prepare};
pub use rules::{CallerRules, KindRules, Uploader};

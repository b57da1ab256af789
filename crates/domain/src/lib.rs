//! Fieldtag's domain: entities, rules and permissions, free of I/O so that the
//! server, the CLI and the benchmarks share one definition of the product.

pub mod actions;
pub mod analytics;
pub mod billing;
pub mod due;
pub mod email;
pub mod history_type;
pub mod lww;
pub mod organization;
pub mod permission_toggle;
pub mod permissions;
pub mod records;
pub mod search;
pub mod sync_kind;
pub mod time;
pub mod user;

//! Imports: from the third-party safety scan app, run as leased jobs from the
//! `imports` table by every instance (docs/import.md), and from CSV files.

pub mod csv;
pub mod record;
pub mod runner;
pub mod safety_scan;

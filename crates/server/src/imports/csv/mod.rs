//! CSV import of sites, equipment and service history: column mapping, a dry
//! run that lists every row it would reject and why, and one transaction of sync records.
//! docs/import-csv.md has the fields, the matching rules and the choices.

pub mod catalogue;
pub mod check;
pub mod dates;
pub mod fields;
pub mod file;
pub mod write;

//! The API, driven over HTTP against the real server on SQLite and PostgreSQL.

mod common;

mod actions;
mod binary;
mod cli;
mod counters;
mod demo;
mod errors;
mod export;
mod files;
mod files_s3;
mod geocode;
mod identity;
mod imports;
mod imports_csv;
mod imports_fuzz;
mod invites;
mod isolation;
mod limits;
mod login;
mod logs;
mod operations;
mod organizations;
mod payments;
mod reports;
mod reset_password;
mod schemathesis;
mod security_headers;
mod sign_up;
mod smtp;
mod sync;
mod sync_fuzz;
mod sync_kinds;
mod sync_trust;
mod transfers;
mod web_app;

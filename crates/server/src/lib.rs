//! The Fieldtag server: configuration, HTTP API, the web app and the jobs behind it.

pub mod allocator;
pub mod app;
pub mod auth;
pub mod billing;
pub mod body_limit;
pub mod cli;
pub mod client_address;
pub mod config;
pub mod demo;
pub mod error;
pub mod extract;
pub mod files;
pub mod geocoder;
pub mod imports;
pub mod mail;
pub mod maintenance;
pub mod metrics;
pub mod routes;
pub mod security_headers;
pub mod serve;
pub mod state;
pub mod sync_events;
pub mod sync_upload;
pub mod web_app;

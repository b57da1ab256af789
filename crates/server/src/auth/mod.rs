//! Who is calling and what they may do: password hashes, tokens, sessions,
//! and the limit on guessing passwords.

pub mod client_app;
pub mod login_limit;
pub mod password_links;
pub mod passwords;
pub mod session;
pub mod sign_in;
pub mod tokens;

pub use session::{OrgSession, Session};

//! Failures of the machine rather than of the request: a full disk, or a database that
//! cannot be reached. The HTTP layer answers them with their own statuses and words, so a
//! client knows nothing was saved and whether to wait.

use crate::StoreError;

/// SQLite's primary result code for a full disk (extended codes keep it in the low byte).
const SQLITE_FULL: i64 = 13;
/// PostgreSQL's SQLSTATE for a full disk.
const POSTGRES_DISK_FULL: &str = "53100";

impl StoreError {
    /// The database refused a write because its disk is full; the transaction was rolled back.
    pub fn is_disk_full(&self) -> bool {
        if let StoreError::Shared(error) = self {
            return error.is_disk_full();
        }
        let StoreError::Database(sqlx::Error::Database(error)) = self else { return false };
        let Some(code) = error.code() else { return false };
        code == POSTGRES_DISK_FULL || code.parse::<i64>().is_ok_and(|code| code & 0xff == SQLITE_FULL)
    }

    /// The database could not be reached or dropped the connection (restarting, shutting
    /// down, the network): worth retrying once it is back.
    pub fn is_unavailable(&self) -> bool {
        if let StoreError::Shared(error) = self {
            return error.is_unavailable();
        }
        let StoreError::Database(error) = self else { return false };
        match error {
            sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::WorkerCrashed => true,
            sqlx::Error::Protocol(message) => message.contains("unexpected end of file") || message.contains("connection"),
            // Class 08: connection exceptions; 57P01–57P03: the server is shutting down or starting.
            sqlx::Error::Database(error) => {
                error.code().is_some_and(|code| code.starts_with("08") || matches!(code.as_ref(), "57P01" | "57P02" | "57P03"))
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connection_failures_are_unavailability_and_not_disk_full() {
        let refused = StoreError::Database(sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionRefused)));
        assert!(refused.is_unavailable());
        assert!(!refused.is_disk_full());
        assert!(StoreError::Database(sqlx::Error::PoolTimedOut).is_unavailable());
        assert!(!StoreError::NotFound.is_unavailable());
        assert!(!StoreError::Database(sqlx::Error::RowNotFound).is_unavailable());
    }

    #[test]
    fn a_shared_failure_keeps_its_kind() {
        let refused = StoreError::Database(sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionRefused)));
        let shared = StoreError::Shared(std::sync::Arc::new(refused));
        assert!(shared.is_unavailable());
        assert!(!shared.is_disk_full());
        assert!(!StoreError::Shared(std::sync::Arc::new(StoreError::NotFound)).is_unavailable());
    }
}

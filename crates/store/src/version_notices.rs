//! Word that an organisation's version grew, for the live sync streams (docs/sync.md "Live
//! sync"). On SQLite the store says so itself after each commit that took versions; on
//! PostgreSQL that commit sends `NOTIFY fieldtag_sync, '<orgId>:<version>'` and every
//! instance's one listening connection passes it on, so a write on any instance reaches all.

use std::sync::Arc;
use std::time::Duration;

use sqlx::AnyConnection;
use tokio::sync::broadcast;

use crate::connect::Engine;
use crate::{Result, Store};

/// The PostgreSQL channel every instance listens on.
pub const CHANNEL: &str = "fieldtag_sync";

/// What the store tells the live sync streams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionNotice {
    /// The organisation's versions up to this one are committed.
    Reached { org_id: Arc<str>, version: i64 },
    /// The organisation took versions in a commit; read its version to learn which.
    Changed { org_id: Arc<str> },
    /// Notices may have been lost (the listening connection was cut): read again the version of
    /// every organisation being watched.
    MaybeMissed,
}

impl VersionNotice {
    /// A notice's payload, `<orgId>:<version>`, back into a notice.
    pub fn from_payload(payload: &str) -> Option<VersionNotice> {
        let (org_id, version) = payload.rsplit_once(':')?;
        Some(VersionNotice::Reached { org_id: org_id.into(), version: version.parse().ok()? })
    }
}

/// Inside a transaction that took versions up to `last`: on PostgreSQL, the notice that goes to
/// every instance when (and only if) it commits. SQLite is told after the commit instead.
pub(crate) async fn notify_on_commit(conn: &mut AnyConnection, org_id: &str, last: i64) -> Result<()> {
    if conn.backend_name() == "PostgreSQL" {
        sqlx::query("SELECT 1 FROM (SELECT pg_notify($1, $2)) AS sent")
            .bind(CHANNEL)
            .bind(format!("{org_id}:{last}"))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

impl Store {
    /// Notices from now on: every write that raises an organisation's version, on this instance
    /// or (on PostgreSQL, once [`Store::listen_for_versions`] runs) on any other.
    pub fn version_notices(&self) -> broadcast::Receiver<VersionNotice> {
        self.notices.subscribe()
    }

    /// After a commit that took versions of `org_id`: on SQLite, tell this process (the only one
    /// writing this database). PostgreSQL's notice was sent by the commit itself.
    pub(crate) fn versions_committed(&self, org_id: &str) {
        if self.engine() == Engine::Sqlite {
            let _ = self.notices.send(VersionNotice::Changed { org_id: org_id.into() });
        }
    }

    /// On PostgreSQL, holds one connection listening on [`CHANNEL`] and passes each notice on,
    /// until the task is aborted. After a cut it connects again and says `MaybeMissed`, since
    /// notices sent meanwhile are gone. On SQLite there is nothing to listen to.
    pub async fn listen_for_versions(&self) {
        let Some(url) = self.postgres_url.clone() else { return };
        loop {
            match sqlx::postgres::PgListener::connect(&url).await {
                Ok(mut listener) => {
                    if let Err(error) = listener.listen(CHANNEL).await {
                        tracing::warn!(%error, "cannot listen for sync notices");
                    } else {
                        let _ = self.notices.send(VersionNotice::MaybeMissed);
                        self.pass_on_notices(&mut listener).await;
                    }
                }
                Err(error) => tracing::warn!(%error, "cannot connect to listen for sync notices"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    async fn pass_on_notices(&self, listener: &mut sqlx::postgres::PgListener) {
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => {
                    if let Some(notice) = VersionNotice::from_payload(notification.payload()) {
                        let _ = self.notices.send(notice);
                    }
                }
                // The connection was cut: connect again (and then say MaybeMissed) from the top.
                Ok(None) => {
                    tracing::warn!("the connection listening for sync notices was cut; connecting again");
                    return;
                }
                Err(error) => {
                    tracing::warn!(%error, "listening for sync notices failed");
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_read_back_into_notices() {
        assert_eq!(VersionNotice::from_payload("org-1:42"), Some(VersionNotice::Reached { org_id: "org-1".into(), version: 42 }));
        assert_eq!(VersionNotice::from_payload("org-1"), None);
        assert_eq!(VersionNotice::from_payload("org-1:x"), None);
    }
}

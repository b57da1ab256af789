//! Mail the server sends, kept so a self-hoster without SMTP still sees it.

use sqlx::Row;

use crate::{Result, Store, new_id, now_millis};

#[derive(Debug, Clone, PartialEq)]
pub struct OutboxMail {
    pub id: String,
    pub to_address: String,
    pub subject: String,
    pub body: String,
    pub sent: bool,
}

impl Store {
    /// Keeps a mail; `sent` says whether it already went out through SMTP.
    pub async fn add_outbox_mail(&self, to_address: &str, subject: &str, body: &str, sent: bool) -> Result<String> {
        let id = new_id();
        let now = now_millis();
        sqlx::query("INSERT INTO outbox (id, to_address, subject, body, created_at, sent_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(&id)
            .bind(to_address)
            .bind(subject)
            .bind(body)
            .bind(now)
            .bind(sent.then_some(now))
            .execute(&self.pool)
            .await?;
        Ok(id)
    }

    /// Mails to one address, newest first.
    pub async fn outbox_for(&self, to_address: &str) -> Result<Vec<OutboxMail>> {
        let rows =
            sqlx::query("SELECT id, to_address, subject, body, sent_at FROM outbox WHERE to_address = $1 ORDER BY created_at DESC, id")
                .bind(to_address)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|row| {
                Ok(OutboxMail {
                    id: row.try_get(0)?,
                    to_address: row.try_get(1)?,
                    subject: row.try_get(2)?,
                    body: row.try_get(3)?,
                    sent: row.try_get::<Option<i64>, _>(4)?.is_some(),
                })
            })
            .collect()
    }
}

//! Outgoing mail: through SMTP when configured; always recorded in the outbox
//! table, and written to the log when there is no SMTP server, so a self-hoster
//! still sees the links the server would have sent.

use fieldtag_store::Store;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

pub struct Mailer {
    store: Store,
    from: Mailbox,
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
}

impl Mailer {
    pub fn new(store: Store, from: &str, smtp_url: Option<&str>) -> anyhow::Result<Mailer> {
        let from: Mailbox = from.parse().map_err(|e| anyhow::anyhow!("FIELDTAG_MAIL_FROM '{from}' is not a mail address: {e}"))?;
        let smtp = smtp_url
            .map(|url| AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map(|b| b.build()))
            .transpose()
            .map_err(|e| anyhow::anyhow!("FIELDTAG_SMTP_URL is not usable: {e}"))?;
        Ok(Mailer { store, from, smtp })
    }

    /// Sends a plain-text mail. A failure to send is logged, not raised: the
    /// caller's answer must not reveal whether mail went out.
    pub async fn send(&self, to: &str, subject: &str, body: &str) {
        let sent = match &self.smtp {
            Some(smtp) => match self.deliver(smtp, to, subject, body).await {
                Ok(()) => true,
                Err(error) => {
                    tracing::error!(%error, to, subject, "mail could not be sent");
                    false
                }
            },
            None => {
                tracing::info!(to, subject, body, "mail kept in the outbox (no SMTP server configured)");
                false
            }
        };
        if let Err(error) = self.store.add_outbox_mail(to, subject, body, sent).await {
            tracing::error!(%error, to, subject, "mail could not be recorded in the outbox");
        }
    }

    async fn deliver(&self, smtp: &AsyncSmtpTransport<Tokio1Executor>, to: &str, subject: &str, body: &str) -> anyhow::Result<()> {
        let message = Message::builder().from(self.from.clone()).to(to.parse()?).subject(subject).body(body.to_string())?;
        smtp.send(message).await?;
        Ok(())
    }
}

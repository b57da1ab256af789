//! Mail through a real SMTP conversation, with a small local SMTP server
//! standing in for the mail provider.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::common::{Engine, TestApp, expect};

/// One accepted message: the envelope's RCPT lines and the data.
type Delivered = (Vec<String>, String);

/// Messages the fake server accepted.
#[derive(Default, Clone)]
struct Inbox(Arc<Mutex<Vec<Delivered>>>);

/// Speaks enough SMTP (RFC 5321) for a client to deliver: greeting, EHLO, MAIL,
/// RCPT, DATA with dot-termination, RSET, NOOP, QUIT.
async fn fake_smtp_server() -> (u16, Inbox) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let inbox = Inbox::default();
    let accepted = inbox.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let inbox = accepted.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 fake.smtp ESMTP ready\r\n").await.unwrap();
                let mut recipients = Vec::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    let verb = line.split_whitespace().next().unwrap_or("").to_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" => b"250-fake.smtp greets you\r\n250 8BITMIME\r\n",
                        "HELO" | "MAIL" | "RSET" | "NOOP" => b"250 OK\r\n",
                        "RCPT" => {
                            recipients.push(line.clone());
                            b"250 OK\r\n"
                        }
                        "DATA" => {
                            write.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n").await.unwrap();
                            let mut data = String::new();
                            while let Ok(Some(data_line)) = lines.next_line().await {
                                if data_line == "." {
                                    break;
                                }
                                data.push_str(data_line.strip_prefix('.').unwrap_or(&data_line));
                                data.push('\n');
                            }
                            inbox.0.lock().unwrap().push((std::mem::take(&mut recipients), data));
                            b"250 OK queued\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 Bye\r\n").await.unwrap();
                            break;
                        }
                        _ => b"502 Command not implemented\r\n",
                    };
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, inbox)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reset_mail_goes_out_through_smtp() {
    let (port, inbox) = fake_smtp_server().await;
    let app = TestApp::spawn_with(Engine::Sqlite, |config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        config.mail_from = "Acme Service <service@acme.ca>".into();
    })
    .await;
    app.sign_up("owner@acme.ca").await;
    let response = app.request(Method::POST, "/api/users/reset-password").json(&json!({"email": "owner@acme.ca"})).send().await.unwrap();
    expect(response, StatusCode::OK).await;

    let mut delivered = Vec::new();
    for _ in 0..400 {
        delivered = inbox.0.lock().unwrap().clone();
        if !delivered.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (recipients, data) = delivered.first().expect("the reset mail reached the SMTP server");
    assert!(recipients[0].contains("owner@acme.ca"), "{recipients:?}");
    assert!(data.contains("Subject: Reset your Fieldtag password"), "{data}");
    assert!(data.contains("From: \"Acme Service\" <service@acme.ca>") || data.contains("From: Acme Service <service@acme.ca>"), "{data}");
    assert!(data.contains("/change-password?userId="), "{data}");
    // The outbox row is written once the SMTP server has answered, just after it kept the mail.
    let mut kept = Vec::new();
    for _ in 0..400 {
        kept = app.store.outbox_for("owner@acme.ca").await.unwrap();
        if !kept.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(kept.first().is_some_and(|mail| mail.sent), "the outbox records the mail as sent: {kept:?}");
    app.stop().await;
}

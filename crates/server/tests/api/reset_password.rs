use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{TestApp, expect, expect_error, link_token};

crate::on_both_engines!(reset_answers_the_same_whether_or_not_the_email_exists, reset_link_sets_a_new_password_and_ends_old_sessions,);

const SENT: &str = "If this email matched an account, a link was sent to reset your password.";

async fn ask_reset(app: &TestApp, email: &str) -> reqwest::Response {
    app.request(Method::POST, "/api/users/reset-password").json(&json!({"email": email})).send().await.unwrap()
}

/// The reset mail, once the background task has written it.
async fn reset_mail(app: &TestApp, email: &str) -> fieldtag_store::OutboxMail {
    for _ in 0..400 {
        if let Some(mail) = app.store.outbox_for(email).await.unwrap().into_iter().next() {
            return mail;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no reset mail for {email}");
}

async fn reset_answers_the_same_whether_or_not_the_email_exists(app: &TestApp) {
    app.sign_up("owner@acme.ca").await;
    for email in ["owner@acme.ca", "nobody@acme.ca"] {
        let body = expect(ask_reset(app, email).await, StatusCode::OK).await;
        assert_eq!(body["message"], SENT);
    }
    let mail = reset_mail(app, "owner@acme.ca").await;
    assert!(mail.body.contains("/change-password?userId="), "{}", mail.body);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(app.store.outbox_for("nobody@acme.ca").await.unwrap().is_empty());
    let empty = app.request(Method::POST, "/api/users/reset-password").json(&json!({"email": " "})).send().await.unwrap();
    expect_error(empty, StatusCode::BAD_REQUEST, "BadRequest", "Enter your email address").await;
}

async fn reset_link_sets_a_new_password_and_ends_old_sessions(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    expect(ask_reset(app, "OWNER@acme.ca").await, StatusCode::OK).await;
    let mail = reset_mail(app, "owner@acme.ca").await;
    let link = mail.body.lines().find(|line| line.contains("/change-password?")).unwrap().trim().to_string();
    assert!(link.contains(&format!("userId={}", owner.user_id)));

    expect(app.set_password(&owner.user_id, &link_token(&link), "brand new password").await, StatusCode::OK).await;
    expect(app.login(&owner.email, "brand new password").await, StatusCode::OK).await;
    expect(app.login(&owner.email, &owner.password).await, StatusCode::UNAUTHORIZED).await;
    let old_session = app.request(Method::POST, "/api/token").bearer_auth(&owner.refresh_token).send().await.unwrap();
    expect_error(old_session, StatusCode::UNAUTHORIZED, "RefreshTokenDeletedOrFake", "Refresh token deleted or fake").await;
}

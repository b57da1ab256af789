use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{TestApp, expect};

crate::on_both_engines!(client_logs_are_kept_and_never_fail);

async fn client_logs_are_kept_and_never_fail(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let crash = json!({"level": "error", "message": "An error ocurred while trying to show this page.", "stack": "at Sites"});
    expect(app.authed(Method::POST, "/api/logs", &owner.token).json(&crash).send().await.unwrap(), StatusCode::NO_CONTENT).await;
    expect(app.request(Method::POST, "/api/logs").body("not json at all").send().await.unwrap(), StatusCode::NO_CONTENT).await;
    expect(app.authed(Method::POST, "/api/logs", "expired-or-bad").json(&crash).send().await.unwrap(), StatusCode::NO_CONTENT).await;

    let logs = app.store.recent_client_logs(10).await.unwrap();
    assert_eq!(logs.len(), 3);
    let with_user = logs.iter().find(|log| log.user_id.is_some()).expect("the signed-in report names its user");
    assert_eq!(with_user.org_id.as_deref(), Some(owner.org_id.as_str()));
    assert_eq!(with_user.message, "An error ocurred while trying to show this page.");
    assert!(with_user.context.as_deref().unwrap().contains("at Sites"));
    assert!(logs.iter().any(|log| log.message == "not json at all" && log.level == "error"));
}

//! Bad requests of every shape get a clear JSON 4xx, never a 500.

use reqwest::{Method, StatusCode};

use crate::common::{TestApp, expect, expect_error};

crate::on_both_engines!(malformed_requests_get_clear_answers, api_document_lists_every_route);

async fn malformed_requests_get_clear_answers(app: &TestApp) {
    expect_error(
        app.request(Method::GET, "/api/nothing-here").send().await.unwrap(),
        StatusCode::NOT_FOUND,
        "NotFound",
        "No such route: GET /api/nothing-here",
    )
    .await;
    expect_error(
        app.request(Method::PUT, "/api/users").send().await.unwrap(),
        StatusCode::METHOD_NOT_ALLOWED,
        "MethodNotAllowed",
        "PUT is not allowed on /api/users",
    )
    .await;

    let text = app.request(Method::POST, "/api/users").header("content-type", "text/plain").body("hello").send().await.unwrap();
    expect_error(
        text,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "UnsupportedMediaType",
        "Send the body as JSON with the header Content-Type: application/json",
    )
    .await;

    let broken =
        app.request(Method::POST, "/api/users").header("content-type", "application/json").body("{\"name\": ").send().await.unwrap();
    let body = expect(broken, StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().unwrap().starts_with("The body is not valid JSON"), "{body}");

    let not_object =
        app.request(Method::POST, "/api/users").header("content-type", "application/json").body("[1, 2]").send().await.unwrap();
    let body = expect(not_object, StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().unwrap().starts_with("The body has the wrong shape"), "{body}");

    let huge = format!("{{\"name\": \"{}\"}}", "x".repeat(9 * 1024 * 1024));
    let oversized = app.request(Method::POST, "/api/users").header("content-type", "application/json").body(huge).send().await.unwrap();
    expect_error(oversized, StatusCode::PAYLOAD_TOO_LARGE, "PayloadTooLarge", "The body is too large").await;

    let health = expect(app.request(Method::GET, "/healthz").send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(health["status"], "ok");
    assert_eq!(health["version"], env!("CARGO_PKG_VERSION"));
}

async fn api_document_lists_every_route(app: &TestApp) {
    let document = expect(app.request(Method::GET, "/api/openapi.json").send().await.unwrap(), StatusCode::OK).await;
    let expected = [
        ("/api/token", "post"),
        ("/api/token", "delete"),
        ("/api/users", "post"),
        ("/api/users/reset-password", "post"),
        ("/api/users/{id}/invite-link", "post"),
        ("/api/users/{userId}", "patch"),
        ("/api/organizations/{orgId}", "get"),
        ("/api/organizations/{orgId}", "patch"),
        ("/api/logs", "post"),
        ("/healthz", "get"),
    ];
    for (path, method) in expected {
        assert!(document["paths"][path][method].is_object(), "{method} {path} missing from the API document");
    }
    let page = app.request(Method::GET, "/api/docs/").send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("swagger"), "the browsable page is served");
}

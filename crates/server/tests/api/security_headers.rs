//! Security headers on the web app and the API alike (docs/security.md).

use reqwest::{Method, StatusCode};

use crate::common::{Engine, TestApp};

fn policy(response: &reqwest::Response) -> String {
    response.headers().get("content-security-policy").expect("a Content-Security-Policy").to_str().unwrap().to_string()
}

#[tokio::test]
async fn web_app_and_api_answers_carry_the_security_headers() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    for path in ["/", "/sites/anything", "/api/organizations/nope", "/api/openapi.json", "/healthz"] {
        let response = app.request(Method::GET, path).send().await.unwrap();
        let headers = response.headers();
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        let policy = policy(&response);
        for directive in [
            "default-src 'self'",
            "script-src 'self';",
            "connect-src 'self' https:;",
            "img-src 'self' blob: data:;",
            "object-src 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {directive} missing from {policy}");
        }
        assert!(!policy.contains("unsafe-eval") && !policy.contains("script-src 'self' 'unsafe-inline'"), "{path}: {policy}");
    }
    let missing = app.request(Method::GET, "/api/nothing-here").send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert!(policy(&missing).contains("frame-ancestors 'none'"), "errors carry it too");
}

/// Presigned read links lead to the S3 service: the page may show images from there.
#[tokio::test]
async fn images_may_come_from_the_s3_service() {
    let app = TestApp::spawn_with(Engine::Sqlite, |config| {
        config.files.s3_bucket = Some("fieldtag".into());
        config.files.s3_endpoint = Some("http://127.0.0.1:9000/".into());
        config.files.s3_access_key_id = Some("key".into());
        config.files.s3_secret_access_key = Some("secret".into());
    })
    .await;
    let response = app.request(Method::GET, "/").send().await.unwrap();
    let policy = policy(&response);
    assert!(policy.contains("img-src 'self' blob: data: http://127.0.0.1:9000;"), "{policy}");
    assert!(policy.contains("connect-src 'self' https:;"), "{policy}");
}

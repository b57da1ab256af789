//! The web app served from `/` beside the API, read from `FIELDTAG_WEB_DIR`: files with
//! their types and caching, the app shell for client routes, nothing outside the folder.

use fieldtag_server::config::Config;
use reqwest::{Method, Response, StatusCode, header};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::{TestApp, expect_error};

crate::on_both_engines!(
    configure = built_web_app;
    client_routes_answer_the_app_shell,
    hashed_assets_are_kept_for_good_and_the_rest_revalidated,
    a_missing_file_is_not_the_app_shell,
    api_paths_keep_their_json_answers,
    nothing_outside_the_folder_is_served,
    files_are_gzipped_when_the_client_accepts_it,
);

const INDEX: &str = "<!doctype html><html><head><title>Fieldtag</title></head><body><div id=\"root\"></div></body></html>\n";
const SECRET: &str = "not for the web";

/// A web build in the test's temporary folder, with a secret beside it (not inside).
fn built_web_app(config: &mut Config) {
    let outside = config.data_dir.parent().unwrap().to_path_buf();
    let root = outside.join("web");
    std::fs::create_dir_all(root.join("assets")).unwrap();
    std::fs::write(root.join("index.html"), INDEX).unwrap();
    std::fs::write(root.join("assets/app-abc123.js"), app_script()).unwrap();
    std::fs::write(root.join("sw.js"), "self.addEventListener('install', () => self.skipWaiting());\n").unwrap();
    std::fs::write(outside.join("secret.txt"), SECRET).unwrap();
    config.web_dir = Some(root);
}

fn app_script() -> String {
    "console.log('Fieldtag starts');\n".repeat(50)
}

async fn get(app: &TestApp, path: &str) -> Response {
    app.request(Method::GET, path).send().await.unwrap()
}

fn header_of(response: &Response, name: header::HeaderName) -> String {
    response.headers().get(&name).map(|value| value.to_str().unwrap().to_string()).unwrap_or_default()
}

/// Asserts `response` is index.html, to be revalidated before each use.
async fn expect_app_shell(response: Response) {
    assert_eq!(response.status(), StatusCode::OK, "{}", response.url());
    assert_eq!(header_of(&response, header::CONTENT_TYPE), "text/html; charset=utf-8");
    assert_eq!(header_of(&response, header::CACHE_CONTROL), "no-cache");
    assert_eq!(response.text().await.unwrap(), INDEX);
}

async fn client_routes_answer_the_app_shell(app: &TestApp) {
    for path in ["/", "/index.html", "/sites", "/sites/abc", "/sites/abc/equipment/new", "/sites/abc/"] {
        expect_app_shell(get(app, path).await).await;
    }

    let head = app.request(Method::HEAD, "/sites/abc").send().await.unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(header_of(&head, header::CONTENT_TYPE), "text/html; charset=utf-8");

    let etag = header_of(&get(app, "/").await, header::ETAG);
    assert!(etag.starts_with('"'), "a validator comes with the page: {etag:?}");
    let again = app.request(Method::GET, "/").header(header::IF_NONE_MATCH, &etag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "an unchanged page is not sent again");
}

async fn hashed_assets_are_kept_for_good_and_the_rest_revalidated(app: &TestApp) {
    let script = get(app, "/assets/app-abc123.js").await;
    assert_eq!(script.status(), StatusCode::OK);
    assert_eq!(header_of(&script, header::CONTENT_TYPE), "text/javascript; charset=utf-8");
    assert_eq!(header_of(&script, header::CACHE_CONTROL), "public, max-age=31536000, immutable");
    assert_eq!(script.text().await.unwrap(), app_script());

    let worker = get(app, "/sw.js").await;
    assert_eq!(worker.status(), StatusCode::OK);
    assert_eq!(header_of(&worker, header::CONTENT_TYPE), "text/javascript; charset=utf-8");
    assert_eq!(header_of(&worker, header::CACHE_CONTROL), "no-cache", "a new service worker is found at once");
}

async fn a_missing_file_is_not_the_app_shell(app: &TestApp) {
    for path in ["/assets/nope.js", "/nope.css", "/sites/abc/photo.png"] {
        let response = get(app, path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_ne!(response.text().await.unwrap(), INDEX, "{path}");
    }
}

async fn api_paths_keep_their_json_answers(app: &TestApp) {
    expect_error(get(app, "/api/nope").await, StatusCode::NOT_FOUND, "NotFound", "No such route: GET /api/nope").await;
    expect_error(get(app, "/api").await, StatusCode::NOT_FOUND, "NotFound", "No such route: GET /api").await;
    let post = app.request(Method::POST, "/sites/abc").send().await.unwrap();
    expect_error(post, StatusCode::NOT_FOUND, "NotFound", "No such route: POST /sites/abc").await;
}

async fn nothing_outside_the_folder_is_served(app: &TestApp) {
    // Sent as written: an HTTP client library would tidy the dots away.
    for target in ["/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt", "/..\\secret.txt"] {
        let answer = raw_get(app, target).await;
        assert!(answer.starts_with("HTTP/1.1 404"), "{target}: {answer}");
        assert!(!answer.contains(SECRET), "{target} reached a file outside the web folder");
    }
}

async fn files_are_gzipped_when_the_client_accepts_it(app: &TestApp) {
    let zipped = app.request(Method::GET, "/assets/app-abc123.js").header(header::ACCEPT_ENCODING, "gzip").send().await.unwrap();
    assert_eq!(zipped.status(), StatusCode::OK);
    assert_eq!(header_of(&zipped, header::CONTENT_ENCODING), "gzip");
    assert!(header_of(&zipped, header::VARY).to_lowercase().contains("accept-encoding"));
    assert_eq!(header_of(&zipped, header::CACHE_CONTROL), "public, max-age=31536000, immutable");
    let body = zipped.bytes().await.unwrap();
    assert_eq!(body[..2], [0x1f, 0x8b], "a gzip stream");
    assert!(body.len() < app_script().len());

    let plain = get(app, "/assets/app-abc123.js").await;
    assert_eq!(header_of(&plain, header::CONTENT_ENCODING), "", "no encoding the client did not ask for");
}

/// The raw answer to a GET of `target`, sent byte for byte.
async fn raw_get(app: &TestApp, target: &str) -> String {
    let host = app.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(host).await.unwrap();
    stream.write_all(format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
}

#[tokio::test]
async fn a_web_dir_that_is_not_a_folder_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::for_data_dir(dir.path().join("data"), None);
    config.web_dir = Some(dir.path().join("no-such-folder"));
    let error = fieldtag_server::serve::start(config).await.err().expect("start refuses");
    assert!(format!("{error:#}").contains("FIELDTAG_WEB_DIR"), "{error:#}");
}

mod not_built {
    use fieldtag_server::config::Config;
    use reqwest::{Method, StatusCode};

    use crate::common::TestApp;

    crate::on_both_engines!(configure = empty_web_dir; the_root_says_to_build_the_app);

    fn empty_web_dir(config: &mut Config) {
        let root = config.data_dir.parent().unwrap().join("web");
        std::fs::create_dir_all(&root).unwrap();
        config.web_dir = Some(root);
    }

    async fn the_root_says_to_build_the_app(app: &TestApp) {
        for path in ["/", "/sites/abc"] {
            let response = app.request(Method::GET, path).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE, "{path}");
            assert_eq!(response.headers()["content-type"], "text/plain; charset=utf-8");
            let message = response.text().await.unwrap();
            assert!(message.contains("web app is not built") && message.contains("make build"), "{message}");
        }
        let health = app.request(Method::GET, "/healthz").send().await.unwrap();
        assert_eq!(health.status(), StatusCode::OK, "the API works without the web app");
    }
}

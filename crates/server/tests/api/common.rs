//! A real server on a random port for each test, on a fresh SQLite file or a
//! fresh PostgreSQL schema, and a client that speaks to it over HTTP.

use fieldtag_server::config::Config;
use fieldtag_server::serve::{RunningServer, start};
use fieldtag_store::Store;
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::{Value, json};
use sqlx::Connection;

#[derive(Clone, Copy, Debug)]
pub enum Engine {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub base: String,
    pub http: reqwest::Client,
    pub store: Store,
    /// The database the server uses, for tests that read or plant rows the API never shows.
    pub database_url: String,
    server: Option<RunningServer>,
    _dir: tempfile::TempDir,
}

/// A signed-up organisation and its first user, logged in.
#[derive(Clone, Debug)]
pub struct Account {
    pub org_id: String,
    pub user_id: String,
    pub email: String,
    pub password: String,
    pub token: String,
    pub refresh_token: String,
}

/// Test PostgreSQL URL, from `make test` (scripts/test-postgres.sh).
fn postgres_url() -> String {
    std::env::var("FIELDTAG_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| panic!("FIELDTAG_TEST_POSTGRES_URL is not set: run the tests with `make test`, which starts PostgreSQL"))
}

/// A fresh schema in the test database, and a URL whose connections use it.
async fn fresh_postgres_schema() -> String {
    let url = postgres_url();
    let schema = format!("t_{}", fieldtag_store::new_id());
    let mut conn = sqlx::PgConnection::connect(&url).await.expect("connect to test PostgreSQL");
    let create = format!("CREATE SCHEMA {schema}");
    sqlx::query(&create).execute(&mut conn).await.expect("create schema");
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}options=-c%20search_path%3D{schema}")
}

impl TestApp {
    pub async fn spawn(engine: Engine) -> TestApp {
        Self::spawn_with(engine, |_| {}).await
    }

    pub async fn spawn_with(engine: Engine, configure: impl FnOnce(&mut Config)) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        let database_url = match engine {
            Engine::Sqlite => None,
            Engine::Postgres => Some(fresh_postgres_schema().await),
        };
        let mut config = Config::for_data_dir(dir.path().join("data"), database_url);
        configure(&mut config);
        let database_url = config.database_url();
        let server = start(config).await.expect("server starts");
        TestApp {
            base: format!("http://{}", server.addr),
            http: reqwest::Client::new(),
            store: server.state.store.clone(),
            database_url,
            server: Some(server),
            _dir: dir,
        }
    }

    /// The running server's shared state, for tests that watch what the API cannot show.
    pub fn state(&self) -> &fieldtag_server::state::AppState {
        &self.server.as_ref().expect("the server runs").state
    }

    /// The server's data directory: the SQLite file and local files live here.
    pub fn data_dir(&self) -> std::path::PathBuf {
        self._dir.path().join("data")
    }

    pub async fn stop(mut self) {
        if let Some(server) = self.server.take() {
            server.stop().await;
        }
    }

    pub fn request(&self, method: Method, path: &str) -> RequestBuilder {
        self.http.request(method, format!("{}{path}", self.base))
    }

    pub fn authed(&self, method: Method, path: &str, token: &str) -> RequestBuilder {
        self.request(method, path).bearer_auth(token)
    }

    /// Uploads `body` as `account` (PATCH …/sync) and answers the per-record statuses.
    pub async fn sync_upload(&self, account: &Account, body: Value) -> Value {
        let path = format!("/api/organizations/{}/sync", account.org_id);
        expect(self.authed(Method::PATCH, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await
    }

    /// Downloads everything `account` may read (GET …/sync from the start).
    pub async fn sync_download(&self, account: &Account) -> Value {
        let path = format!("/api/organizations/{}/sync", account.org_id);
        expect(self.authed(Method::GET, &path, &account.token).send().await.unwrap(), StatusCode::OK).await
    }

    pub async fn sign_up(&self, email: &str) -> Account {
        let password = "correct horse battery".to_string();
        let response = self
            .request(Method::POST, "/api/users")
            .json(&json!({"name": "Owner", "email": email, "password": password, "organizationName": format!("Org of {email}"), "plan": "Basic",
                         "acceptedTermsVersion": "1.0.1"}))
            .send()
            .await
            .unwrap();
        let body = expect(response, StatusCode::OK).await;
        Account {
            org_id: body["user"]["orgId"].as_str().unwrap().to_string(),
            user_id: body["user"]["id"].as_str().unwrap().to_string(),
            email: email.to_string(),
            password,
            token: body["token"].as_str().unwrap().to_string(),
            refresh_token: body["refreshToken"].as_str().unwrap().to_string(),
        }
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.request(Method::POST, "/api/token").basic_auth(email, Some(password)).send().await.unwrap()
    }

    /// A second user in `admin`'s organisation with these permissions, added the
    /// way the product adds users (a record, then an invite link) and logged in. A user who
    /// holds neither login permission gets WEB_LOGIN, so they can sign in somewhere.
    pub async fn add_user(&self, admin: &Account, email: &str, permissions: &[&str]) -> Account {
        use fieldtag_domain::permissions::{Permission, grants};
        let mut permissions = permissions.to_vec();
        if !grants(&permissions, Permission::WebLogin) && !grants(&permissions, Permission::MobileLogin) {
            permissions.push("WEB_LOGIN");
        }
        let permissions = permissions.as_slice();
        let user_id = fieldtag_store::new_id();
        let record = json!({
            "id": user_id, "orgId": admin.org_id, "name": "Invited", "email": email,
            "permissions": permissions, "invitationStatus": 0, "lastUpdated": "2026-01-01T00:00:00Z", "deleted": false,
        });
        self.store.put_entity(&admin.org_id, "users", &user_id, &record).await.unwrap();
        let link = self.invite_link(admin, &user_id).await;
        let token = link_token(&link);
        let password = "invited password 1".to_string();
        let client = if signs_in_on_phone_only(permissions) { "mobile" } else { "web" };
        let response = self
            .request(Method::PATCH, &format!("/api/users/{user_id}"))
            .bearer_auth(&token)
            .header("x-fieldtag-client", client)
            .json(&json!({"password": password}))
            .send()
            .await
            .unwrap();
        let body = expect(response, StatusCode::OK).await;
        Account {
            org_id: admin.org_id.clone(),
            user_id,
            email: email.to_string(),
            password,
            token: body["token"].as_str().unwrap().to_string(),
            refresh_token: body["refreshToken"].as_str().unwrap().to_string(),
        }
    }

    pub async fn invite_link(&self, admin: &Account, user_id: &str) -> String {
        let response = self.authed(Method::POST, &format!("/api/users/{user_id}/invite-link"), &admin.token).send().await.unwrap();
        let body = expect(response, StatusCode::OK).await;
        body["data"]["inviteLink"].as_str().unwrap().to_string()
    }

    pub async fn set_password(&self, user_id: &str, token: &str, password: &str) -> Response {
        self.request(Method::PATCH, &format!("/api/users/{user_id}"))
            .bearer_auth(token)
            .json(&json!({"password": password}))
            .send()
            .await
            .unwrap()
    }
}

/// Whether these permissions let a user sign in to the phone app and not the web app.
fn signs_in_on_phone_only(permissions: &[&str]) -> bool {
    use fieldtag_domain::permissions::{Permission, grants};
    grants(permissions, Permission::MobileLogin) && !grants(permissions, Permission::WebLogin)
}

/// The `token` query parameter of an invite or reset link.
pub fn link_token(link: &str) -> String {
    let query = link.split_once('?').expect("link has a query").1;
    query.split('&').find_map(|pair| pair.strip_prefix("token=")).expect("link has a token").to_string()
}

/// Asserts the status and returns the JSON body (or Null when empty).
pub async fn expect(response: Response, status: StatusCode) -> Value {
    let actual = response.status();
    let text = response.text().await.unwrap();
    assert_eq!(actual, status, "unexpected status; body: {text}");
    if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}")) }
}

/// Asserts an error answer: status, code, message, and a context id.
pub async fn expect_error(response: Response, status: StatusCode, code: &str, message: &str) {
    let body = expect(response, status).await;
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["message"], message, "{body}");
    assert_eq!(body["contextId"].as_str().map(str::len), Some(32), "{body}");
}

/// Runs each listed `async fn(TestApp)` on SQLite and on PostgreSQL; with
/// `configure = f;` first, `f(&mut Config)` adjusts each server's configuration.
#[macro_export]
macro_rules! on_both_engines {
    (@engines $spawn:ident $(, $configure:expr)?; $($name:ident),*) => {
        mod sqlite {
            async fn spawn_app() -> $crate::common::TestApp {
                $crate::common::TestApp::$spawn($crate::common::Engine::Sqlite $(, $configure)?).await
            }
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let app = spawn_app().await;
                    super::$name(&app).await;
                    app.stop().await;
                }
            )*
        }
        mod postgres {
            async fn spawn_app() -> $crate::common::TestApp {
                $crate::common::TestApp::$spawn($crate::common::Engine::Postgres $(, $configure)?).await
            }
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let app = spawn_app().await;
                    super::$name(&app).await;
                    app.stop().await;
                }
            )*
        }
    };
    (configure = $configure:ident; $($name:ident),* $(,)?) => {
        $crate::on_both_engines!(@engines spawn_with, super::$configure; $($name),*);
    };
    ($($name:ident),* $(,)?) => {
        $crate::on_both_engines!(@engines spawn; $($name),*);
    };
}

/// A small real image, encoded as `format`: uploads are decoded, so their bytes must be whole.
fn encoded(format: image::ImageFormat) -> Vec<u8> {
    let image = image::RgbImage::from_fn(8, 6, |x, y| image::Rgb([(x * 30) as u8, (y * 40) as u8, 120]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, format).expect("encode a test image");
    bytes.into_inner()
}

/// A small PNG image.
pub fn png() -> &'static [u8] {
    static PNG: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    PNG.get_or_init(|| encoded(image::ImageFormat::Png))
}

/// A small JPEG image.
pub fn jpeg() -> &'static [u8] {
    static JPEG: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    JPEG.get_or_init(|| encoded(image::ImageFormat::Jpeg))
}

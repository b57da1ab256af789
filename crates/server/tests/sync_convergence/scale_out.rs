//! Two `fieldtag serve` processes on one database and one file store behave as one
//! server: whatever one instance learns (a session, its end, failed logins, a file, the
//! link-signing secret) the other knows, because it lives in the database or the store,
//! not in a process.

use fieldtag_server::auth::login_limit::MAX_FAILURES_PER_EMAIL;
use reqwest::{Method, StatusCode};

use crate::calls::{PASSWORD, PNG, answer, authed, expect, http, login, read_link, sign_up, write_link};
use crate::server::ServerProcess;

pub async fn check_instances_share_state(servers: &[ServerProcess]) {
    assert!(servers.len() >= 2, "scale-out needs two instances");
    let http = http();
    let (a, b) = (servers[0].base.as_str(), servers[1].base.as_str());
    let owner = sign_up(&http, a, "owner@scale-out.fieldtag.test").await;
    let org_path = format!("/api/organizations/{}", owner.org_id);

    // A token issued by one instance works on the other.
    let response = authed(&http, b, Method::GET, &org_path, &owner.token).send().await.expect("request");
    expect(response, StatusCode::OK, "A's token on B").await;

    // A logout on one blacklists the token on the other.
    let session = expect(login(&http, b, &owner.email, PASSWORD).await, StatusCode::OK, "login on B").await;
    let token = session["token"].as_str().expect("token");
    expect(authed(&http, a, Method::GET, &org_path, token).send().await.expect("request"), StatusCode::OK, "B's token on A").await;
    expect(authed(&http, b, Method::DELETE, "/api/token", token).send().await.expect("logout"), StatusCode::NO_CONTENT, "logout on B")
        .await;
    let (status, body) = answer(authed(&http, a, Method::GET, &org_path, token).send().await.expect("request")).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("AccessTokenBlackListed")), "{body}");

    // Failed logins are counted across both: half the limit on each reaches it.
    for attempt in 0..MAX_FAILURES_PER_EMAIL {
        let server = if attempt % 2 == 0 { a } else { b };
        expect(login(&http, server, &owner.email, "a wrong guess").await, StatusCode::UNAUTHORIZED, "wrong password").await;
    }
    for server in [a, b] {
        let (status, body) = answer(login(&http, server, &owner.email, PASSWORD).await).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("TooManyLoginAttempts")), "{server}: {body}");
    }

    // A file uploaded through one is read through the other, and each honours the other's links.
    for (asked, uploaded_through, read_through) in [(a, a, b), (a, b, a)] {
        let (url, file_name) = write_link(&http, asked, &owner).await;
        let url = url.replacen(asked, uploaded_through, 1);
        let response = http.put(&url).header("content-type", "image/png").body(PNG).send().await.expect("upload");
        let stored = expect(response, StatusCode::OK, "upload").await;
        assert_eq!(stored["fileName"], file_name.as_str());
        let read = read_link(&http, read_through, &owner, &file_name).await;
        let response = http.get(&read).send().await.expect("read");
        assert_eq!(response.status(), StatusCode::OK, "read {file_name} through {read_through}");
        assert_eq!(response.bytes().await.expect("bytes").as_ref(), PNG, "the bytes uploaded through {uploaded_through}");
    }
}

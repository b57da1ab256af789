//! Signed links for images: ask, upload, ask to read, read; and every refusal
//! leaves nothing on disk.

use std::path::Path;

use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error, jpeg, png};

crate::on_both_engines!(
    an_image_goes_up_and_comes_back_down,
    uploads_must_be_images_of_the_signed_type,
    uploads_over_the_limit_are_refused,
    links_with_a_bad_signature_are_refused,
    names_cannot_leave_their_folder,
    other_organisations_and_missing_permissions_are_refused,
    evidence_is_named_by_the_device,
    evidence_names_and_types_are_checked,
    evidence_needs_its_write_permissions,
    evidence_of_another_organisation_stays_apart,
    evidence_is_written_once_under_parallel_uploads,
);

const TEN_MIB: usize = 10 * 1024 * 1024;

async fn signed_url(app: &TestApp, caller: &Account, org_id: &str, body: Value) -> reqwest::Response {
    app.authed(Method::POST, &format!("/api/organizations/{org_id}/signed-urls"), &caller.token).json(&body).send().await.unwrap()
}

/// `{url, fileName}` of a write link into `folder`.
async fn write_link(app: &TestApp, caller: &Account, folder: &str, content_type: &str) -> (String, String) {
    let body = json!({"action": "write", "folderName": folder, "contentType": content_type});
    let answer = expect(signed_url(app, caller, &caller.org_id, body).await, StatusCode::OK).await;
    (absolute(app, &answer["url"]), answer["fileName"].as_str().unwrap().to_string())
}

/// Links to this server are paths, resolved against its address as a client does.
fn absolute(app: &TestApp, url: &Value) -> String {
    let path = url.as_str().unwrap();
    assert!(path.starts_with("/api/files/"), "{path}");
    format!("{}{path}", app.base)
}

async fn read_link(app: &TestApp, caller: &Account, file_name: &str) -> String {
    let answer =
        expect(signed_url(app, caller, &caller.org_id, json!({"action": "read", "fileName": file_name})).await, StatusCode::OK).await;
    assert_eq!(answer["fileName"], file_name);
    absolute(app, &answer["url"])
}

/// Signed links are absolute and carry no session.
async fn put(app: &TestApp, url: &str, body: impl Into<reqwest::Body>) -> reqwest::Response {
    app.http.put(url).header(header::CONTENT_TYPE, "image/png").body(body).send().await.unwrap()
}

/// Every file under the data directory's `files`, temporary ones included.
fn stored_files(app: &TestApp) -> Vec<String> {
    fn walk(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() { walk(&path, found) } else { found.push(path.display().to_string()) }
        }
    }
    let mut found = Vec::new();
    walk(&app.data_dir().join("files"), &mut found);
    found
}

fn assert_nothing_stored(app: &TestApp) {
    assert_eq!(stored_files(app), Vec::<String>::new(), "a refused upload stores nothing");
}

async fn an_image_goes_up_and_comes_back_down(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let (url, file_name) = write_link(app, &owner, "logos", "image/png").await;
    assert!(file_name.starts_with("logos/") && file_name.ends_with(".png"), "{file_name}");
    let name = file_name.strip_prefix("logos/").unwrap();
    assert!(url.starts_with(&format!("{}/api/files/{}/logos/{name}?expires=", app.base, owner.org_id)), "{url}");

    let uploaded = expect(put(app, &url, png()).await, StatusCode::OK).await;
    assert_eq!(uploaded["fileName"], file_name.as_str());
    let on_disk = app.data_dir().join("files").join(&owner.org_id).join("logos").join(name);
    assert_eq!(std::fs::read(on_disk).unwrap(), png(), "kept under files/{{orgId}}/{{folder}}/{{name}}");

    let read = read_link(app, &owner, &file_name).await;
    let response = app.http.get(&read).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    assert_eq!(response.headers()[header::CACHE_CONTROL], "private, max-age=31536000, immutable");
    assert_eq!(response.bytes().await.unwrap(), png());

    let again = put(app, &url, png()).await;
    expect_error(again, StatusCode::CONFLICT, "FileExists", "This file has already been uploaded: ask for a new upload link").await;

    // Anything but png is a JPEG (spec §5); the folder may also be named apart from the file.
    let (url, file_name) = write_link(app, &owner, "floor-plans", "image/jpeg").await;
    assert!(file_name.starts_with("floor-plans/") && file_name.ends_with(".jpg"), "{file_name}");
    expect(put(app, &url, jpeg()).await, StatusCode::OK).await;
    let bare = file_name.strip_prefix("floor-plans/").unwrap();
    for asked in [bare, file_name.as_str()] {
        let body = json!({"action": "read", "folderName": "floor-plans", "fileName": asked});
        let answer = expect(signed_url(app, &owner, &owner.org_id, body).await, StatusCode::OK).await;
        assert_eq!(answer["fileName"], file_name.as_str());
        let response = app.http.get(absolute(app, &answer["url"])).send().await.unwrap();
        assert_eq!(response.headers()[header::CONTENT_TYPE], "image/jpeg");
        assert_eq!(response.bytes().await.unwrap(), jpeg());
    }

    let missing = read_link(app, &owner, "logos/0123456789abcdef0123456789abcdef.png").await;
    expect_error(app.http.get(&missing).send().await.unwrap(), StatusCode::NOT_FOUND, "NotFound", "File not found").await;

    let spec = expect(app.request(Method::GET, "/api/openapi.json").send().await.unwrap(), StatusCode::OK).await;
    for path in ["/api/organizations/{orgId}/signed-urls", "/api/files/{orgId}/{folder}/{name}"] {
        assert!(spec["paths"][path].is_object(), "{path} is documented");
    }
}

async fn uploads_must_be_images_of_the_signed_type(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let (png_url, _) = write_link(app, &owner, "logos", "image/png").await;
    let (jpeg_url, _) = write_link(app, &owner, "letter-heads", "image/jpeg").await;
    let not_png = "The file is not a PNG image: this link takes image/png";
    let not_jpeg = "The file is not a JPEG image: this link takes image/jpeg";
    for (url, body, message) in [
        (&png_url, jpeg(), not_png),
        (&png_url, b"hello".as_slice(), not_png),
        (&png_url, b"".as_slice(), not_png),
        (&jpeg_url, png(), not_jpeg),
    ] {
        expect_error(put(app, url, body).await, StatusCode::UNSUPPORTED_MEDIA_TYPE, "WrongFileType", message).await;
    }
    // The right first bytes are not enough: the image must decode.
    let png_then_garbage = [&png()[..16], b"garbage where the pixels should be".as_slice()].concat();
    let jpeg_then_garbage = [&jpeg()[..4], b"garbage where the pixels should be".as_slice()].concat();
    for (url, body, kind) in [(&png_url, png_then_garbage, "PNG"), (&jpeg_url, jpeg_then_garbage, "JPEG")] {
        let message = format!("The file is not a readable {kind} image: it could not be decoded");
        expect_error(put(app, url, body).await, StatusCode::UNSUPPORTED_MEDIA_TYPE, "UnreadableImage", &message).await;
    }
    let gif = signed_url(app, &owner, &owner.org_id, json!({"action": "write", "folderName": "logos", "contentType": "image/gif"})).await;
    expect_error(gif, StatusCode::BAD_REQUEST, "BadRequest", "contentType 'image/gif' is not allowed: use image/png or image/jpeg").await;
    let no_type = signed_url(app, &owner, &owner.org_id, json!({"action": "write", "folderName": "logos"})).await;
    let body = expect(no_type, StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().unwrap().contains("contentType"), "{body}");
    let unknown = signed_url(app, &owner, &owner.org_id, json!({"action": "delete", "fileName": "logos/x.png"})).await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    assert_nothing_stored(app);
}

async fn uploads_over_the_limit_are_refused(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let (url, _) = write_link(app, &owner, "logos", "image/png").await;
    let message = "The file is larger than the limit of 10 MiB";
    let mut too_big = vec![0u8; TEN_MIB + 1];
    too_big[..png().len()].copy_from_slice(png());
    expect_error(put(app, &url, too_big.clone()).await, StatusCode::PAYLOAD_TOO_LARGE, "FileTooLarge", message).await;

    // Without a declared length, counted as it arrives.
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = too_big.chunks(1024 * 1024).map(|chunk| Ok(chunk.to_vec())).collect();
    let streamed = reqwest::Body::wrap_stream(futures_util::stream::iter(chunks));
    expect_error(put(app, &url, streamed).await, StatusCode::PAYLOAD_TOO_LARGE, "FileTooLarge", message).await;
    assert_nothing_stored(app);

    let mut just_fits = too_big;
    just_fits.pop();
    expect(put(app, &url, just_fits).await, StatusCode::OK).await;
}

async fn links_with_a_bad_signature_are_refused(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let (url, file_name) = write_link(app, &owner, "logos", "image/png").await;
    let (path, query) = url.split_once('?').unwrap();
    let signature = query.split_once("&signature=").unwrap().1;
    let flipped = format!("{}{}", &signature[..signature.len() - 1], if signature.ends_with('0') { '1' } else { '0' });
    let expires: i64 = query.strip_prefix("expires=").unwrap().split('&').next().unwrap().parse().unwrap();
    let other_name = file_name.replace(".png", "0.png").replace("logos/", "");
    let forged = [
        format!("{path}?expires={expires}&signature={flipped}"),
        format!("{path}?expires={}&signature={signature}", expires + 3600),
        format!("{path}?expires={expires}"),
        path.to_string(),
        format!("{}/api/files/{}/logos/{other_name}?{query}", app.base, owner.org_id),
        format!("{}/api/files/{}/floor-plans/{}?{query}", app.base, owner.org_id, file_name.replace("logos/", "")),
    ];
    for url in &forged {
        expect_error(
            put(app, url, png()).await,
            StatusCode::FORBIDDEN,
            "InvalidSignature",
            "This file link is not valid: ask for a new one",
        )
        .await;
    }
    // A write link does not read, nor a read link write.
    let read = read_link(app, &owner, &file_name).await;
    expect_error(put(app, &read, png()).await, StatusCode::FORBIDDEN, "InvalidSignature", "This file link is not valid: ask for a new one")
        .await;
    assert_nothing_stored(app);
    expect(put(app, &url, png()).await, StatusCode::OK).await;
    let response = app.http.get(&url).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "InvalidSignature", "This file link is not valid: ask for a new one").await;
}

async fn names_cannot_leave_their_folder(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let cases = [
        (
            json!({"action": "read", "fileName": "../x.png"}),
            "Unknown folder '..': use one of letter-heads, logos, profile-pictures, floor-plans, photos, signatures",
        ),
        (
            json!({"action": "read", "fileName": "logos/../../x.png"}),
            "File name '../../x.png' is not allowed: it may not contain slashes or '..'",
        ),
        (
            json!({"action": "read", "fileName": "/etc/passwd"}),
            "Unknown folder '': use one of letter-heads, logos, profile-pictures, floor-plans, photos, signatures",
        ),
        (
            json!({"action": "read", "fileName": "secrets/x.png"}),
            "Unknown folder 'secrets': use one of letter-heads, logos, profile-pictures, floor-plans, photos, signatures",
        ),
        (
            json!({"action": "read", "fileName": "x.png"}),
            "File name 'x.png' is not allowed: use the fileName a write answered, '{folder}/{name}'",
        ),
        (
            json!({"action": "read", "folderName": "floor-plans", "fileName": "logos/x.png"}),
            "File name 'logos/x.png' is not allowed: it may not contain slashes or '..'",
        ),
        (
            json!({"action": "read", "fileName": "logos/x.svg"}),
            "File name 'x.svg' is not allowed: use a name the server handed out (ending .png or .jpg)",
        ),
        (
            json!({"action": "write", "folderName": "../logos", "contentType": "image/png"}),
            "Unknown folder '../logos': use one of letter-heads, logos, profile-pictures, floor-plans, photos, signatures",
        ),
    ];
    for (body, message) in cases {
        expect_error(signed_url(app, &owner, &owner.org_id, body).await, StatusCode::BAD_REQUEST, "BadRequest", message).await;
    }
    let (url, _) = write_link(app, &owner, "logos", "image/png").await;
    let query = url.split_once('?').unwrap().1;
    let base = format!("{}/api/files/{}", app.base, owner.org_id);
    let escapes = [
        (
            format!("{base}/logos/..%2F..%2Fescaped.png?{query}"),
            "File name '../../escaped.png' is not allowed: it may not contain slashes or '..'",
        ),
        (
            format!("{base}/logos/%2Fetc%2Fescaped.png?{query}"),
            "File name '/etc/escaped.png' is not allowed: it may not contain slashes or '..'",
        ),
        (
            format!("{base}/secrets/x.png?{query}"),
            "Unknown folder 'secrets': use one of letter-heads, logos, profile-pictures, floor-plans, photos, signatures",
        ),
        (
            format!("{base}/..%2Flogos/x.png?{query}"),
            "Unknown folder '../logos': use one of letter-heads, logos, profile-pictures, floor-plans, photos, signatures",
        ),
    ];
    for (url, message) in escapes {
        expect_error(put(app, &url, png()).await, StatusCode::BAD_REQUEST, "BadRequest", message).await;
    }
    assert_nothing_stored(app);
    assert!(!app.data_dir().join("escaped.png").exists() && !Path::new("/etc/escaped.png").exists());
}

async fn other_organisations_and_missing_permissions_are_refused(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let write = json!({"action": "write", "folderName": "logos", "contentType": "image/png"});
    let theirs = signed_url(app, &rival, &owner.org_id, write.clone()).await;
    expect_error(theirs, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    let read = signed_url(app, &rival, &owner.org_id, json!({"action": "read", "fileName": "logos/x.png"})).await;
    expect_error(read, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    let anonymous =
        app.request(Method::POST, &format!("/api/organizations/{}/signed-urls", owner.org_id)).json(&write).send().await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    // A link made for one organisation does not open another's folder.
    let (url, _) = write_link(app, &owner, "logos", "image/png").await;
    let moved = url.replace(&owner.org_id, &rival.org_id);
    expect_error(
        put(app, &moved, png()).await,
        StatusCode::FORBIDDEN,
        "InvalidSignature",
        "This file link is not valid: ask for a new one",
    )
    .await;

    let viewer = app.add_user(&owner, "viewer@acme.ca", &["SETTINGS_READ", "LOCATION_READ"]).await;
    for (folder, permission) in [("logos", "SETTINGS_WRITE"), ("letter-heads", "SETTINGS_WRITE"), ("floor-plans", "LOCATION_WRITE")] {
        let body = json!({"action": "write", "folderName": folder, "contentType": "image/jpeg"});
        let refused = signed_url(app, &viewer, &owner.org_id, body).await;
        expect_error(refused, StatusCode::FORBIDDEN, "Forbidden", &format!("You need the {permission} permission")).await;
    }
    assert_nothing_stored(app);

    let (picture, _) = write_link(app, &viewer, "profile-pictures", "image/jpeg").await;
    expect(put(app, &picture, jpeg()).await, StatusCode::OK).await;
    let (url, file_name) = write_link(app, &owner, "logos", "image/png").await;
    expect(put(app, &url, png()).await, StatusCode::OK).await;
    let read = read_link(app, &viewer, &file_name).await;
    assert_eq!(app.http.get(&read).send().await.unwrap().bytes().await.unwrap(), png(), "every user of the organisation reads");

    let planner = app.add_user(&owner, "planner@acme.ca", &["LOCATION_WRITE"]).await;
    write_link(app, &planner, "floor-plans", "image/png").await;
}

mod expired {
    use fieldtag_server::config::Config;
    use reqwest::StatusCode;

    use super::{assert_nothing_stored, put, read_link, write_link};
    use crate::common::{TestApp, expect_error, png};

    crate::on_both_engines!(configure = links_expire_at_once; expired_links_are_refused);

    fn links_expire_at_once(config: &mut Config) {
        config.files.signed_url_seconds = -1;
    }

    async fn expired_links_are_refused(app: &TestApp) {
        let owner = app.sign_up("owner@acme.ca").await;
        let (url, file_name) = write_link(app, &owner, "logos", "image/png").await;
        let message = "This file link has expired: ask for a new one";
        expect_error(put(app, &url, png()).await, StatusCode::FORBIDDEN, "SignedUrlExpired", message).await;
        let read = read_link(app, &owner, &file_name).await;
        expect_error(app.http.get(&read).send().await.unwrap(), StatusCode::FORBIDDEN, "SignedUrlExpired", message).await;
        assert_nothing_stored(app);
    }
}

/// A name as a device makes it offline: `{folder}/{32 lowercase hex}.{extension}`.
fn device_name(folder: &str, extension: &str) -> String {
    format!("{folder}/{}.{extension}", fieldtag_store::new_id())
}

/// `{url, fileName}` of a write link for a name the device chose.
async fn named_write_link(app: &TestApp, caller: &Account, file_name: &str) -> (String, String) {
    let answer = expect(signed_url(app, caller, &caller.org_id, named_write(file_name)).await, StatusCode::OK).await;
    (absolute(app, &answer["url"]), answer["fileName"].as_str().unwrap().to_string())
}

/// The body asking to write `file_name`, with its folder and type.
fn named_write(file_name: &str) -> Value {
    let (folder, content_type) = if file_name.starts_with("signatures/") { ("signatures", "image/png") } else { ("photos", "image/jpeg") };
    json!({"action": "write", "folderName": folder, "contentType": content_type, "fileName": file_name})
}

/// Another small JPEG, with other bytes than `jpeg()`.
fn other_jpeg() -> Vec<u8> {
    let image = image::RgbImage::from_fn(5, 7, |x, y| image::Rgb([200, (x * 20) as u8, (y * 30) as u8]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Jpeg).unwrap();
    bytes.into_inner()
}

async fn read_bytes(app: &TestApp, caller: &Account, file_name: &str) -> reqwest::Response {
    app.http.get(read_link(app, caller, file_name).await).send().await.unwrap()
}

async fn evidence_is_named_by_the_device(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let photo = device_name("photos", "jpg");
    let (url, file_name) = named_write_link(app, &owner, &photo).await;
    assert_eq!(file_name, photo, "the device's name is kept");
    assert!(url.starts_with(&format!("{}/api/files/{}/{photo}?expires=", app.base, owner.org_id)), "{url}");
    expect(put(app, &url, jpeg()).await, StatusCode::OK).await;
    let response = read_bytes(app, &owner, &photo).await;
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/jpeg");
    assert_eq!(response.bytes().await.unwrap(), jpeg());

    // A retry asks for a new link to the same name: the file is there already, and stays.
    let (again, _) = named_write_link(app, &owner, &photo).await;
    let refused = put(app, &again, other_jpeg()).await;
    expect_error(refused, StatusCode::CONFLICT, "FileExists", "This file has already been uploaded: ask for a new upload link").await;
    assert_eq!(read_bytes(app, &owner, &photo).await.bytes().await.unwrap(), jpeg(), "the first bytes are kept");

    let signature = device_name("signatures", "png");
    let (url, _) = named_write_link(app, &owner, &signature).await;
    expect(put(app, &url, png()).await, StatusCode::OK).await;
    let response = read_bytes(app, &owner, &signature).await;
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    assert_eq!(response.bytes().await.unwrap(), png());

    // Without a name the server makes one, as for the other folders.
    for (folder, content_type, extension) in [("photos", "image/jpeg", ".jpg"), ("signatures", "image/png", ".png")] {
        let (_, made) = write_link(app, &owner, folder, content_type).await;
        let stem = made.strip_prefix(&format!("{folder}/")).and_then(|rest| rest.strip_suffix(extension)).unwrap_or_default();
        assert!(stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)), "{made}");
    }
}

async fn evidence_names_and_types_are_checked(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let hex = fieldtag_store::new_id();
    let photo_rule = "use 'photos/' then 32 lowercase hex digits and '.jpg'";
    let signature_rule = "use 'signatures/' then 32 lowercase hex digits and '.png'";
    let cases = [
        ("photos", "image/jpeg", format!("photos/{}.jpg", hex.to_uppercase()), photo_rule),
        ("photos", "image/jpeg", format!("photos/{hex}.png"), photo_rule),
        ("photos", "image/jpeg", format!("photos/{hex}.jpeg"), photo_rule),
        ("photos", "image/jpeg", format!("signatures/{hex}.jpg"), photo_rule),
        ("photos", "image/jpeg", format!("photos/../{hex}.jpg"), photo_rule),
        ("photos", "image/jpeg", format!("../photos/{hex}.jpg"), photo_rule),
        ("photos", "image/jpeg", format!("photos/{}.jpg", &hex[1..]), photo_rule),
        ("photos", "image/jpeg", format!("photos/{hex}0.jpg"), photo_rule),
        ("photos", "image/jpeg", format!("{hex}.jpg"), photo_rule),
        ("signatures", "image/png", format!("photos/{hex}.png"), signature_rule),
        ("signatures", "image/png", format!("signatures/{hex}.jpg"), signature_rule),
    ];
    for (folder, content_type, file_name, rule) in cases {
        let body = json!({"action": "write", "folderName": folder, "contentType": content_type, "fileName": file_name});
        let message = format!("File name '{file_name}' is not allowed: {rule}");
        expect_error(signed_url(app, &owner, &owner.org_id, body).await, StatusCode::BAD_REQUEST, "BadRequest", &message).await;
    }
    // The other folders' names are the server's to make.
    let body = json!({"action": "write", "folderName": "logos", "contentType": "image/png", "fileName": format!("logos/{hex}.png")});
    let message =
        format!("File name 'logos/{hex}.png' is not allowed: only photos and signatures are named by the device; leave fileName out");
    expect_error(signed_url(app, &owner, &owner.org_id, body).await, StatusCode::BAD_REQUEST, "BadRequest", &message).await;

    // Each folder takes one image type.
    for (folder, content_type, message) in [
        ("photos", "image/png", "contentType 'image/png' is not allowed in photos: use image/jpeg"),
        ("signatures", "image/jpeg", "contentType 'image/jpeg' is not allowed in signatures: use image/png"),
    ] {
        let body = json!({"action": "write", "folderName": folder, "contentType": content_type});
        expect_error(signed_url(app, &owner, &owner.org_id, body).await, StatusCode::BAD_REQUEST, "BadRequest", message).await;
    }
    let read = json!({"action": "read", "fileName": format!("photos/{hex}.png")});
    let message = format!("File name '{hex}.png' is not allowed: photos holds only .jpg files");
    expect_error(signed_url(app, &owner, &owner.org_id, read).await, StatusCode::BAD_REQUEST, "BadRequest", &message).await;

    // The bytes decide too: a PNG is not a photo, a damaged JPEG is not an image.
    let (url, _) = named_write_link(app, &owner, &device_name("photos", "jpg")).await;
    let message = "The file is not a JPEG image: this link takes image/jpeg";
    expect_error(put(app, &url, png()).await, StatusCode::UNSUPPORTED_MEDIA_TYPE, "WrongFileType", message).await;
    let damaged = [&jpeg()[..4], b"garbage where the pixels should be".as_slice()].concat();
    let message = "The file is not a readable JPEG image: it could not be decoded";
    expect_error(put(app, &url, damaged).await, StatusCode::UNSUPPORTED_MEDIA_TYPE, "UnreadableImage", message).await;
    let (url, _) = named_write_link(app, &owner, &device_name("signatures", "png")).await;
    let message = "The file is not a PNG image: this link takes image/png";
    expect_error(put(app, &url, jpeg()).await, StatusCode::UNSUPPORTED_MEDIA_TYPE, "WrongFileType", message).await;
    assert_nothing_stored(app);
}

async fn evidence_needs_its_write_permissions(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let photos_refused = "You need the DEFICIENCY_WRITE, HISTORY_WRITE or SERVICE_WRITE permission";
    let signatures_refused = "You need the SERVICE_WRITE permission";
    let reader = app.add_user(&owner, "reader@acme.ca", &["DEFICIENCY_READ", "HISTORY_READ", "SERVICE_READ", "LOCATION_READ"]).await;
    for (file_name, message) in [(device_name("photos", "jpg"), photos_refused), (device_name("signatures", "png"), signatures_refused)] {
        let refused = signed_url(app, &reader, &owner.org_id, named_write(&file_name)).await;
        expect_error(refused, StatusCode::FORBIDDEN, "Forbidden", message).await;
        let mut unnamed = named_write(&file_name);
        unnamed.as_object_mut().unwrap().remove("fileName");
        expect_error(signed_url(app, &reader, &owner.org_id, unnamed).await, StatusCode::FORBIDDEN, "Forbidden", message).await;
    }
    for permission in ["DEFICIENCY_WRITE", "HISTORY_WRITE"] {
        let writer = app.add_user(&owner, &format!("{}@acme.ca", permission.to_lowercase()), &[permission]).await;
        let (url, _) = named_write_link(app, &writer, &device_name("photos", "jpg")).await;
        expect(put(app, &url, jpeg()).await, StatusCode::OK).await;
        let refused = signed_url(app, &writer, &owner.org_id, named_write(&device_name("signatures", "png"))).await;
        expect_error(refused, StatusCode::FORBIDDEN, "Forbidden", signatures_refused).await;
    }
    let technician = app.add_user(&owner, "tech@acme.ca", &["SERVICE_WRITE"]).await;
    let photo = device_name("photos", "jpg");
    let (url, _) = named_write_link(app, &technician, &photo).await;
    expect(put(app, &url, jpeg()).await, StatusCode::OK).await;
    let signature = device_name("signatures", "png");
    let (url, _) = named_write_link(app, &technician, &signature).await;
    expect(put(app, &url, png()).await, StatusCode::OK).await;

    // Any user of the organisation reads them.
    assert_eq!(read_bytes(app, &reader, &photo).await.bytes().await.unwrap(), jpeg());
    assert_eq!(read_bytes(app, &reader, &signature).await.bytes().await.unwrap(), png());
}

async fn evidence_of_another_organisation_stays_apart(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let photo = device_name("photos", "jpg");
    let (url, _) = named_write_link(app, &owner, &photo).await;
    expect(put(app, &url, jpeg()).await, StatusCode::OK).await;

    for body in [named_write(&photo), json!({"action": "read", "fileName": photo})] {
        let refused = signed_url(app, &rival, &owner.org_id, body).await;
        expect_error(refused, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    }
    // The same name in the rival's own organisation is another file: theirs to read, and
    // not this organisation's.
    let missing = read_bytes(app, &rival, &photo).await;
    expect_error(missing, StatusCode::NOT_FOUND, "NotFound", "File not found").await;
    let (theirs, _) = named_write_link(app, &rival, &photo).await;
    expect(put(app, &theirs, other_jpeg()).await, StatusCode::OK).await;
    assert_eq!(read_bytes(app, &rival, &photo).await.bytes().await.unwrap(), other_jpeg());
    assert_eq!(read_bytes(app, &owner, &photo).await.bytes().await.unwrap(), jpeg(), "the owner's file is untouched");
    let moved = url.replace(&owner.org_id, &rival.org_id);
    let forged = put(app, &moved, jpeg()).await;
    expect_error(forged, StatusCode::FORBIDDEN, "InvalidSignature", "This file link is not valid: ask for a new one").await;
}

/// A device retrying from two tabs sends the same name at once: one upload is stored, the
/// others are told it exists, and the stored bytes are one upload's, whole.
async fn evidence_is_written_once_under_parallel_uploads(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let photo = device_name("photos", "jpg");
    let mut links = Vec::new();
    for _ in 0..6 {
        links.push(named_write_link(app, &owner, &photo).await.0);
    }
    let bodies: Vec<Vec<u8>> = (0..6).map(|n| if n % 2 == 0 { jpeg().to_vec() } else { other_jpeg() }).collect();
    let answers = futures_util::future::join_all(links.iter().zip(&bodies).map(|(url, body)| put(app, url, body.clone()))).await;
    let statuses: Vec<StatusCode> = answers.iter().map(reqwest::Response::status).collect();
    let stored = statuses.iter().position(|status| *status == StatusCode::OK).expect("one upload is stored");
    assert_eq!(statuses.iter().filter(|status| **status == StatusCode::OK).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|status| *status == StatusCode::OK || *status == StatusCode::CONFLICT), "{statuses:?}");
    assert_eq!(read_bytes(app, &owner, &photo).await.bytes().await.unwrap(), bodies[stored]);
}

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{TestApp, expect, expect_error};

crate::on_both_engines!(
    sign_up_creates_organization_owner_and_trial,
    sign_up_requires_every_field,
    sign_up_checks_email_plan_and_password,
    sign_up_trims_email_and_refuses_a_taken_one,
    sign_up_requires_agreeing_to_the_terms,
);

fn form() -> Value {
    json!({"name": "Ann Lee", "email": "ann@acme.ca", "password": "long enough", "organizationName": "Acme Fire", "plan": "Enterprise",
           "acceptedTermsVersion": "1.0.1"})
}

async fn post(app: &TestApp, body: &Value) -> reqwest::Response {
    app.request(Method::POST, "/api/users").json(body).send().await.unwrap()
}

async fn sign_up_creates_organization_owner_and_trial(app: &TestApp) {
    let mut body = form();
    body["acceptedTermsVersion"] = json!("1.0.1");
    let answer = expect(post(app, &body).await, StatusCode::OK).await;
    let user = &answer["user"];
    assert_eq!(user["permissions"], json!(["*.*"]));
    assert_eq!(user["email"], "ann@acme.ca");
    assert_eq!(user["invitationStatus"], 1);
    assert_eq!(user["acceptedTermsVersion"], "1.0.1");
    assert!(user.get("password").is_none() && user.get("passwordHash").is_none());
    assert_eq!(user["id"].as_str().unwrap().len(), 32);
    assert!(answer["refreshToken"].as_str().unwrap().len() >= 40);
    let expires: jiff::Timestamp = answer["expires"].as_str().unwrap().parse().unwrap();
    let lifetime = expires.duration_since(jiff::Timestamp::now()).as_secs();
    assert!((14 * 60..=15 * 60).contains(&lifetime), "access token lives {lifetime}s");

    let org_id = user["orgId"].as_str().unwrap();
    let token = answer["token"].as_str().unwrap();
    let org = expect(app.authed(Method::GET, &format!("/api/organizations/{org_id}"), token).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(org["name"], "Acme Fire");
    assert_eq!(org["plan"], "Enterprise");
    assert_eq!(org["active"], true);
    assert_eq!(org["hasSetUpBilling"], false);
    let trial_ends: jiff::Timestamp = org["trialEndsAt"].as_str().unwrap().parse().unwrap();
    let days = trial_ends.duration_since(jiff::Timestamp::now()).as_secs() / 86_400;
    assert!((88..=92).contains(&days), "trial of {days} days");
}

async fn sign_up_requires_every_field(app: &TestApp) {
    for field in ["name", "email", "password", "organizationName", "plan"] {
        let mut missing = form();
        missing.as_object_mut().unwrap().remove(field);
        expect_error(post(app, &missing).await, StatusCode::BAD_REQUEST, "BadRequest", "Please fill out all fields").await;
        let mut blank = form();
        blank[field] = json!("   ");
        expect_error(post(app, &blank).await, StatusCode::BAD_REQUEST, "BadRequest", "Please fill out all fields").await;
    }
    assert!(app.store.identity_by_email("ann@acme.ca").await.unwrap().is_none(), "nothing stored");
}

async fn sign_up_checks_email_plan_and_password(app: &TestApp) {
    let mut bad_email = form();
    bad_email["email"] = json!("ann.acme.ca");
    expect_error(post(app, &bad_email).await, StatusCode::BAD_REQUEST, "BadRequest", "Email is not valid").await;

    let mut bad_plan = form();
    bad_plan["plan"] = json!("Gold");
    expect_error(post(app, &bad_plan).await, StatusCode::BAD_REQUEST, "BadRequest", "Plan must be one of Basic, Enterprise").await;

    let mut short = form();
    short["password"] = json!("short");
    expect_error(post(app, &short).await, StatusCode::BAD_REQUEST, "BadRequest", "Password must be at least 8 characters").await;

    let mut wrong_type = form();
    wrong_type["name"] = json!(42);
    let body = expect(post(app, &wrong_type).await, StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().unwrap().contains("name"), "{body}");

    let mut unknown = form();
    unknown["isAdmin"] = json!(true);
    let body = expect(post(app, &unknown).await, StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().unwrap().contains("isAdmin"), "{body}");
}

async fn sign_up_trims_email_and_refuses_a_taken_one(app: &TestApp) {
    let mut padded = form();
    padded["email"] = json!("  ann@acme.ca  ");
    let answer = expect(post(app, &padded).await, StatusCode::OK).await;
    assert_eq!(answer["user"]["email"], "ann@acme.ca");

    let mut same_other_case = form();
    same_other_case["email"] = json!("ANN@Acme.CA");
    same_other_case["organizationName"] = json!("Someone Else");
    expect_error(
        post(app, &same_other_case).await,
        StatusCode::CONFLICT,
        "SignUpFailed",
        "Sign-Up Failed. Ensure the email is not already is use.",
    )
    .await;

    let login = app.login("ann@acme.ca", "long enough").await;
    let body = expect(login, StatusCode::OK).await;
    assert_eq!(body["user"]["orgId"], answer["user"]["orgId"], "the first organisation keeps the email");
}

/// The form asks for agreement to the terms; the server holds to it too.
async fn sign_up_requires_agreeing_to_the_terms(app: &TestApp) {
    for terms in [None, Some(json!("")), Some(json!("  ")), Some(json!("0.9"))] {
        let mut body = form();
        match terms {
            None => {
                body.as_object_mut().unwrap().remove("acceptedTermsVersion");
            }
            Some(version) => body["acceptedTermsVersion"] = version,
        }
        let response = post(app, &body).await;
        expect_error(response, StatusCode::BAD_REQUEST, "TermsNotAccepted", "You must agree to the terms and conditions").await;
    }
    assert_eq!(app.login("ann@acme.ca", "long enough").await.status(), StatusCode::UNAUTHORIZED, "nothing was created");
    expect(post(app, &form()).await, StatusCode::OK).await;
}

//! The HTTP API, one module per resource. Each handler is documented for the
//! OpenAPI document, which is generated from these same declarations.

pub mod analytics;
pub mod common_responses;
pub mod counters;
pub mod demo;
pub mod docs;
mod download;
pub mod export;
pub mod files;
pub mod geocode;
pub mod health;
pub mod imports;
pub mod imports_csv;
pub mod logs;
pub mod metrics;
pub mod organizations;
pub mod payments;
pub mod reports;
pub mod sync;
pub mod sync_events;
pub mod terms;
pub mod token;
pub mod transfers;
pub mod upserts;
pub mod users;

use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ErrorBody;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(title = "Fieldtag API", description = "Offline-first equipment inspection and service tracker."),
    modifiers(&SecuritySchemes),
    components(schemas(ErrorBody)),
    tags(
        (name = "auth", description = "Sign-up, login, tokens, invites and password resets"),
        (name = "organizations", description = "The caller's organisation"),
        (name = "files", description = "Signed links to upload and read images"),
        (name = "payments", description = "Checkout, customer portal and the payment provider's webhook"),
        (name = "sync", description = "Changes down after a cursor, and up under last-writer-wins"),
        (name = "reports", description = "The eight reports of a site or the company, as PDF or CSV"),
        (name = "export", description = "The whole organisation as JSON, and billing counts for a period"),
        (name = "imports", description = "Imports from the safety scan app and from CSV files"),
        (name = "operations", description = "Health and client logs"),
        (name = "analytics", description = "First-party analytics: events from devices, counts per category"),
    )
)]
struct ApiDoc;

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
        components.add_security_scheme("basic", SecurityScheme::Http(Http::new(HttpAuthScheme::Basic)));
    }
}

/// Every API route, with its OpenAPI description.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(token::issue_token, token::end_session))
        .routes(routes!(users::sign_up))
        .routes(routes!(users::reset_password))
        .routes(routes!(users::create_invite_link))
        .routes(routes!(users::set_password))
        .routes(routes!(users::invitation))
        .routes(routes!(demo::open_demo))
        .routes(routes!(organizations::get_organization, organizations::patch_organization))
        .merge(OpenApiRouter::new().routes(routes!(sync::download, sync::upload)).layer(sync::compression()))
        .routes(routes!(sync_events::sync_events))
        .routes(routes!(upserts::upsert_locations))
        .routes(routes!(upserts::upsert_customers))
        .routes(routes!(counters::next_site_number))
        .routes(routes!(counters::next_account_number))
        .routes(routes!(files::create_signed_url))
        .routes(routes!(files::upload, files::download))
        .routes(routes!(transfers::transfer_equipment))
        .routes(routes!(geocode::geocode))
        .routes(routes!(reports::report))
        .routes(routes!(export::organization::export_organization))
        .routes(routes!(export::billing::export_billing))
        .routes(routes!(imports::start_import))
        .routes(routes!(imports::start_billing_import))
        .routes(routes!(imports::list_imports))
        .routes(routes!(imports_csv::csv_fields))
        .routes(routes!(imports_csv::import_csv))
        .routes(routes!(payments::create_checkout_session))
        .routes(routes!(payments::create_portal_session))
        .routes(routes!(payments::webhook))
        .routes(routes!(terms::accept_terms))
        .routes(routes!(logs::add_log))
        .routes(routes!(analytics::add_events))
        .routes(routes!(analytics::counts))
        .routes(routes!(health::healthz))
}

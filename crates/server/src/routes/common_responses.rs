//! Answers every operation can give, added to the OpenAPI document once rather than on each
//! handler: schemathesis (docs/security.md) found them undocumented.

use utoipa::openapi::path::Operation;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

/// 401 on every operation that takes credentials, 415 and 413 on every one that takes a body.
pub fn document(openapi: &mut OpenApi) {
    for item in openapi.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            add_common(operation);
        }
    }
}

fn add_common(operation: &mut Operation) {
    if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
        add(operation, "401", "Not signed in, or the token is not valid");
    }
    if operation.request_body.is_some() {
        add(operation, "413", "The body is larger than the server reads");
        add(operation, "415", "The body is not sent as the Content-Type this operation reads");
    }
}

fn add(operation: &mut Operation, status: &str, description: &str) {
    let error = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
    let response = ResponseBuilder::new().description(description).content("application/json", error).build();
    operation.responses.responses.entry(status.to_string()).or_insert(RefOr::T(response));
}

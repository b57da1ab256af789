//! Which app a sign-in comes from (spec §6 WEB_LOGIN and MOBILE_LOGIN). The web app says so in
//! the `X-Fieldtag-Client` header: `mobile` when it runs installed on a device (standalone
//! display), `web` in a browser tab; a request without the header is the web app's (docs/security.md).

use axum::http::HeaderMap;
use fieldtag_domain::permissions::{Permission, grants};

use crate::error::ApiError;

pub const CLIENT_HEADER: &str = "x-fieldtag-client";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientApp {
    Web,
    Mobile,
}

const NOT_ON_WEB: &str = "Your account may not sign in to the web app. Ask an administrator for the Web Login permission.";
const NOT_ON_PHONE: &str = "Your account may not sign in to the phone app. Ask an administrator for the Mobile Login permission.";
const NOWHERE: &str = "Your account may not sign in. Ask an administrator for the Web Login or Mobile Login permission.";

impl ClientApp {
    /// The app a request names; 400 for a value that names none.
    pub fn of(headers: &HeaderMap) -> Result<ClientApp, ApiError> {
        match headers.get(CLIENT_HEADER).map(|value| value.to_str().unwrap_or_default().trim().to_ascii_lowercase()) {
            None => Ok(ClientApp::Web),
            Some(value) if value == "web" => Ok(ClientApp::Web),
            Some(value) if value == "mobile" => Ok(ClientApp::Mobile),
            Some(_) => Err(ApiError::bad_request("X-Fieldtag-Client must be web or mobile")),
        }
    }

    /// The permission a session of this app needs.
    pub fn login_permission(self) -> Permission {
        match self {
            ClientApp::Web => Permission::WebLogin,
            ClientApp::Mobile => Permission::MobileLogin,
        }
    }

    /// Refuses (403 `LoginNotAllowed`) a user whose permissions do not let them sign in here,
    /// saying what would.
    pub fn check_may_sign_in<S: AsRef<str>>(self, permissions: &[S]) -> Result<(), ApiError> {
        if grants(permissions, self.login_permission()) {
            return Ok(());
        }
        let elsewhere = grants(permissions, Permission::WebLogin) || grants(permissions, Permission::MobileLogin);
        let message = match (elsewhere, self) {
            (false, _) => NOWHERE,
            (true, ClientApp::Web) => NOT_ON_WEB,
            (true, ClientApp::Mobile) => NOT_ON_PHONE,
        };
        Err(ApiError::login_not_allowed(message))
    }
}

/// A user record's permission strings.
pub fn permissions_of(user: &serde_json::Value) -> Vec<String> {
    user["permissions"].as_array().map(|list| list.iter().filter_map(|p| p.as_str().map(str::to_string)).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_app_needs_its_own_permission() {
        assert!(ClientApp::Web.check_may_sign_in(&["WEB_LOGIN"]).is_ok());
        assert!(ClientApp::Mobile.check_may_sign_in(&["mobile.read"]).is_ok());
        assert!(ClientApp::Web.check_may_sign_in(&["*.*"]).is_ok());
        assert_eq!(ClientApp::Web.check_may_sign_in(&["MOBILE_LOGIN"]).unwrap_err().message, NOT_ON_WEB);
        assert_eq!(ClientApp::Mobile.check_may_sign_in(&["WEB_LOGIN"]).unwrap_err().message, NOT_ON_PHONE);
        assert_eq!(ClientApp::Mobile.check_may_sign_in(&["EQUIPMENT_READ"]).unwrap_err().message, NOWHERE);
    }

    #[test]
    fn the_header_names_the_app() {
        let mut headers = HeaderMap::new();
        assert_eq!(ClientApp::of(&headers).unwrap(), ClientApp::Web);
        headers.insert(CLIENT_HEADER, "Mobile".parse().unwrap());
        assert_eq!(ClientApp::of(&headers).unwrap(), ClientApp::Mobile);
        headers.insert(CLIENT_HEADER, "watch".parse().unwrap());
        assert!(ClientApp::of(&headers).is_err());
    }
}

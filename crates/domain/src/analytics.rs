//! First-party analytics (spec §9): what a device may report. An event is a category and a
//! short action name from the fixed lists below, never free text, so no record's contents and
//! no personal data beyond the user id (which the server adds) can travel in one. The web
//! app's twin of these lists is web/src/offline/analytics/events.ts.

/// The categories of spec §9, each with the actions a device may report in it.
pub const CATEGORIES: [(&str, &[&str]); 7] = [
    (
        "NAVIGATION",
        &[
            "sites",
            "site",
            "equipment",
            "customers",
            "dashboard",
            "schedule",
            "reports",
            "settings",
            "catalogue",
            "users",
            "imports",
            "subscription",
            "welcome",
            "other",
        ],
    ),
    (
        "EDIT",
        &[
            "site",
            "customer",
            "user",
            "organization",
            "profile",
            "equipment_type",
            "service_type",
            "model",
            "question",
            "custom_field",
            "floor_plan",
            "override",
            "named_record",
        ],
    ),
    ("SCHEDULE", &["add_visit", "change_visit", "delete_visit"]),
    ("REPORTS", &["run_pdf", "run_csv"]),
    ("SERVICE", &["perform", "undo", "answer_checklist"]),
    ("EQUIPMENT", &["add", "change", "delete", "move"]),
    ("SUBSCRIPTION", &["checkout", "billing_portal"]),
];

/// How many events one request may carry.
pub const MAX_BATCH: usize = 100;

/// Why an event was refused, worded for the client.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AnalyticsEventError(pub String);

/// Checks that `action` is one of `category`'s actions.
pub fn check_event(category: &str, action: &str) -> Result<(), AnalyticsEventError> {
    let Some((_, actions)) = CATEGORIES.iter().find(|(name, _)| *name == category) else {
        let names: Vec<&str> = CATEGORIES.iter().map(|(name, _)| *name).collect();
        return Err(AnalyticsEventError(format!("Unknown analytics category {category}: use one of {}", names.join(", "))));
    };
    if actions.contains(&action) {
        Ok(())
    } else {
        Err(AnalyticsEventError(format!("Unknown action {action} for {category}: use one of {}", actions.join(", "))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_categories_are_the_specs() {
        let names: Vec<&str> = CATEGORIES.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, ["NAVIGATION", "EDIT", "SCHEDULE", "REPORTS", "SERVICE", "EQUIPMENT", "SUBSCRIPTION"]);
    }

    #[test]
    fn only_a_categorys_own_actions_pass() {
        assert!(check_event("SERVICE", "perform").is_ok());
        assert_eq!(
            check_event("SERVICE", "add_visit").unwrap_err().0,
            "Unknown action add_visit for SERVICE: use one of perform, undo, answer_checklist"
        );
        assert_eq!(
            check_event("MARKETING", "perform").unwrap_err().0,
            "Unknown analytics category MARKETING: use one of NAVIGATION, EDIT, SCHEDULE, REPORTS, SERVICE, EQUIPMENT, SUBSCRIPTION"
        );
    }
}

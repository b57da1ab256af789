//! Which synced records are billable (spec §4: swap, replace and transfer each raise billing
//! counts under the item's SKU). The app moves equipment locally and syncs the result, so the
//! server learns of a move from the history record the move writes: one whose `changes` take
//! the equipment from one site to another. A swap moves two items and so counts twice; the
//! retired item of a replace does not move and is not counted. Each event counts under the
//! SKU of the item's model.

use serde_json::Value;

use crate::history_type::HistoryType;

/// A billable event: its name in the billing counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BillableEvent {
    Transfer,
    Swap,
    Replace,
}

impl BillableEvent {
    pub fn name(self) -> &'static str {
        match self {
            BillableEvent::Transfer => "transfer",
            BillableEvent::Swap => "swap",
            BillableEvent::Replace => "replace",
        }
    }
}

/// The event a new history record bills for, if it records its equipment moving between sites.
pub fn billable_move(history: &Value) -> Option<BillableEvent> {
    let site = |side: &str| history["changes"][side]["locationId"].as_str().filter(|s| !s.is_empty());
    let (from, to) = (site("before")?, site("after")?);
    if from == to {
        return None;
    }
    match history["type"].as_i64().and_then(HistoryType::from_number)? {
        HistoryType::DataChange => Some(BillableEvent::Transfer),
        HistoryType::Swap => Some(BillableEvent::Swap),
        HistoryType::Replaced => Some(BillableEvent::Replace),
        _ => None,
    }
}

/// The model whose SKU an item's billable events count under.
pub fn model_of(equipment: &Value) -> Option<&str> {
    equipment["modelId"].as_str().filter(|id| !id.is_empty())
}

/// The SKU a model's billable events count under (none when it has none).
pub fn sku_of(model: &Value) -> Option<&str> {
    model["sku"].as_str().filter(|sku| !sku.is_empty())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn history(kind: i64, from: &str, to: &str) -> Value {
        json!({"type": kind, "changes": {"before": {"locationId": from}, "after": {"locationId": to}}})
    }

    #[test]
    fn moves_between_sites_are_billed_by_the_action() {
        assert_eq!(billable_move(&history(6, "a", "b")), Some(BillableEvent::Transfer));
        assert_eq!(billable_move(&history(9, "a", "b")), Some(BillableEvent::Swap));
        assert_eq!(billable_move(&history(10, "a", "b")), Some(BillableEvent::Replace));
    }

    #[test]
    fn records_that_move_nothing_are_not_billed() {
        assert_eq!(billable_move(&history(6, "a", "a")), None);
        assert_eq!(billable_move(&history(2, "a", "b")), None);
        assert_eq!(billable_move(&json!({"type": 10, "changes": null})), None);
        assert_eq!(billable_move(&json!({"type": 6, "changes": {"before": {"barcode": "1"}, "after": {"barcode": "2"}}})), None);
        assert_eq!(billable_move(&history(9, "", "b")), None);
    }

    #[test]
    fn events_count_under_the_sku_of_the_items_model() {
        assert_eq!(model_of(&json!({"modelId": "m1"})), Some("m1"));
        assert_eq!(model_of(&json!({"modelId": ""})), None);
        assert_eq!(sku_of(&json!({"sku": "EXT-5"})), Some("EXT-5"));
        assert_eq!(sku_of(&json!({"sku": ""})), None);
        assert_eq!(sku_of(&json!({})), None);
    }
}

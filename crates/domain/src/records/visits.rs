//! A visit: one technician's day at one site, closed by the customer's signature. It names the
//! history records and deficiencies of that visit, who signed and the signature's image.
//! Common fields (and `locationId`, the site) are checked by [`super::check_record`].

use serde::{Deserialize, Serialize};

use super::fields::{Day, HexId, Instant, Name, SignatureName};
use super::{Context, Kind, RecordError};

/// The most history records, and the most deficiencies, one visit names.
pub const MAX_VISIT_RECORDS: usize = 1000;

/// A signed visit. Required: locationId, date (the site's local day), userId (the technician),
/// signerName, signature and signedAt; the lists may be left out or empty.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Visit {
    pub location_id: HexId,
    pub date: Day,
    pub user_id: HexId,
    pub history_ids: Option<Vec<HexId>>,
    pub deficiency_ids: Option<Vec<HexId>>,
    /// The customer's printed name.
    pub signer_name: Name,
    /// The signature's image in the `signatures` folder.
    pub signature: SignatureName,
    pub signed_at: Instant,
}

impl Visit {
    /// The history records of the visit.
    pub fn history_ids(&self) -> impl Iterator<Item = &str> {
        self.history_ids.iter().flatten().map(|id| id.0.as_str())
    }

    /// The deficiencies of the visit.
    pub fn deficiency_ids(&self) -> impl Iterator<Item = &str> {
        self.deficiency_ids.iter().flatten().map(|id| id.0.as_str())
    }
}

impl Kind for Visit {
    fn rules(&self, _context: &Context) -> Result<(), RecordError> {
        for (field, ids) in [("historyIds", &self.history_ids), ("deficiencyIds", &self.deficiency_ids)] {
            if ids.as_ref().is_some_and(|ids| ids.len() > MAX_VISIT_RECORDS) {
                return Err(RecordError::new(format!("{field}[{MAX_VISIT_RECORDS}]"), "at most 1,000 records per visit"));
            }
        }
        Ok(())
    }
}

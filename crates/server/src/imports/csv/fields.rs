//! What a CSV import can fill, per kind of file: the field keys a mapping names, the words
//! the column-mapping screen shows, and which must be mapped.

use serde::{Deserialize, Serialize};

/// The kind of records a file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    Sites,
    Equipment,
    History,
}

impl FileKind {
    pub fn key(self) -> &'static str {
        match self {
            FileKind::Sites => "sites",
            FileKind::Equipment => "equipment",
            FileKind::History => "history",
        }
    }
}

/// One field a column can be mapped to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Field {
    /// The key used in `mapping`.
    pub name: &'static str,
    /// The words to show.
    pub label: &'static str,
    /// Whether the mapping must name a column for it.
    pub required: bool,
}

const fn field(name: &'static str, label: &'static str, required: bool) -> Field {
    Field { name, label, required }
}

/// A site's fields (spec §3 Location). Status defaults to active.
pub const SITE_FIELDS: &[Field] = &[
    field("name", "Name", true),
    field("timeZone", "Time zone (e.g. America/Toronto)", true),
    field("siteNumber", "Site number", false),
    field("status", "Status (active, inactive, bad or special)", false),
    field("contact", "Contact", false),
    field("phone", "Phone", false),
    field("cell", "Cell", false),
    field("email", "Email", false),
    field("fax", "Fax", false),
    field("address", "Address", false),
    field("addressTwo", "Address line 2", false),
    field("city", "City", false),
    field("province", "Province or state", false),
    field("country", "Country", false),
    field("postalCode", "Postal code", false),
    field("zone", "Zone (1 to 30)", false),
    field("note", "Note", false),
    field("popupNote", "Pop-up note", false),
];

/// An item's fields (spec §3 Equipment); the site, type and model are matched by name.
pub const EQUIPMENT_FIELDS: &[Field] = &[
    field("site", "Site (its number or name)", true),
    field("name", "Location at the site", true),
    field("barcode", "Barcode", false),
    field("equipmentType", "Equipment type", false),
    field("model", "Model", false),
    field("serialNumber", "Serial number", false),
    field("manufactureDate", "Manufacture date", false),
    field("note", "Note", false),
];

/// A history record's fields (spec §3 History record); the item is found by its barcode.
pub const HISTORY_FIELDS: &[Field] = &[
    field("barcode", "Item barcode", true),
    field("date", "Date", true),
    field("serviceType", "Service type", false),
    field("result", "Result", false),
    field("notes", "Notes", false),
    field("technician", "Technician (a user's name or email)", false),
];

pub fn fields(kind: FileKind) -> &'static [Field] {
    match kind {
        FileKind::Sites => SITE_FIELDS,
        FileKind::Equipment => EQUIPMENT_FIELDS,
        FileKind::History => HISTORY_FIELDS,
    }
}

//! Why a report could not be made, in the reports' own terms; the route answers each case.

use fieldtag_store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The name in the path is none of the reports.
    #[error("Unknown report '{name}': use one of {known}")]
    UnknownReport { name: String, known: String },
    /// A parameter the report does not take, or a value it cannot use; the message names it.
    #[error("{0}")]
    BadParameter(String),
    /// `orgId` names an organisation other than the caller's.
    #[error("You do not have access to this organization")]
    OtherOrganization,
    /// `locationId` is no live site of the organisation.
    #[error("Site {0} was not found in your organization")]
    SiteNotFound(String),
    /// As many PDFs as the server makes at once are being made, and as many wait.
    #[error("The server is making as many PDF reports as it can at once; try again in a few seconds")]
    Busy,
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Typesetting the PDF or writing the CSV failed.
    #[error("the report could not be written: {0}")]
    Render(anyhow::Error),
}

pub type ReportResult<T> = Result<T, ReportError>;

//! The evidence sweep. Photos and signatures go up apart from the records that name them (a
//! phone names a photo offline and uploads it later), so a deleted record, or a photo removed
//! before its record was saved, leaves a file that nothing names. The maintenance task deletes
//! such files once they are older than the grace period (FIELDTAG_EVIDENCE_GRACE_DAYS, 30
//! days): a younger file may belong to a record still waiting in a phone's outbox, and a file a
//! live record names is kept however old. docs/files.md "The evidence sweep".

use std::collections::HashMap;

use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::Store;
use futures_util::TryStreamExt;
use object_store::path::Path;
use serde_json::Value;

use super::Files;
use super::names::{Folder, StoredName};

/// Records read per page while looking for the names of evidence.
const RECORDS_PAGE: i64 = 1_000;

/// The kinds whose live records keep evidence: deficiencies and history records name photos
/// (history records in their checklist answers too), visits name their signature.
fn naming_kinds() -> [&'static str; 3] {
    [SyncKind::Deficiencies.key(), SyncKind::History.key(), SyncKind::Visits.key()]
}

impl Files {
    /// Deletes every photo and signature last written before `now` less the grace period that
    /// no live deficiency, history or visit record of its own organisation names; answers how
    /// many went. Several instances may sweep at once: a file deleted twice is simply gone.
    pub async fn sweep_evidence(&self, store: &Store, now: jiff::Timestamp) -> anyhow::Result<usize> {
        let written_before = now.checked_sub(self.evidence_grace)?.as_millisecond();
        let organisations = self.objects.list_with_delimiter(None).await?.common_prefixes;
        let mut deleted = 0;
        for organisation in organisations {
            let org_id = organisation.as_ref();
            // One organisation's trouble (a corrupt listing, a failing read) leaves the others swept.
            match self.sweep_organisation(store, org_id, written_before).await {
                Ok(count) => deleted += count,
                Err(error) => tracing::warn!(%org_id, %error, "cannot sweep this organisation's photos and signatures"),
            }
        }
        Ok(deleted)
    }

    async fn sweep_organisation(&self, store: &Store, org_id: &str, written_before_ms: i64) -> anyhow::Result<usize> {
        let old = self.evidence_written_before(org_id, written_before_ms).await?;
        if old.is_empty() {
            return Ok(0);
        }
        let mut deleted = 0;
        for file in unnamed(store, org_id, old).await? {
            match self.objects.delete(&file.object_path(org_id)).await {
                Ok(()) => deleted += 1,
                Err(object_store::Error::NotFound { .. }) => {}
                Err(error) => return Err(error.into()),
            }
        }
        Ok(deleted)
    }

    /// The organisation's photos and signatures last written before the time given, by file name.
    async fn evidence_written_before(&self, org_id: &str, written_before_ms: i64) -> anyhow::Result<HashMap<String, StoredName>> {
        let mut old = HashMap::new();
        for folder in Folder::EVIDENCE {
            let mut listing = self.objects.list(Some(&Path::from_iter([org_id, folder.as_str()])));
            while let Some(meta) = listing.try_next().await? {
                if meta.last_modified.timestamp_millis() >= written_before_ms {
                    continue;
                }
                // Only what an upload could have stored: a stray file is none of the sweep's business.
                let Some(file) = meta.location.filename().and_then(|name| StoredName::parse(folder.as_str(), name).ok()) else { continue };
                if file.object_path(org_id) == meta.location {
                    old.insert(file.file_name(), file);
                }
            }
        }
        Ok(old)
    }
}

/// `candidates` less every file a live record of the organisation names.
async fn unnamed(store: &Store, org_id: &str, mut candidates: HashMap<String, StoredName>) -> anyhow::Result<Vec<StoredName>> {
    for kind in naming_kinds() {
        let mut after = String::new();
        loop {
            let page = store.records_page(org_id, kind, &after, RECORDS_PAGE, false).await?;
            for record in &page {
                // Most records name no evidence: no need to parse them.
                if Folder::EVIDENCE.iter().any(|folder| record.data.contains(folder.as_str())) {
                    forget_named(&record.data, &mut candidates);
                }
            }
            if candidates.is_empty() {
                return Ok(Vec::new());
            }
            match page.last() {
                Some(last) if page.len() as i64 == RECORDS_PAGE => after = last.id.clone(),
                _ => break,
            }
        }
    }
    Ok(candidates.into_values().collect())
}

/// Removes from `candidates` every file the record names. Any text of the record counts, not only
/// `photos`, `questionnaireAnswers[].photos` and `signature`: a field the app adds later keeps its
/// files too, and a record that does not parse keeps every file its text mentions.
fn forget_named(data: &str, candidates: &mut HashMap<String, StoredName>) {
    match serde_json::from_str::<Value>(data) {
        Ok(record) => forget_texts(&record, candidates),
        Err(_) => candidates.retain(|file_name, _| !data.contains(file_name.as_str())),
    }
}

fn forget_texts(value: &Value, candidates: &mut HashMap<String, StoredName>) {
    match value {
        Value::String(text) => {
            candidates.remove(text.as_str());
        }
        Value::Array(items) => items.iter().for_each(|item| forget_texts(item, candidates)),
        Value::Object(fields) => fields.values().for_each(|field| forget_texts(field, candidates)),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::names::ImageType;

    fn candidates(files: &[&StoredName]) -> HashMap<String, StoredName> {
        files.iter().map(|file| (file.file_name(), (*file).clone())).collect()
    }

    #[test]
    fn any_text_of_a_record_keeps_the_file_it_names() {
        let (photo, answer, signature, loose) = (
            StoredName::new(Folder::Photos, ImageType::Jpeg),
            StoredName::new(Folder::Photos, ImageType::Jpeg),
            StoredName::new(Folder::Signatures, ImageType::Png),
            StoredName::new(Folder::Photos, ImageType::Jpeg),
        );
        let mut left = candidates(&[&photo, &answer, &signature, &loose]);
        let record = serde_json::json!({
            "photos": [photo.file_name()],
            "questionnaireAnswers": [{"answer": "No", "photos": [answer.file_name()]}],
            "signature": signature.file_name(),
            "description": format!("see {}", loose.file_name()),
        });
        forget_named(&record.to_string(), &mut left);
        assert_eq!(left.into_keys().collect::<Vec<_>>(), vec![loose.file_name()], "a mention inside a longer text is not a name");
    }

    #[test]
    fn a_record_that_does_not_parse_keeps_what_it_mentions() {
        let (named, other) = (StoredName::new(Folder::Photos, ImageType::Jpeg), StoredName::new(Folder::Photos, ImageType::Jpeg));
        let mut left = candidates(&[&named, &other]);
        forget_named(&format!("{{\"photos\": [\"{}\"", named.file_name()), &mut left);
        assert_eq!(left.into_keys().collect::<Vec<_>>(), vec![other.file_name()]);
    }
}

//! Moving equipment to another site, with everything that belongs to it.

use fieldtag_domain::billing::{self, BillableEvent};
use fieldtag_domain::sync_kind::SyncKind;
use serde_json::json;
use sqlx::Row;

use crate::records::{NewRecord, get_record, put_record, stored_record};
use crate::{Result, Store, new_id, now_millis};

/// Kinds that follow their equipment to a new site.
const FOLLOWERS: [SyncKind; 3] = [SyncKind::History, SyncKind::PerformedServices, SyncKind::Deficiencies];

/// What a transfer moves.
#[derive(Debug, Clone)]
pub struct Transfer<'a> {
    pub equipment_id: &'a str,
    pub from_location_id: &'a str,
    pub to_location_id: &'a str,
    pub user_id: &'a str,
    /// When the server made the move (ISO 8601, UTC); also the records' new `lastUpdated`.
    pub now: &'a str,
}

/// Why a transfer could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransferRefusal {
    EquipmentNotFound,
    NotAtSourceSite,
    TargetSiteNotFound,
}

/// What a transfer changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferDone {
    pub id: String,
    pub moved_records: usize,
}

impl Store {
    /// Moves the equipment and its history, performed services and deficiencies to
    /// the target site in one transaction, and counts the move for billing under the model's SKU.
    pub async fn transfer_equipment(
        &self,
        org_id: &str,
        transfer: &Transfer<'_>,
    ) -> Result<std::result::Result<TransferDone, TransferRefusal>> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE organizations SET version = version WHERE id = $1").bind(org_id).execute(&mut *tx).await?;
        let Some(equipment) = get_record(&mut tx, org_id, SyncKind::Equipment.key(), transfer.equipment_id).await?.filter(|r| !r.deleted)
        else {
            return Ok(Err(TransferRefusal::EquipmentNotFound));
        };
        if equipment.location_id.as_deref() != Some(transfer.from_location_id) {
            return Ok(Err(TransferRefusal::NotAtSourceSite));
        }
        let target = get_record(&mut tx, org_id, SyncKind::Locations.key(), transfer.to_location_id).await?;
        if target.is_none_or(|site| site.deleted) {
            return Ok(Err(TransferRefusal::TargetSiteNotFound));
        }

        let mut moving = vec![equipment];
        for kind in FOLLOWERS {
            let rows = sqlx::query(
                "SELECT kind, id, location_id, last_updated, deleted, version, data FROM records
                 WHERE org_id = $1 AND kind = $2 AND location_id = $3",
            )
            .bind(org_id)
            .bind(kind.key())
            .bind(transfer.from_location_id)
            .fetch_all(&mut *tx)
            .await?;
            for row in &rows {
                let record = stored_record(row)?;
                if record.data["equipmentId"].as_str() == Some(transfer.equipment_id) {
                    moving.push(record);
                }
            }
        }
        for record in &moving {
            let mut data = record.data.clone();
            data["locationId"] = json!(transfer.to_location_id);
            data["lastUpdated"] = json!(transfer.now);
            let new = NewRecord {
                kind: &record.kind,
                id: &record.id,
                location_id: Some(transfer.to_location_id),
                last_updated: transfer.now,
                deleted: record.deleted,
                data: &data,
            };
            put_record(&mut tx, org_id, &new).await?;
        }

        let id = new_id();
        sqlx::query(
            "INSERT INTO transfers (id, org_id, equipment_id, from_location_id, to_location_id, date_server_time, user_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&id)
        .bind(org_id)
        .bind(transfer.equipment_id)
        .bind(transfer.from_location_id)
        .bind(transfer.to_location_id)
        .bind(transfer.now)
        .bind(transfer.user_id)
        .execute(&mut *tx)
        .await?;
        let model_id = billing::model_of(&moving[0].data).map(str::to_string);
        let model = match &model_id {
            Some(model_id) => get_record(&mut tx, org_id, SyncKind::Models.key(), model_id).await?,
            None => None,
        };
        let sku = model.as_ref().and_then(|m| billing::sku_of(&m.data));
        add_billing_event(&mut tx, org_id, &new_id(), BillableEvent::Transfer, sku, transfer.equipment_id).await?;
        tx.commit().await?;
        self.versions_committed(org_id);
        Ok(Ok(TransferDone { id, moved_records: moving.len() }))
    }

    /// How many billable events of `event` each SKU has (None: items without a SKU).
    pub async fn billing_counts(&self, org_id: &str, event: &str) -> Result<Vec<(Option<String>, i64)>> {
        let rows = sqlx::query("SELECT sku, COUNT(*) FROM billing_events WHERE org_id = $1 AND event = $2 GROUP BY sku ORDER BY sku")
            .bind(org_id)
            .bind(event)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
    }
}

/// Counts one billable event; `id` makes it count once (a record re-sent does not count again).
pub(crate) async fn add_billing_event(
    conn: &mut sqlx::AnyConnection,
    org_id: &str,
    id: &str,
    event: BillableEvent,
    sku: Option<&str>,
    equipment_id: &str,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO billing_events (id, org_id, event, sku, equipment_id, at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (org_id, id) DO NOTHING",
    )
    .bind(id)
    .bind(org_id)
    .bind(event.name())
    .bind(sku)
    .bind(equipment_id)
    .bind(now_millis())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

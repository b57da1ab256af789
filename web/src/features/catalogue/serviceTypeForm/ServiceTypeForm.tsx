/**
 * The service type form (§2 /equipment-types/{id}/service-types/new and /{serviceTypeId}):
 * its own fields, the site types it is disabled at (SITE_TYPES), the advanced action and its
 * conditions, each a section beside this file. Saving and deleting go through the sync engine.
 */
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { t } from "../../../lib/strings";
import { newId } from "../../../domain/ids";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { RecordForm } from "../../../ui/forms/RecordForm";
import { useDraft } from "../../../ui/forms/useDraft";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import type { CatalogueAccess } from "../access";
import { type ServiceTypeRecord, serviceTypeDraftOf, serviceTypeErrors, serviceTypeRecordOf } from "../records";
import { AdvancedSection } from "./AdvancedSection";
import { ConditionsSection } from "./ConditionsSection";
import { DisabledSiteTypes } from "./DisabledSiteTypes";
import { ServiceTypeFields } from "./ServiceTypeFields";
import { track } from "../../../offline/analytics/track";

export interface ServiceTypeFormProps {
  /** The stored service type; a new one without it. */
  service?: ServiceTypeRecord;
  typeId: string;
  access: CatalogueAccess;
}

const message = (key: string | undefined) => (key === "recordWholeNumber" ? t("recordWholeNumber") : undefined);

export function ServiceTypeForm({ service, typeId, access }: ServiceTypeFormProps) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const initial = useMemo(() => serviceTypeDraftOf(service), [service]);
  const { draft, change, settled } = useDraft(initial);
  const isNew = service === undefined;
  const disabled = !access.write;
  const errors = serviceTypeErrors(draft);
  const typePath = `/equipment-types/${typeId}`;

  async function save() {
    const base = service ?? { id: newId(), orgId: access.orgId, equipmentTypeId: typeId };
    const saved = await engine.put("serviceTypes", serviceTypeRecordOf(draft, { ...base, orgId: base.orgId || access.orgId, equipmentTypeId: base.equipmentTypeId || typeId }, access.billing));
    track("EDIT", "service_type");
    settled();
    snackbar.show(t(isNew ? "recordAdded" : "recordSaved", { name: saved.name }));
    if (isNew) navigate(`${typePath}/service-types/${saved.id}`, { replace: true });
  }

  return (
    <RecordForm
      title={isNew ? t("catalogueAddServiceType") : t("catalogueServiceTypeInformation")}
      adding={isNew}
      mayChange={access.write}
      valid={Object.keys(errors).length === 0}
      onSave={save}
      onDelete={
        service && {
          name: service.name,
          run: async () => {
            await engine.remove("serviceTypes", service);
            settled();
            navigate(typePath, { replace: true });
          },
        }
      }
      back={{ to: typePath, label: t("equipmentType") }}
    >
      <ServiceTypeFields draft={draft} change={change} disabled={disabled} frequencyError={message(errors.frequency)} billing={access.billing} />
      {access.siteTypes && <DisabledSiteTypes draft={draft} change={change} disabled={disabled} />}
      <AdvancedSection draft={draft} change={change} disabled={disabled} typeId={typeId} serviceId={service?.id} amountError={message(errors.advancedAmount)} />
      <ConditionsSection draft={draft} change={change} mayChange={access.write} typeId={typeId} stored={service?.conditions ?? []} />
    </RecordForm>
  );
}

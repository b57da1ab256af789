/**
 * /sites/{locationId}/settings/location-overrides, /new and /{overrideId} (§2): a site's
 * location overrides, under the LOCATION_OVERRIDES feature — a service type disabled at the
 * site, or given its own frequency (§9). LOCATION_READ to view, LOCATION_WRITE to change.
 */
import { Box } from "@mui/material";
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { t } from "../../lib/strings";
import { compositeId } from "../../domain/ids";
import type { EquipmentType, ServiceType, Site } from "../../domain/records";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { NumberInput } from "../../ui/forms/NumberInput";
import { FieldGrid, Notice, RecordForm } from "../../ui/forms/RecordForm";
import { RecordList } from "../../ui/forms/RecordList";
import { byName } from "../../domain/names";
import { SelectInput } from "../../ui/forms/SelectInput";
import { SwitchInput } from "../../ui/forms/SwitchInput";
import { useDraft } from "../../ui/forms/useDraft";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useOverrideAccess } from "./access";
import { type Override, inEffect, overrideDraftOf, overrideError } from "./overrides";
import { track } from "../../offline/analytics/track";

const frequencyUnit = (service: ServiceType | undefined) => t(`frequency${service?.frequencyType ?? 6}` as "frequency6");

function blocked(access: ReturnType<typeof useOverrideAccess>) {
  if (!access.enabled) return <Notice>{t("recordFeatureOff")}</Notice>;
  if (!access.read) return <Notice>{t("overrideReadNeeded")}</Notice>;
  return null;
}

function useSiteName(locationId: string) {
  return useRecords<Site>("locations").find((site) => site.id === locationId)?.name;
}

export function OverridesPage() {
  const { locationId = "" } = useParams();
  const access = useOverrideAccess();
  const overrides = useRecords<Override>("locationOverrides", locationId);
  const services = useRecords<ServiceType>("serviceTypes");
  const siteName = useSiteName(locationId);
  const base = `/sites/${locationId}/settings/location-overrides`;
  const items = useMemo(() => {
    const byId = new Map(services.map((s) => [s.id, s]));
    return overrides
      .filter(inEffect)
      .map((o) => {
        const service = byId.get(o.serviceTypeId ?? "");
        return {
          id: o.id,
          name: service?.name ?? o.serviceTypeId ?? "",
          secondary: o.disabledForLocation === true ? t("overrideDisabledShort") : t("frequencyEvery", { count: o.overrideFrequency ?? "", unit: frequencyUnit(service) }),
        };
      })
      .sort(byName)
      .map((o) => ({ id: o.id, primary: o.name, secondary: o.secondary, to: `${base}/${o.id}` }));
  }, [overrides, services, base]);
  return (
    blocked(access) ?? (
      <Box sx={{ maxWidth: 720 }}>
        <RecordList
          title={siteName ? `${t("overridesTitle")}: ${siteName}` : t("overridesTitle")}
          headingLevel="h1"
          items={items}
          empty={t("overrideNone")}
          add={access.write ? { label: t("overrideAdd"), to: `${base}/new` } : undefined}
        />
      </Box>
    )
  );
}

function OverrideForm({ locationId, override, taken, write, orgId }: { locationId: string; override?: Override; taken: ReadonlySet<string>; write: boolean; orgId: string }) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const equipmentTypes = useRecords<EquipmentType>("equipmentTypes");
  const services = useRecords<ServiceType>("serviceTypes");
  const typeOptions = useMemo(() => [...equipmentTypes].sort(byName).map((type) => ({ value: type.id, label: type.name })), [equipmentTypes]);
  // The type comes from the override, else its service type, else (a new one) the first type.
  const storedType = override?.equipmentTypeId || services.find((s) => s.id === override?.serviceTypeId)?.equipmentTypeId || typeOptions[0]?.value || "";
  const initial = useMemo(() => ({ ...overrideDraftOf(override), equipmentTypeId: storedType }), [override, storedType]);
  const { draft, change, settled } = useDraft(initial);
  const adding = override === undefined;
  const list = `/sites/${locationId}/settings/location-overrides`;
  const service = services.find((s) => s.id === draft.serviceTypeId);
  const error = overrideError(draft);

  const serviceOptions = useMemo(
    () => [
      { value: "", label: t("recordChoose") },
      ...services
        .filter((s) => s.equipmentTypeId === draft.equipmentTypeId && (s.id === override?.serviceTypeId || !taken.has(s.id)))
        .sort(byName)
        .map((s) => ({ value: s.id, label: s.name })),
    ],
    [services, draft.equipmentTypeId, override?.serviceTypeId, taken],
  );

  async function save() {
    const record: Override = {
      ...(override ?? {}),
      id: compositeId(locationId, draft.serviceTypeId),
      orgId,
      locationId,
      serviceTypeId: draft.serviceTypeId,
      equipmentTypeId: draft.equipmentTypeId || null,
      disabledForLocation: draft.disabledForLocation,
      overrideFrequency: draft.overrideFrequency ?? null,
      lastUpdated: override?.lastUpdated ?? "",
    };
    const saved = await engine.put("locationOverrides", record);
    track("EDIT", "override");
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: service?.name ?? "" }));
    if (adding) navigate(`${list}/${saved.id}`, { replace: true });
  }

  return (
    <RecordForm
      title={adding ? t("overrideAdd") : t("overrideInformation")}
      adding={adding}
      mayChange={write}
      valid={error === undefined}
      onSave={save}
      onDelete={
        override && {
          name: service?.name ?? "",
          run: async () => {
            await engine.put("locationOverrides", { ...override, disabledForLocation: false, overrideFrequency: null });
            settled();
            navigate(list, { replace: true });
          },
        }
      }
      back={{ to: list, label: t("overridesTitle") }}
      readOnlyText={t("overrideReadOnly")}
    >
      <FieldGrid>
        <SelectInput
          label={t("equipmentType")}
          name="equipmentTypeId"
          value={draft.equipmentTypeId}
          onChange={(equipmentTypeId) => adding && change({ equipmentTypeId, serviceTypeId: "" })}
          options={typeOptions}
          disabled={!write || !adding}
        />
        <SelectInput
          label={t("deficiencyServiceTypeLabel")}
          name="serviceTypeId"
          required
          value={draft.serviceTypeId}
          onChange={(serviceTypeId) => change({ serviceTypeId })}
          options={serviceOptions}
          disabled={!write || !adding}
          helperText={adding && serviceOptions.length === 1 && draft.equipmentTypeId ? t("overrideNoneLeft") : undefined}
        />
        <NumberInput
          label={t("overrideFrequency")}
          name="overrideFrequency"
          value={draft.overrideFrequency}
          onChange={(overrideFrequency) => change({ overrideFrequency })}
          disabled={!write || draft.disabledForLocation}
          helperText={
            error === "recordWholeNumber" ? t("recordWholeNumber") : error === "overrideNeedsChange" ? t("overrideNeedsChange") : service ? frequencyUnit(service) : undefined
          }
        />
      </FieldGrid>
      <SwitchInput label={t("overrideDisabledForLocation")} checked={draft.disabledForLocation} onChange={(disabledForLocation) => change({ disabledForLocation })} disabled={!write} />
    </RecordForm>
  );
}

export function OverridePage({ adding = false }: { adding?: boolean }) {
  const { locationId = "", overrideId = "" } = useParams();
  const access = useOverrideAccess();
  const overrides = useLoadedRecords<Override>("locationOverrides", locationId);
  const taken = useMemo(() => new Set((overrides ?? []).filter(inEffect).map((o) => o.serviceTypeId ?? "")), [overrides]);
  const stop = blocked(access);
  if (stop) return stop;
  if (overrides === undefined) return null;
  if (adding) {
    return access.write ? <OverrideForm locationId={locationId} taken={taken} write orgId={access.orgId} /> : <Notice>{t("overrideReadOnly")}</Notice>;
  }
  const override = overrides.find((candidate) => candidate.id === overrideId && inEffect(candidate));
  if (!override) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  return <OverrideForm key={override.id} locationId={locationId} override={override} taken={taken} write={access.write} orgId={access.orgId} />;
}

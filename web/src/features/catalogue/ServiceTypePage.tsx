/**
 * /equipment-types/{id}/service-types/new and /{serviceTypeId} (§2): the service type form —
 * name and Due When (required, §5), frequency type (month for a new one, §4) and frequency,
 * unscheduled, inspection, update on scan, SKU (BILLING), disabled site types (SITE_TYPES),
 * the advanced action with its service to change and amount (required when the action keeps a
 * distance), its conditions (the add condition dialog) — and, once stored, its checklist.
 * Conditions live in the service type record, as the due engine and the server read them.
 */
import { Box, Button, Checkbox, FormControlLabel, FormGroup, FormLabel, IconButton, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { t } from "../../lib/strings";
import { newId } from "../../domain/ids";
import type { NamedField } from "../../domain/records";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { CloseIcon } from "../../ui/icons";
import { NumberInput } from "../../ui/forms/NumberInput";
import { FieldGrid, Notice, RecordForm } from "../../ui/forms/RecordForm";
import { RecordList, byName } from "../../ui/forms/RecordList";
import { SelectInput } from "../../ui/forms/SelectInput";
import { SwitchInput } from "../../ui/forms/SwitchInput";
import { TextInput } from "../../ui/forms/TextInput";
import { useDraft } from "../../ui/forms/useDraft";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { type CatalogueAccess, useCatalogueAccess } from "./access";
import { ConditionDialog } from "./ConditionDialog";
import type { QuestionRecord } from "./questions";
import {
  AVOID_SAME_DATE,
  FREQUENCY_TYPES,
  KEEP_AWAY,
  type ConditionRecord,
  type ServiceTypeRecord,
  frequencyName,
  hasTimeCondition,
  liveConditions,
  methodName,
  needsFrequency,
  serviceTypeDraftOf,
  serviceTypeErrors,
  serviceTypeRecordOf,
} from "./records";

/** How a condition reads in the list: 'Every 1 Year', 'Pressure Greater Than 100'. */
function describeCondition(condition: ConditionRecord, fields: readonly NamedField[]): string {
  if (condition.type === "time") {
    return t("frequencyEvery", { count: condition.timeFrequency ?? "", unit: t(frequencyName(condition.timeFrequencyType ?? 6)) });
  }
  const field = fields.find((f) => f.id === condition.meteredFieldId)?.name ?? condition.meteredFieldId ?? "";
  return t("catalogueMeteredCondition", { field, method: condition.meteredMethod ? t(methodName(condition.meteredMethod)) : "", amount: String(condition.meteredAmount ?? "") });
}

function ServiceTypeForm({ service, typeId, access }: { service?: ServiceTypeRecord; typeId: string; access: CatalogueAccess }) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const equipmentFields = useRecords<NamedField>("equipmentFields");
  const siteTypes = useRecords<NamedField>("siteTypes");
  const services = useRecords<ServiceTypeRecord>("serviceTypes");
  const fields = useMemo(() => equipmentFields.filter((f) => f.equipmentTypeId === typeId).sort(byName), [equipmentFields, typeId]);
  const initial = useMemo(() => serviceTypeDraftOf(service), [service]);
  const { draft, change, settled } = useDraft(initial);
  const [adding, setAdding] = useState(false);
  const isNew = service === undefined;
  const disabled = !access.write;
  const errors = serviceTypeErrors(draft);
  const typePath = `/equipment-types/${typeId}`;
  const action = Number(draft.advancedAction);

  const frequencyOptions = useMemo(() => FREQUENCY_TYPES.map((code) => ({ value: String(code), label: t(frequencyName(code)) })), []);
  const dueWhenOptions = useMemo(
    () => [{ value: "", label: t("recordChoose") }, { value: "all", label: t("all") }, { value: "any", label: t("catalogueAny") }],
    [],
  );
  const actionOptions = useMemo(
    () => [{ value: "0", label: t("none") }, { value: String(AVOID_SAME_DATE), label: t("catalogueAction2") }, { value: String(KEEP_AWAY), label: t("catalogueAction3") }],
    [],
  );
  const otherServices = useMemo(
    () => [
      { value: "", label: t("recordChoose") },
      ...services
        .filter((s) => s.equipmentTypeId === typeId && s.id !== service?.id)
        .sort(byName)
        .map((s) => ({ value: s.id, label: s.name })),
    ],
    [services, typeId, service?.id],
  );
  const sortedSiteTypes = useMemo(() => [...siteTypes].sort(byName), [siteTypes]);
  const shownConditions = liveConditions(draft.conditions);

  async function save() {
    const base = service ?? { id: newId(), orgId: access.orgId, equipmentTypeId: typeId };
    const saved = await engine.put("serviceTypes", serviceTypeRecordOf(draft, { ...base, orgId: base.orgId || access.orgId, equipmentTypeId: base.equipmentTypeId || typeId }, access.billing));
    settled();
    snackbar.show(t(isNew ? "recordAdded" : "recordSaved", { name: saved.name }));
    if (isNew) navigate(`${typePath}/service-types/${saved.id}`, { replace: true });
  }

  function removeCondition(condition: ConditionRecord) {
    const stored = (service?.conditions ?? []).some((c) => c.id === condition.id);
    // A stored condition is kept as deleted (§3 Condition has deleted); one added here just goes.
    change((current) => ({
      conditions: stored
        ? current.conditions.map((c) => (c.id === condition.id ? { ...c, deleted: true } : c))
        : current.conditions.filter((c) => c.id !== condition.id),
    }));
  }

  const message = (key: string | undefined) => (key === "recordWholeNumber" ? t("recordWholeNumber") : undefined);

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
      <FieldGrid>
        <TextInput label={t("name")} name="name" required value={draft.name} onChange={(name) => change({ name })} disabled={disabled} />
        <SelectInput label={t("catalogueDueWhen")} name="dueWhen" required value={draft.dueWhen} onChange={(dueWhen) => change({ dueWhen })} options={dueWhenOptions} disabled={disabled} />
        <SelectInput
          label={t("catalogueFrequencyType")}
          name="frequencyType"
          value={draft.frequencyType}
          onChange={(frequencyType) => change({ frequencyType })}
          options={frequencyOptions}
          disabled={disabled}
        />
        <NumberInput
          label={t("catalogueFrequency")}
          name="frequency"
          required={needsFrequency(draft)}
          value={draft.frequency}
          onChange={(frequency) => change({ frequency })}
          disabled={disabled}
          helperText={message(errors.frequency) ?? (needsFrequency(draft) ? t("catalogueFrequencyNeeded") : undefined)}
        />
        {access.billing && <TextInput label={t("catalogueSku")} name="sku" value={draft.sku} onChange={(sku) => change({ sku })} disabled={disabled} />}
      </FieldGrid>
      <Stack direction={{ xs: "column", sm: "row" }} sx={{ columnGap: 4 }}>
        <SwitchInput label={t("catalogueUnscheduled")} checked={draft.unscheduled} onChange={(unscheduled) => change({ unscheduled })} disabled={disabled} />
        <SwitchInput label={t("catalogueInspection")} checked={draft.inspection} onChange={(inspection) => change({ inspection })} disabled={disabled} />
        <SwitchInput label={t("catalogueUpdateOnScan")} checked={draft.updateOnScan} onChange={(updateOnScan) => change({ updateOnScan })} disabled={disabled} />
      </Stack>

      {access.siteTypes && sortedSiteTypes.length > 0 && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">{t("catalogueDisabledSiteTypes")}</FormLabel>
          <FormGroup row>
            {sortedSiteTypes.map((siteType) => (
              <FormControlLabel
                key={siteType.id}
                label={siteType.name}
                disabled={disabled}
                control={
                  <Checkbox
                    checked={draft.disabledSiteTypes[siteType.id] === true}
                    onChange={(event) =>
                      change((current) => {
                        const next = { ...current.disabledSiteTypes };
                        if (event.target.checked) next[siteType.id] = true;
                        else delete next[siteType.id];
                        return { disabledSiteTypes: next };
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
      )}

      <Box component="section" aria-label={t("catalogueAdvanced")}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 3 }}>
          {t("catalogueAdvanced")}
        </Typography>
        <FieldGrid>
          <SelectInput
            label={t("catalogueAdvancedAction")}
            name="advancedAction"
            value={draft.advancedAction}
            onChange={(advancedAction) => change({ advancedAction })}
            options={actionOptions}
            disabled={disabled}
          />
          {action >= AVOID_SAME_DATE && (
            <SelectInput
              label={t("catalogueServiceToChange")}
              name="advancedServiceToChangeTypeId"
              required
              value={draft.advancedServiceToChangeTypeId}
              onChange={(advancedServiceToChangeTypeId) => change({ advancedServiceToChangeTypeId })}
              options={otherServices}
              disabled={disabled}
            />
          )}
          {action === KEEP_AWAY && (
            <NumberInput
              label={t("catalogueAdvancedAmount")}
              name="advancedAmount"
              required
              value={draft.advancedAmount}
              onChange={(advancedAmount) => change({ advancedAmount })}
              disabled={disabled}
              helperText={message(errors.advancedAmount)}
            />
          )}
        </FieldGrid>
      </Box>

      <Box component="section" aria-label={t("catalogueConditions")}>
        <Stack direction="row" spacing={3} sx={{ alignItems: "center", justifyContent: "space-between", mb: 2 }}>
          <Typography variant="subtitle1" component="h2">
            {t("catalogueConditions")}
          </Typography>
          {access.write && (
            <Button variant="outlined" size="small" onClick={() => setAdding(true)}>
              {t("catalogueAddCondition")}
            </Button>
          )}
        </Stack>
        {shownConditions.length === 0 ? (
          <Typography color="text.secondary">{t("catalogueNoConditions")}</Typography>
        ) : (
          <List dense disablePadding aria-label={t("catalogueConditions")}>
            {shownConditions.map((condition) => {
              const text = describeCondition(condition, fields);
              return (
                <ListItem
                  key={condition.id}
                  divider
                  secondaryAction={
                    access.write && (
                      <IconButton edge="end" aria-label={t("catalogueRemoveCondition", { condition: text })} onClick={() => removeCondition(condition)}>
                        <CloseIcon />
                      </IconButton>
                    )
                  }
                >
                  <ListItemText primary={text} />
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
      <ConditionDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdd={(condition) => change((current) => ({ conditions: [...current.conditions, condition] }))}
        timeAllowed={!hasTimeCondition(draft.conditions)}
        fields={fields}
      />
    </RecordForm>
  );
}

function Checklist({ service, typeId, access }: { service: ServiceTypeRecord; typeId: string; access: CatalogueAccess }) {
  const questions = useRecords<QuestionRecord>("questions");
  const base = `/equipment-types/${typeId}/service-types/${service.id}/questions`;
  const items = useMemo(
    () => questions.filter((q) => q.serviceTypeId === service.id).map((q) => ({ id: q.id, primary: q.question, to: `${base}/${q.id}` })),
    [questions, service.id, base],
  );
  return (
    <RecordList
      title={t("catalogueChecklist")}
      items={items}
      empty={t("catalogueNoQuestions")}
      add={access.write ? { label: t("catalogueAddQuestion"), to: `${base}/new` } : undefined}
    />
  );
}

export function ServiceTypePage({ adding = false }: { adding?: boolean }) {
  const { equipmentTypeId = "", serviceTypeId = "" } = useParams();
  const access = useCatalogueAccess();
  const services = useLoadedRecords<ServiceTypeRecord>("serviceTypes");
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  // §6: adding service types needs SETTINGS_WRITE.
  if (adding) return access.write ? <ServiceTypeForm typeId={equipmentTypeId} access={access} /> : <Notice>{t("recordAddNeedsPermission")}</Notice>;
  if (services === undefined) return null;
  const service = services.find((candidate) => candidate.id === serviceTypeId);
  if (!service) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  const typeId = service.equipmentTypeId || equipmentTypeId;
  return (
    <Stack spacing={5}>
      <ServiceTypeForm key={service.id} service={service} typeId={typeId} access={access} />
      <Checklist service={service} typeId={typeId} access={access} />
    </Stack>
  );
}

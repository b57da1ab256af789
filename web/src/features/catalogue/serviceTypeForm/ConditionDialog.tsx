/**
 * The add condition dialog (§2, §5 Condition): a time condition (frequency type and
 * frequency), offered only while the service type has none, or a metered one (one of the
 * type's custom equipment fields, a method and an amount). With no custom equipment fields
 * a metered condition cannot be made: 'No Custom Equipment Fields'.
 */
import { Alert, Button, Stack } from "@mui/material";
import { useEffect, useMemo, useState } from "react";
import { t } from "../../../lib/strings";
import { newId } from "../../../domain/ids";
import type { NamedField } from "../../../domain/records";
import { ResponsiveDialog } from "../../../ui/ResponsiveDialog";
import { NumberInput } from "../../../ui/forms/NumberInput";
import { SelectInput } from "../../../ui/forms/SelectInput";
import { FREQUENCY_TYPES, METHODS, type ConditionDraft, type ConditionRecord, conditionErrors, conditionOf, emptyCondition, frequencyName, methodName } from "../records";

export interface ConditionDialogProps {
  open: boolean;
  onClose: () => void;
  onAdd: (condition: ConditionRecord) => void;
  /** False once the service type has a time condition. */
  timeAllowed: boolean;
  /** The custom equipment fields of the service type's equipment type. */
  fields: readonly NamedField[];
}

export function ConditionDialog({ open, onClose, onAdd, timeAllowed, fields }: ConditionDialogProps) {
  const [draft, setDraft] = useState(() => emptyCondition(timeAllowed));
  useEffect(() => {
    if (open) setDraft(emptyCondition(timeAllowed));
  }, [open, timeAllowed]);
  const change = (next: Partial<ConditionDraft>) => setDraft((current) => ({ ...current, ...next }));
  const errors = conditionErrors(draft, fields.length);
  const valid = Object.keys(errors).length === 0;

  const typeOptions = useMemo(
    () => [...(timeAllowed ? [{ value: "time", label: t("catalogueTime") }] : []), { value: "metered", label: t("catalogueMetered") }],
    [timeAllowed],
  );
  const frequencyOptions = useMemo(() => FREQUENCY_TYPES.map((code) => ({ value: String(code), label: t(frequencyName(code)) })), []);
  const fieldOptions = useMemo(() => fields.map((field) => ({ value: field.id, label: field.name })), [fields]);
  const methodOptions = useMemo(() => METHODS.map((method) => ({ value: method, label: t(methodName(method)) })), []);

  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      title={t("catalogueAddCondition")}
      actions={
        <>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button
            variant="contained"
            disabled={!valid}
            onClick={() => {
              onAdd(conditionOf(draft, newId()));
              onClose();
            }}
          >
            {t("add")}
          </Button>
        </>
      }
    >
      <Stack spacing={4} sx={{ pt: 2 }}>
        <SelectInput label={t("catalogueConditionType")} name="type" value={draft.type} onChange={(type) => change({ type })} options={typeOptions} />
        {draft.type === "time" ? (
          <>
            <SelectInput
              label={t("catalogueFrequencyType")}
              name="timeFrequencyType"
              required
              value={draft.timeFrequencyType}
              onChange={(timeFrequencyType) => change({ timeFrequencyType })}
              options={frequencyOptions}
            />
            <NumberInput
              label={t("catalogueFrequency")}
              name="timeFrequency"
              required
              value={draft.timeFrequency}
              onChange={(timeFrequency) => change({ timeFrequency })}
              helperText={errors.timeFrequency === "recordWholeNumber" ? t("recordWholeNumber") : undefined}
            />
          </>
        ) : fields.length === 0 ? (
          <Alert severity="error">{t("catalogueNoCustomEquipmentFields")}</Alert>
        ) : (
          <>
            <SelectInput
              label={t("catalogueField")}
              name="meteredFieldId"
              required
              value={draft.meteredFieldId}
              onChange={(meteredFieldId) => change({ meteredFieldId })}
              options={fieldOptions}
            />
            <SelectInput
              label={t("catalogueMethod")}
              name="meteredMethod"
              required
              value={draft.meteredMethod}
              onChange={(meteredMethod) => change({ meteredMethod })}
              options={methodOptions}
            />
            <NumberInput
              label={t("catalogueAmount")}
              name="meteredAmount"
              required
              value={draft.meteredAmount}
              onChange={(meteredAmount) => change({ meteredAmount })}
            />
          </>
        )}
      </Stack>
    </ResponsiveDialog>
  );
}

/**
 * The service type's own fields (§3, §5): name and Due When (required), frequency type and
 * frequency (required while the service is scheduled and has no conditions), the SKU with
 * billing, and the unscheduled, inspection and update-on-scan switches, which a tooltip dialog
 * explains.
 */
import { Box, Stack } from "@mui/material";
import { useMemo } from "react";
import { t } from "../../../lib/strings";
import { NumberInput } from "../../../ui/forms/NumberInput";
import { FieldGrid } from "../../../ui/forms/RecordForm";
import { SelectInput } from "../../../ui/forms/SelectInput";
import { SwitchInput } from "../../../ui/forms/SwitchInput";
import { TextInput } from "../../../ui/forms/TextInput";
import { HelpButton } from "../../../ui/TooltipDialog";
import type { Draft } from "../../../ui/forms/useDraft";
import { FREQUENCY_TYPES, type ServiceTypeDraft, frequencyName, needsFrequency } from "../records";

export interface ServiceTypeFieldsProps {
  draft: ServiceTypeDraft;
  change: Draft<ServiceTypeDraft>["change"];
  disabled: boolean;
  /** What is wrong with the frequency, if anything. */
  frequencyError?: string;
  /** The SKU shows with billing. */
  billing: boolean;
}

export function ServiceTypeFields({ draft, change, disabled, frequencyError, billing }: ServiceTypeFieldsProps) {
  const frequencyOptions = useMemo(() => FREQUENCY_TYPES.map((code) => ({ value: String(code), label: t(frequencyName(code)) })), []);
  const dueWhenOptions = useMemo(
    () => [{ value: "", label: t("recordChoose") }, { value: "all", label: t("all") }, { value: "any", label: t("catalogueAny") }],
    [],
  );
  return (
    <>
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
          helperText={frequencyError ?? (needsFrequency(draft) ? t("catalogueFrequencyNeeded") : undefined)}
        />
        {billing && <TextInput label={t("catalogueSku")} name="sku" value={draft.sku} onChange={(sku) => change({ sku })} disabled={disabled} />}
      </FieldGrid>
      <Stack direction={{ xs: "column", sm: "row" }} sx={{ columnGap: 4, alignItems: { sm: "center" } }}>
        <SwitchInput label={t("catalogueUnscheduled")} checked={draft.unscheduled} onChange={(unscheduled) => change({ unscheduled })} disabled={disabled} />
        <SwitchInput label={t("catalogueInspection")} checked={draft.inspection} onChange={(inspection) => change({ inspection })} disabled={disabled} />
        <SwitchInput label={t("catalogueUpdateOnScan")} checked={draft.updateOnScan} onChange={(updateOnScan) => change({ updateOnScan })} disabled={disabled} />
        <Box>
          <HelpButton tooltip={{ title: t("catalogueSwitchesHelpTitle"), text: t("catalogueSwitchesHelp") }} />
        </Box>
      </Stack>
    </>
  );
}

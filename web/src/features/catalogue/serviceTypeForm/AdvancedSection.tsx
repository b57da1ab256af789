/**
 * The service type's advanced action (§9): none, avoid the same date as another service of
 * the type, or keep a distance from it; the service to change is required with either, the
 * amount with keeping a distance. A tooltip dialog explains the actions.
 */
import { Box, Stack, Typography } from "@mui/material";
import { useMemo } from "react";
import { t } from "../../../lib/strings";
import { useRecords } from "../../../offline/SyncProvider";
import { NumberInput } from "../../../ui/forms/NumberInput";
import { FieldGrid } from "../../../ui/forms/RecordForm";
import { byName } from "../../../domain/names";
import { SelectInput } from "../../../ui/forms/SelectInput";
import type { Draft } from "../../../ui/forms/useDraft";
import { HelpButton } from "../../../ui/TooltipDialog";
import { AVOID_SAME_DATE, KEEP_AWAY, type ServiceTypeDraft, type ServiceTypeRecord } from "../records";

export interface AdvancedSectionProps {
  draft: ServiceTypeDraft;
  change: Draft<ServiceTypeDraft>["change"];
  disabled: boolean;
  /** The equipment type whose other service types may be changed. */
  typeId: string;
  /** The stored service type, left out of the services to change. */
  serviceId?: string;
  /** What is wrong with the amount, if anything. */
  amountError?: string;
}

export function AdvancedSection({ draft, change, disabled, typeId, serviceId, amountError }: AdvancedSectionProps) {
  const services = useRecords<ServiceTypeRecord>("serviceTypes");
  const action = Number(draft.advancedAction);
  const actionOptions = useMemo(
    () => [{ value: "0", label: t("none") }, { value: String(AVOID_SAME_DATE), label: t("catalogueAction2") }, { value: String(KEEP_AWAY), label: t("catalogueAction3") }],
    [],
  );
  const otherServices = useMemo(
    () => [
      { value: "", label: t("recordChoose") },
      ...services
        .filter((s) => s.equipmentTypeId === typeId && s.id !== serviceId)
        .sort(byName)
        .map((s) => ({ value: s.id, label: s.name })),
    ],
    [services, typeId, serviceId],
  );
  return (
    <Box component="section" aria-label={t("catalogueAdvanced")}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 3 }}>
        <Typography variant="subtitle1" component="h2">
          {t("catalogueAdvanced")}
        </Typography>
        <HelpButton tooltip={{ title: t("catalogueAdvanced"), text: t("catalogueAdvancedHelp") }} />
      </Stack>
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
            helperText={amountError}
          />
        )}
      </FieldGrid>
    </Box>
  );
}

/**
 * A service type's conditions (§3 Condition, §9): each as it reads ('Every 1 Year', 'Pressure
 * Greater Than 100') with a way to remove it, and the add condition dialog. Conditions live in
 * the service type record, as the due engine and the server read them. A tooltip dialog explains
 * conditions and Due When.
 */
import { Box, Button, IconButton, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { t } from "../../../lib/strings";
import type { NamedField } from "../../../domain/records";
import { useRecords } from "../../../offline/SyncProvider";
import { CloseIcon } from "../../../ui/icons";
import { HelpButton } from "../../../ui/TooltipDialog";
import { byName } from "../../../domain/names";
import type { Draft } from "../../../ui/forms/useDraft";
import { type ConditionRecord, type ServiceTypeDraft, frequencyName, hasTimeCondition, liveConditions, methodName } from "../records";
import { ConditionDialog } from "./ConditionDialog";

export interface ConditionsSectionProps {
  draft: ServiceTypeDraft;
  change: Draft<ServiceTypeDraft>["change"];
  mayChange: boolean;
  /** The equipment type, whose custom fields metered conditions read. */
  typeId: string;
  /** The conditions as stored, before this form's edits. */
  stored: readonly ConditionRecord[];
}

/** How a condition reads in the list: 'Every 1 Year', 'Pressure Greater Than 100'. */
function describeCondition(condition: ConditionRecord, fields: readonly NamedField[]): string {
  if (condition.type === "time") {
    return t("frequencyEvery", { count: condition.timeFrequency ?? "", unit: t(frequencyName(condition.timeFrequencyType ?? 6)) });
  }
  const field = fields.find((f) => f.id === condition.meteredFieldId)?.name ?? condition.meteredFieldId ?? "";
  return t("catalogueMeteredCondition", { field, method: condition.meteredMethod ? t(methodName(condition.meteredMethod)) : "", amount: String(condition.meteredAmount ?? "") });
}

export function ConditionsSection({ draft, change, mayChange, typeId, stored }: ConditionsSectionProps) {
  const equipmentFields = useRecords<NamedField>("equipmentFields");
  const fields = useMemo(() => equipmentFields.filter((f) => f.equipmentTypeId === typeId).sort(byName), [equipmentFields, typeId]);
  const [adding, setAdding] = useState(false);
  const shownConditions = liveConditions(draft.conditions);

  function removeCondition(condition: ConditionRecord) {
    const isStored = stored.some((c) => c.id === condition.id);
    // A stored condition is kept as deleted (§3 Condition has deleted); one added here just goes.
    change((current) => ({
      conditions: isStored
        ? current.conditions.map((c) => (c.id === condition.id ? { ...c, deleted: true } : c))
        : current.conditions.filter((c) => c.id !== condition.id),
    }));
  }

  return (
    <>
      <Box component="section" aria-label={t("catalogueConditions")}>
        <Stack direction="row" spacing={3} sx={{ alignItems: "center", justifyContent: "space-between", mb: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography variant="subtitle1" component="h2">
              {t("catalogueConditions")}
            </Typography>
            <HelpButton tooltip={{ title: t("catalogueConditions"), text: t("catalogueConditionsHelp") }} />
          </Stack>
          {mayChange && (
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
                    mayChange && (
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
    </>
  );
}

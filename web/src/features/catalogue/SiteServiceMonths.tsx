/**
 * A site's service months (§3 Service month): for each service month category, the twelve
 * months the site is serviced in, which the due engine moves next dates into (§9). Shown on
 * the site page under the SERVICE_MONTHS feature; changing needs LOCATION_WRITE, the
 * permission the server takes serviceMonths records with. One record per site and category.
 */
import { Box, Checkbox, FormControlLabel, FormGroup, Paper, Stack, Typography } from "@mui/material";
import { type FormEvent, useMemo } from "react";
import { hasFeature } from "../../domain/organization";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { MONTH_FIELDS } from "../../domain/due/input";
import { newId } from "../../domain/ids";
import type { NamedField, ServiceMonth } from "../../domain/records";
import { useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { SaveButton } from "../../ui/SaveButton";
import { Notice } from "../../ui/forms/RecordForm";
import { byName } from "../../domain/names";
import { useDraft } from "../../ui/forms/useDraft";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useOrganization } from "../../offline/useOrganization";

type Months = Record<string, boolean[]>;

const monthsOf = (record: ServiceMonth | undefined) => MONTH_FIELDS.map((month) => record?.[month] === true);

export function SiteServiceMonths({ locationId }: { locationId: string }) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const org = useOrganization();
  const categories = useRecords<NamedField>("serviceMonthCategories");
  const records = useRecords<ServiceMonth>("serviceMonths", locationId);
  const sorted = useMemo(() => [...categories].sort(byName), [categories]);
  const stored = useMemo(() => new Map(records.map((record) => [record.serviceMonthCategoryId ?? "", record])), [records]);
  const initial = useMemo<Months>(() => Object.fromEntries(sorted.map((c) => [c.id, monthsOf(stored.get(c.id))])), [sorted, stored]);
  const { draft, change, dirty, settled } = useDraft(initial);
  const mayChange = can(user, "LOCATION_WRITE");

  if (!hasFeature(org, "SERVICE_MONTHS") || sorted.length === 0) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mayChange || !user) return;
    try {
      for (const category of sorted) {
        const months = draft[category.id] ?? monthsOf(undefined);
        const record = stored.get(category.id);
        if (months.every((on, index) => on === monthsOf(record)[index])) continue;
        await engine.put("serviceMonths", {
          ...(record ?? { id: newId(), orgId: user.orgId, serviceMonthCategoryId: category.id }),
          locationId,
          ...Object.fromEntries(MONTH_FIELDS.map((month, index) => [month, months[index] === true])),
        });
      }
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    settled();
    snackbar.show(t("serviceMonthsSaved"));
  }

  return (
    <Paper component="section" aria-label={t("serviceMonthsTitle")} sx={{ p: { xs: 4, sm: 5 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 3 }}>
        {t("serviceMonthsTitle")}
      </Typography>
      {!mayChange && <Notice>{t("serviceMonthsReadOnly")}</Notice>}
      <Box component="form" onSubmit={submit} noValidate aria-label={t("serviceMonthsTitle")}>
        <Stack spacing={4}>
          {sorted.map((category) => (
            <Box key={category.id} component="fieldset" aria-label={category.name} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                {category.name}
              </Typography>
              <FormGroup row sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(130px, 1fr))" }}>
                {MONTH_FIELDS.map((month, index) => (
                  <FormControlLabel
                    key={month}
                    label={t(`month${index + 1}` as "month1")}
                    disabled={!mayChange}
                    control={
                      <Checkbox
                        checked={draft[category.id]?.[index] === true}
                        onChange={(event) =>
                          change((current) => {
                            const months = [...(current[category.id] ?? monthsOf(undefined))];
                            months[index] = event.target.checked;
                            return { [category.id]: months };
                          })
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            </Box>
          ))}
          <Box>
            <SaveButton disabled={!mayChange || !dirty}>{t("save")}</SaveButton>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

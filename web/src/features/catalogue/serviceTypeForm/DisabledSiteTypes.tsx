/** The site types a service type is not done at (§3 disabledSiteTypes), one checkbox each; shown with the SITE_TYPES feature. */
import { Box, Checkbox, FormControlLabel, FormGroup, FormLabel } from "@mui/material";
import { useMemo } from "react";
import { t } from "../../../lib/strings";
import type { NamedField } from "../../../domain/records";
import { useRecords } from "../../../offline/SyncProvider";
import { byName } from "../../../domain/names";
import type { Draft } from "../../../ui/forms/useDraft";
import type { ServiceTypeDraft } from "../records";

export interface DisabledSiteTypesProps {
  draft: ServiceTypeDraft;
  change: Draft<ServiceTypeDraft>["change"];
  disabled: boolean;
}

export function DisabledSiteTypes({ draft, change, disabled }: DisabledSiteTypesProps) {
  const siteTypes = useRecords<NamedField>("siteTypes");
  const sortedSiteTypes = useMemo(() => [...siteTypes].sort(byName), [siteTypes]);
  if (sortedSiteTypes.length === 0) return null;
  return (
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
  );
}

/**
 * A site's own settings on its page: the way to its location overrides (LOCATION_OVERRIDES,
 * LOCATION_READ) and its service months per category (SERVICE_MONTHS). Nothing shows when
 * neither applies.
 */
import { Button, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { SiteServiceMonths } from "../../features/catalogue/SiteServiceMonths";
import { useOverrideAccess } from "../../features/overrides/access";
import { t } from "../../lib/strings";

export function SiteSettings({ locationId }: { locationId: string }) {
  const overrides = useOverrideAccess();
  return (
    <Stack spacing={5}>
      {overrides.enabled && overrides.read && (
        <Paper component="section" aria-label={t("siteSettings")} sx={{ p: { xs: 4, sm: 5 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 3 }}>
            {t("siteSettings")}
          </Typography>
          <Button variant="outlined" component={RouterLink} to={`/sites/${locationId}/settings/location-overrides`}>
            {t("overridesTitle")}
          </Button>
        </Paper>
      )}
      <SiteServiceMonths locationId={locationId} />
    </Stack>
  );
}

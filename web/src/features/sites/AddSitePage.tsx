/**
 * /sites/new and /customers/{customerId}/sites/new (§2): the Add Site form, on tablets and
 * desktops; a phone is told 'Locations can only be added on a desktop browser' (§2 'On
 * mobile'), as the list's Add Site says. On success the form replaces the route by /sites/{newId}.
 */
import { Alert, Box, Button, Stack } from "@mui/material";
import { Link as RouterLink, useParams } from "react-router";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";
import { SiteForm } from "./SiteForm";

export function AddSitePage() {
  const { customerId } = useParams();
  if (useDevice() === "mobile") {
    return (
      <Stack spacing={4} sx={{ alignItems: "flex-start" }}>
        <Alert severity="warning">{t("locationsDesktopOnly")}</Alert>
        <Button variant="outlined" component={RouterLink} to="/sites">
          {t("goToSites")}
        </Button>
      </Stack>
    );
  }
  return (
    <Box sx={{ maxWidth: 960 }}>
      <SiteForm customerId={customerId} headingLevel="h1" />
    </Box>
  );
}

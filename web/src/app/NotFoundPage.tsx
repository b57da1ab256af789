/** A signed-in address that names no screen. */
import { Button, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { t } from "../lib/strings";

export function NotFoundPage() {
  return (
    <Stack spacing={4} sx={{ alignItems: "flex-start" }}>
      <Typography variant="h5" component="h1">
        {t("notFound")}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/sites">
        {t("goToSites")}
      </Button>
    </Stack>
  );
}

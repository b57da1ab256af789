/** /welcome after sign-up: a greeting and a button to settings (§2). */
import { Button, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { t } from "../../app/strings";

export function WelcomePage() {
  return (
    <Paper sx={{ p: 6, maxWidth: 560 }}>
      <Stack spacing={4} sx={{ alignItems: "flex-start" }}>
        <Typography variant="h5" component="h1">
          {t("welcome")}
        </Typography>
        <Typography>{t("welcomeText")}</Typography>
        <Button variant="contained" component={RouterLink} to="/settings">
          {t("goToSettings")}
        </Button>
      </Stack>
    </Paper>
  );
}

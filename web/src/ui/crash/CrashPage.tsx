/** The page a crash leaves: 'An error ocurred while trying to show this page.' and Reload. */
import { Button, Stack, Typography } from "@mui/material";
import { t } from "../../lib/strings";

export interface CrashPageProps {
  onReload?: () => void;
}

export function CrashPage({ onReload = () => window.location.reload() }: CrashPageProps) {
  return (
    <Stack spacing={5} sx={{ alignItems: "center", justifyContent: "center", textAlign: "center", minHeight: "60vh", p: 5 }}>
      <Typography variant="h6" component="p" role="alert">
        {t("crashed")}
      </Typography>
      <Button variant="contained" onClick={onReload}>
        {t("reload")}
      </Button>
    </Stack>
  );
}

/** Settings: the sync panel and the settings this build offers (more arrive with their screens). */
import { List, ListItemButton, ListItemText, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { visibleNavigation } from "../../app/navigation";
import { servedPaths } from "../../app/routes";
import { useOrganization } from "../../app/shell/Shell";
import { t } from "../../app/strings";
import { useAuth } from "../../auth/AuthProvider";
import { SyncPanel } from "./SyncPanel";

export function SettingsPage() {
  const { user } = useAuth();
  const org = useOrganization();
  const items = visibleNavigation(user, org, servedPaths).find((group) => group.path === "/settings")?.items ?? [];
  return (
    <Stack spacing={5} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t("settings")}
      </Typography>
      <SyncPanel />
      {items.length > 0 && (
        <Paper>
          <List aria-label={t("settings")}>
            {items.map((item) => (
              <ListItemButton key={item.path} component={RouterLink} to={item.path}>
                <ListItemText primary={item.title} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * Users (§2 /users): everyone in the organisation, by name, with a search over name and email
 * (§5 Search: every word must match), each with their invitation status (§4). Add User
 * needs SETTINGS_WRITE (§6).
 */
import { Button, List, ListItem, ListItemButton, ListItemText, Paper, Stack, TextField, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { type User, can } from "../../auth/session";
import { matches } from "../../domain/search";
import { useLoadedRecords } from "../../offline/SyncProvider";
import { byName } from "../../domain/names";

export function UsersPage() {
  const { user: me } = useAuth();
  const users = useLoadedRecords<User>("users");
  const [query, setQuery] = useState("");
  const shown = useMemo(
    () =>
      (users ?? [])
        .filter((user) => matches(query, [user.name, user.email]))
        .sort(byName),
    [users, query],
  );
  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      <Stack direction="row" spacing={3} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 3 }}>
        <Typography variant="h5" component="h1">
          {t("users")}
        </Typography>
        {can(me, "SETTINGS_WRITE") && (
          <Button variant="contained" component={RouterLink} to="/users/new">
            {t("addUser")}
          </Button>
        )}
      </Stack>
      <TextField label={t("search")} type="search" value={query} onChange={(event) => setQuery(event.target.value)} fullWidth />
      <Paper>
        {users === undefined ? (
          <Typography sx={{ p: 4 }} color="text.secondary">
            {t("loading")}
          </Typography>
        ) : shown.length === 0 ? (
          <Typography sx={{ p: 4 }} color="text.secondary">
            {users.length === 0 ? t("noUsers") : t("noUsersMatch")}
          </Typography>
        ) : (
          <List aria-label={t("users")}>
            {shown.map((user) => (
              <ListItem key={user.id} disablePadding>
                <ListItemButton component={RouterLink} to={`/users/${user.id}`}>
                  <ListItemText
                    primary={user.name}
                    secondary={`${user.email} · ${user.invitationStatus === 1 ? t("invitationAccepted") : t("invitationPending")}`}
                    slotProps={{ secondary: { sx: { overflowWrap: "anywhere" } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}

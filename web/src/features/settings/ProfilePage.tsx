/**
 * Own profile (§2 /profile): name and email, both required, email valid (§5). Saved as a
 * local change of the user's record, so it works offline and reaches the server and the
 * other devices through sync; 'Successfully updated profile' (§8). Every user may change their
 * own name and email (the action editOwnProfile), without the settings permissions.
 */
import { Box, Paper, Stack, Typography } from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { type User, canTake } from "../../auth/session";
import { useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { SaveButton } from "../../ui/SaveButton";
import { TextInput } from "../../ui/forms/TextInput";
import { textError } from "../../ui/forms/validation";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useUnsavedChanges } from "../../ui/unsaved/useUnsavedChanges";
import { saveOwnProfile } from "./profile";

export function ProfilePage() {
  const auth = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const stored = useRecords<User>("users").find((u) => u.id === auth.user?.id);
  const me = stored ?? auth.user;
  const [name, setName] = useState(me?.name ?? "");
  const [email, setEmail] = useState(me?.email ?? "");
  const [touched, setTouched] = useState(false);

  // Until the user edits, follow the stored record (it may arrive with the first download).
  useEffect(() => {
    if (!touched && me) {
      setName(me.name ?? "");
      setEmail(me.email ?? "");
    }
  }, [me, touched]);

  const dirty = touched && (name !== (me?.name ?? "") || email !== (me?.email ?? ""));
  const unsaved = useUnsavedChanges(dirty);
  const mayChange = canTake(auth.user, "editOwnProfile");
  const invalid = textError(name, { required: true }) !== undefined || textError(email, { required: true, type: "email" }) !== undefined;
  const edit = (set: (value: string) => void) => (value: string) => {
    setTouched(true);
    set(value);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!me || invalid || !mayChange) return;
    try {
      await saveOwnProfile(engine, me, { name, email });
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    setTouched(false);
    unsaved.allowNextNavigation();
    snackbar.show(t("profileUpdated"));
  }

  return (
    <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 560 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 5 }}>
        {t("profile")}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={4}>
          <TextInput label={t("name")} value={name} onChange={edit(setName)} required autoComplete="name" disabled={!mayChange} />
          <TextInput label={t("email")} type="email" value={email} onChange={edit(setEmail)} required autoComplete="email" disabled={!mayChange} />
          <SaveButton disabled={!me || invalid || !mayChange} />
        </Stack>
      </Box>
    </Paper>
  );
}

/**
 * Add User and User Information (§2 /users/new, /users/{userId}): name and email (both
 * required, §5; the email is trimmed), the profile picture (folder profile-pictures), the
 * permissions with §5's toggling rules (a new user has all of them, §6), the invite link and
 * Delete User. Users are synced records, saved on the device and sent by sync; the server
 * takes them from holders of SETTINGS_WRITE only, so without it the form shows disabled.
 */
import { Alert, Box, Button, Paper, Stack, Typography } from "@mui/material";
import { type FormEvent, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { type User, can } from "../../auth/session";
import { newId } from "../../domain/ids";
import { WILDCARD } from "../../domain/permissions";
import { ImageField } from "../../files/ImageField";
import { useSyncEngine } from "../../offline/SyncProvider";
import { SaveButton } from "../../ui/SaveButton";
import { TextInput } from "../../ui/forms/TextInput";
import { textError } from "../../ui/forms/validation";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useDraft } from "../../ui/forms/useDraft";
import { DeleteUserDialog } from "./DeleteUserDialog";
import { InviteLink } from "./InviteLink";
import { PermissionsEditor } from "./PermissionsEditor";
import { track } from "../../offline/analytics/track";

interface UserDraft {
  name: string;
  email: string;
  image: string | null;
  permissions: string[];
}

const draftOf = (user: User | undefined): UserDraft => ({
  name: user?.name ?? "",
  email: user?.email ?? "",
  image: typeof user?.image === "string" && user.image ? user.image : null,
  // §6: a new user gets every permission.
  permissions: user ? [...(user.permissions ?? [])] : [WILDCARD],
});

/** §5 User: name and email required, the email valid. */
export const userDraftValid = (draft: UserDraft) =>
  textError(draft.name, { required: true }) === undefined && textError(draft.email, { required: true, type: "email" }) === undefined;

export function UserForm({ user: stored }: { user?: User }) {
  const auth = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const initial = useMemo(() => draftOf(stored), [stored]);
  const { draft, change, settled } = useDraft(initial);
  const [deleting, setDeleting] = useState(false);
  const adding = stored === undefined;
  const mayChange = can(auth.user, "SETTINGS_WRITE");
  const valid = userDraftValid(draft);
  const self = stored?.id === auth.user?.id;

  if (adding && !mayChange) return <Alert severity="info">{t("addUserNeedsPermission")}</Alert>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!auth.user || !mayChange || !valid) return;
    const base = stored ?? { id: newId(), orgId: auth.user.orgId, invitationStatus: 0 };
    const record = { ...base, name: draft.name.trim(), email: draft.email.trim(), image: draft.image, permissions: draft.permissions };
    try {
      await engine.put("users", record);
      track("EDIT", "user");
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: record.name }));
    if (adding) navigate(`/users/${record.id}`, { replace: true });
  }

  async function remove() {
    if (!stored) return;
    try {
      await engine.remove("users", stored);
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    setDeleting(false);
    settled();
    snackbar.show(t("recordDeleted", { name: stored.name }));
    navigate("/users", { replace: true });
  }

  const title = t(adding ? "addUser" : "userInformation");
  return (
    <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 4 }}>
        {title}
      </Typography>
      {!mayChange && (
        <Alert severity="info" sx={{ mb: 4 }}>
          {t("settingsReadOnly")}
        </Alert>
      )}
      <Stack spacing={6}>
        <Box component="form" onSubmit={submit} noValidate aria-label={title}>
          <Stack spacing={5}>
            <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 260px), 1fr))" }}>
              <TextInput label={t("name")} name="name" value={draft.name} onChange={(name) => change({ name })} required disabled={!mayChange} autoComplete="off" />
              <TextInput label={t("email")} name="email" type="email" value={draft.email} onChange={(email) => change({ email })} required disabled={!mayChange} autoComplete="off" />
            </Box>
            <ImageField label={t("profilePicture")} folder="profile-pictures" fileName={draft.image} onChange={(image) => change({ image })} disabled={!mayChange} />
            <PermissionsEditor value={draft.permissions} onChange={(permissions) => change({ permissions })} disabled={!mayChange} />
            <Stack direction="row" spacing={3} sx={{ flexWrap: "wrap", gap: 3 }}>
              <SaveButton disabled={!mayChange || !valid}>{adding ? t("add") : t("save")}</SaveButton>
              {!adding && (
                <Button color="error" onClick={() => setDeleting(true)} disabled={!mayChange || self} title={self ? t("cannotDeleteYourself") : undefined}>
                  {t("deleteUser")}
                </Button>
              )}
            </Stack>
          </Stack>
        </Box>
        {stored && <InviteLink userId={stored.id} name={stored.name} email={stored.email} disabled={!mayChange} />}
      </Stack>
      {stored && <DeleteUserDialog open={deleting} name={stored.name} onCancel={() => setDeleting(false)} onDelete={() => void remove()} />}
    </Paper>
  );
}

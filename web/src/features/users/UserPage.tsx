/** /users/new and /users/{userId}: the user form, or 'User not found'. */
import { Alert, Paper, Typography } from "@mui/material";
import { useParams } from "react-router";
import { t } from "../../lib/strings";
import type { User } from "../../auth/session";
import { useStoredRecord } from "../../offline/useStoredRecord";
import { UserForm } from "./UserForm";

export function UserPage() {
  const { userId } = useParams();
  const { loaded, record } = useStoredRecord<User>("users", userId);
  if (!userId) return <UserForm />;
  if (!loaded) return <Typography color="text.secondary">{t("loading")}</Typography>;
  if (!record || record.deleted) {
    return (
      <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 560 }}>
        <Alert severity="error">{t("userNotFound")}</Alert>
      </Paper>
    );
  }
  return <UserForm key={record.id} user={record} />;
}

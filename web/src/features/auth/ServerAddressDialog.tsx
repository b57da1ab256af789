/** The API base URL override (§7), stored locally; empty means this site's own server. */
import { Button, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { apiBaseUrl, setApiBaseUrl } from "../../api/baseUrl";
import { t } from "../../lib/strings";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";

export function ServerAddressDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [url, setUrl] = useState(apiBaseUrl());
  useEffect(() => {
    if (open) setUrl(apiBaseUrl());
  }, [open]);
  const valid = url.trim() === "" || /^https?:\/\/[^\s/]+/.test(url.trim());
  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      title={t("apiBaseUrl")}
      actions={
        <>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button
            variant="contained"
            disabled={!valid}
            onClick={() => {
              setApiBaseUrl(url);
              onClose();
            }}
          >
            {t("save")}
          </Button>
        </>
      }
    >
      <TextField
        label={t("apiBaseUrl")}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://fieldtag.example.com"
        helperText={t("apiBaseUrlHelp")}
        error={!valid}
        fullWidth
        sx={{ mt: 2 }}
      />
    </ResponsiveDialog>
  );
}

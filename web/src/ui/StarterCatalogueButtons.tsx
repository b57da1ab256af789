/**
 * The starter catalogues, each with its one-click Add (or marked added), for the Equipment
 * Types page and the setup checklist; only for holders of SETTINGS_WRITE, which the caller checks.
 */
import { Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { t } from "../lib/strings";
import { useStarterCatalogues } from "../offline/useStarterCatalogues";
import { CheckCircleIcon } from "./icons";
import { useSnackbar } from "./snackbar/SnackbarProvider";

export function StarterCatalogueButtons({ orgId, heading = true }: { orgId: string; heading?: boolean }) {
  const { catalogues, add } = useStarterCatalogues(orgId);
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);

  async function addOne(catalogue: (typeof catalogues)[number]["catalogue"]) {
    setBusy(catalogue.key);
    try {
      await add(catalogue);
      snackbar.show(t("recordAdded", { name: catalogue.name }));
    } catch (error) {
      snackbar.show(error instanceof Error ? error.message : String(error), "error");
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack spacing={2} component="section" aria-label={t("starterTitle")}>
      {heading && (
        <Typography variant="subtitle1" component="h2">
          {t("starterTitle")}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t("starterText")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { xs: "stretch", sm: "center" } }}>
        {catalogues.map(({ catalogue, added }) =>
          added ? (
            <Stack key={catalogue.key} direction="row" spacing={1} sx={{ alignItems: "center", px: 2, py: 1 }}>
              <CheckCircleIcon color="success" fontSize="small" aria-hidden />
              <Typography variant="body2">{t("starterHas", { name: catalogue.name })}</Typography>
            </Stack>
          ) : (
            <Button key={catalogue.key} variant="outlined" size="small" disabled={busy !== null} onClick={() => void addOne(catalogue)}>
              {t("starterAdd", { name: catalogue.name })}
            </Button>
          ),
        )}
      </Stack>
    </Stack>
  );
}

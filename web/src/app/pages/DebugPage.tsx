/**
 * The debug screen (§2 /debug): 'Force error' throws while drawing the page, so the crash
 * page shows and the log goes to the server (POST /api/logs); 'Simulate scan' runs the scan
 * flow for a typed barcode at a chosen site, as a camera scan there would — the browser tests
 * scan this way.
 */
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { type FormEvent, useMemo, useState } from "react";
import { useScanFlow } from "../../features/equipment/barcodes/useScanFlow";
import type { Site } from "../../domain/records";
import { useRecords } from "../../offline/SyncProvider";
import { SelectInput } from "../../ui/forms/SelectInput";
import { TextInput } from "../../ui/forms/TextInput";
import { t } from "../../lib/strings";
import { byName } from "../../domain/names";

export function DebugPage() {
  const [crash, setCrash] = useState(false);
  if (crash) throw new Error(t("debugForcedError"));
  return (
    <Stack spacing={5} sx={{ maxWidth: 560 }}>
      <Typography variant="h5" component="h1">
        {t("debugTitle")}
      </Typography>
      <Paper sx={{ p: { xs: 4, sm: 5 } }}>
        <Stack spacing={3} sx={{ alignItems: "flex-start" }}>
          <Typography variant="body2">{t("debugForceErrorHint")}</Typography>
          <Button variant="outlined" color="error" onClick={() => setCrash(true)}>
            {t("debugForceError")}
          </Button>
        </Stack>
      </Paper>
      <SimulateScan />
    </Stack>
  );
}

function SimulateScan() {
  const sites = useRecords<Site>("locations");
  const options = useMemo(
    () => [...sites].sort(byName).map((site) => ({ value: site.id, label: site.name })),
    [sites],
  );
  const [siteId, setSiteId] = useState("");
  const [barcode, setBarcode] = useState("");
  const scan = useScanFlow();
  const ready = siteId !== "" && barcode.trim() !== "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) void scan(barcode, siteId);
  }

  return (
    <Paper sx={{ p: { xs: 4, sm: 5 } }}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={4}>
          <Typography variant="body2">{t("debugSimulateScanHint")}</Typography>
          {options.length === 0 ? (
            <Typography color="text.secondary">{t("debugNoSites")}</Typography>
          ) : (
            <SelectInput label={t("siteSelector")} value={siteId} onChange={setSiteId} options={options} />
          )}
          <TextInput label={t("equipmentBarcode")} value={barcode} onChange={setBarcode} autoComplete="off" />
          <Box>
            <Button type="submit" variant="contained" disabled={!ready}>
              {t("debugSimulateScan")}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

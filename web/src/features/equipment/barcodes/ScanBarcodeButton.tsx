/** The equipment list's 'Scan Barcode' button (mobile): opens the scanner, then runs the scan flow at the site. */
import { Button } from "@mui/material";
import { useState } from "react";
import { t } from "../../../lib/strings";
import { BarcodeScannerDialog } from "./BarcodeScannerDialog";
import { ScanIcon } from "./icons";
import { useScanFlow } from "./useScanFlow";

export function ScanBarcodeButton({ locationId }: { locationId: string }) {
  const [open, setOpen] = useState(false);
  const scan = useScanFlow();
  return (
    <>
      <Button variant="contained" startIcon={<ScanIcon />} onClick={() => setOpen(true)}>
        {t("scanButton")}
      </Button>
      <BarcodeScannerDialog
        open={open}
        onClose={() => setOpen(false)}
        onScan={(code) => {
          setOpen(false);
          void scan(code, locationId);
        }}
      />
    </>
  );
}

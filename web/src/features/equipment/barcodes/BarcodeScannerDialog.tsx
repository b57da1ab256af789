/**
 * The scanner (§2 Scan Barcode): the camera, decoding as it goes, and below it a 'Barcode'
 * field that is always there — for a typed code, and for a handheld scanner, which types the
 * code and presses Enter. When the camera is denied or missing the dialog says so and the
 * field takes the focus. Closing the dialog stops the camera.
 */
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { t } from "../../../lib/strings";
import { useDevice } from "../../../ui/theme";
import { ResponsiveDialog } from "../../../ui/ResponsiveDialog";
import { type ScanSource, normalizeBarcode } from "./formats";
import { type CameraState, useCameraScanner } from "./useCameraScanner";

export interface BarcodeScannerDialogProps {
  open: boolean;
  onClose: () => void;
  /** A barcode read by the camera or typed, without surrounding blanks. */
  onScan: (code: string, source: ScanSource) => void;
  title?: string;
  /** What to scan, above the camera. */
  hint?: ReactNode;
  /** Why the last barcode was not taken; the dialog stays open for another. */
  error?: string | null;
}

function problemText(camera: CameraState): string | undefined {
  if (camera === "denied") return t("scanCameraDenied");
  if (camera === "missing") return t("scanCameraMissing");
  if (camera === "failed") return t("scanCameraFailed");
  return undefined;
}

export function BarcodeScannerDialog({ open, onClose, onScan, title = t("scanButton"), hint, error }: BarcodeScannerDialogProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [typed, setTyped] = useState("");
  const field = useRef<HTMLInputElement>(null);
  const camera = useCameraScanner(open, video, (code) => onScan(normalizeBarcode(code), "camera"));
  const problem = problemText(camera);
  // On a phone the keyboard would cover the camera; elsewhere a handheld scanner needs the focus.
  const focusField = useDevice() !== "mobile" || problem !== undefined;

  useEffect(() => {
    if (open) setTyped("");
  }, [open]);

  useEffect(() => {
    if (open && problem) field.current?.focus();
  }, [open, problem]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = normalizeBarcode(typed);
    if (!code) return;
    // Cleared, so the next code a handheld scanner types does not join this one.
    setTyped("");
    onScan(code, "typed");
  }

  return (
    <ResponsiveDialog open={open} onClose={onClose} title={title} actions={<Button onClick={onClose}>{t("cancel")}</Button>}>
      <Stack spacing={4}>
        {hint !== undefined && <Typography variant="body2">{hint}</Typography>}
        {problem && <Alert severity="warning">{problem}</Alert>}
        {/* Hidden rather than unmounted on a problem: the camera is tied to this element. */}
        <Box
          sx={{
            display: problem ? "none" : "block",
            position: "relative",
            borderRadius: 3,
            overflow: "hidden",
            bgcolor: "grey.900",
            aspectRatio: "4 / 3",
            maxHeight: "45vh",
          }}
        >
          <Box
            component="video"
            ref={setVideo}
            aria-label={t("scanCameraView")}
            aria-hidden={problem ? true : undefined}
            muted
            playsInline
            autoPlay
            sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
          />
          {/* The aiming guide: a wide band for 1D codes, tall enough for a QR code. */}
          <Box
            aria-hidden
            sx={{ position: "absolute", inset: "25% 10%", border: 2, borderColor: "primary.light", borderRadius: 2, pointerEvents: "none" }}
          />
          {camera === "starting" && (
            <Typography sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", color: "common.white" }}>
              {t("scanStartingCamera")}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t("scanHint")}
        </Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Stack component="form" direction="row" spacing={3} onSubmit={submit} noValidate sx={{ alignItems: "flex-start" }}>
          <TextField
            label={t("equipmentBarcode")}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            inputRef={field}
            autoFocus={focusField}
            autoComplete="off"
            fullWidth
            slotProps={{ htmlInput: { autoCapitalize: "off", autoCorrect: "off", spellCheck: false, enterKeyHint: "go" } }}
          />
          <Button type="submit" variant="contained" disabled={normalizeBarcode(typed) === ""} sx={{ flexShrink: 0, mt: 2 }}>
            {t("scanUseBarcode")}
          </Button>
        </Stack>
      </Stack>
    </ResponsiveDialog>
  );
}

/**
 * A signature drawn on the screen (signature_pad): a finger, stylus or mouse draws on the
 * canvas, Clear starts again, and after each stroke the drawing is answered as a PNG Blob
 * (undefined once cleared). The canvas keeps the device's pixel ratio, so the image is sharp,
 * and redraws the strokes when its width changes (a phone turned on its side).
 */
import { Box, Button, FormHelperText, FormLabel, Stack } from "@mui/material";
import { useEffect, useId, useRef } from "react";
import SignatureDrawing from "signature_pad";
import { t } from "../lib/strings";

export interface SignaturePadProps {
  label: string;
  onChange: (signature: Blob | undefined) => void;
  disabled?: boolean;
  /** The drawing area's height in CSS pixels. */
  height?: number;
}

export function SignaturePad({ label, onChange, disabled, height = 200 }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignatureDrawing | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const labelId = useId();
  const hintId = useId();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return undefined;
    const drawing = new SignatureDrawing(element, { backgroundColor: "rgb(255, 255, 255)", penColor: "rgb(0, 0, 0)" });
    pad.current = drawing;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(element.offsetWidth * ratio);
      if (width === 0 || width === element.width) return;
      const strokes = drawing.toData();
      element.width = width;
      element.height = Math.round(element.offsetHeight * ratio);
      element.getContext("2d")?.scale(ratio, ratio);
      drawing.clear();
      drawing.fromData(strokes);
    };
    const ended = () => element.toBlob((blob) => changed.current(blob ?? undefined), "image/png");
    fit();
    drawing.addEventListener("endStroke", ended);
    window.addEventListener("resize", fit);
    return () => {
      window.removeEventListener("resize", fit);
      drawing.removeEventListener("endStroke", ended);
      drawing.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  function clear() {
    pad.current?.clear();
    changed.current(undefined);
  }

  return (
    <Stack spacing={1} role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={label}
        aria-describedby={hintId}
        sx={{
          display: "block",
          width: "100%",
          height,
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          bgcolor: "#fff",
          // The pad takes the touches: the page must not scroll while the customer signs.
          touchAction: "none",
          cursor: disabled ? "not-allowed" : "crosshair",
        }}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <FormHelperText id={hintId} sx={{ m: 0 }}>
          {t("signaturePadHint")}
        </FormHelperText>
        <Button onClick={clear} disabled={disabled}>
          {t("signatureClear")}
        </Button>
      </Stack>
    </Stack>
  );
}

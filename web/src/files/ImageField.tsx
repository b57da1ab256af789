/**
 * An image on a record (a logo, a letterhead, a profile picture, a floor plan): the current
 * image, an Upload button that takes a PNG or JPEG (checked before sending: type and size),
 * and Remove. The storage's refusal is shown as it was given. The uploaded image is kept on
 * the device at once, so it shows offline too.
 */
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { useId, useRef, useState } from "react";
import { t } from "../lib/strings";
import { FileError, type Folder } from "./files";
import { keepImage } from "./imageCache";
import { useFiles } from "./useFiles";
import { useImage } from "./useImage";

export interface ImageSize {
  width: number;
  height: number;
}

export interface ImageFieldProps {
  label: string;
  folder: Folder;
  fileName: string | null | undefined;
  /** A new file name (null: removed), with the image's size in pixels when the browser can tell. */
  onChange: (fileName: string | null, size?: ImageSize) => void;
  disabled?: boolean;
  /** The preview's largest height in pixels. */
  previewHeight?: number;
}

/** The image's size in pixels, when the browser can decode it. */
export async function imageSize(blob: Blob): Promise<ImageSize | undefined> {
  if (typeof createImageBitmap !== "function") return undefined;
  try {
    const bitmap = await createImageBitmap(blob);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

export function ImageField({ label, folder, fileName, onChange, disabled, previewHeight = 120 }: ImageFieldProps) {
  const files = useFiles();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const image = useImage(folder, fileName);
  const labelId = useId();

  async function upload(file: File) {
    setProblem(null);
    setUploading(true);
    try {
      const stored = await files.upload(folder, file);
      await keepImage(folder, stored, file);
      onChange(stored, await imageSize(file));
    } catch (error) {
      setProblem(error instanceof FileError ? error.message : t("fileUploadRefused", { reason: (error as Error).message }));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Stack spacing={2} role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box
        sx={{
          minHeight: 48,
          maxWidth: "100%",
          display: "flex",
          alignItems: "center",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          p: 2,
          overflow: "hidden",
        }}
      >
        {image.state === "ready" && <img src={image.url} alt={label} style={{ maxWidth: "100%", maxHeight: previewHeight, objectFit: "contain" }} />}
        {image.state === "none" && <Typography color="text.secondary">{t("noImage")}</Typography>}
        {image.state === "loading" && <Typography color="text.secondary">{t("loading")}</Typography>}
        {image.state === "error" && <Typography color="text.secondary">{t("imageUnavailable")}</Typography>}
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        aria-label={label}
        hidden
        disabled={disabled || uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void upload(file);
        }}
      />
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", gap: 2 }}>
        <Button variant="outlined" loading={uploading} disabled={disabled} onClick={() => input.current?.click()} aria-label={t("uploadImage", { label })}>
          {t("upload")}
        </Button>
        {fileName && (
          <Button color="error" disabled={disabled || uploading} onClick={() => onChange(null)} aria-label={t("removeImage", { label })}>
            {t("remove")}
          </Button>
        )}
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
}

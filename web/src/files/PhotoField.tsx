/**
 * Photos on a record (a deficiency, a history record, a checklist answer): Add Photos opens the
 * camera on a phone and a file picker on a desktop, several at a time; each photo is resized on
 * the device, kept in the waiting-image queue and named on the record at once, so it shows
 * offline straight away and goes up later. A photo shows from the device while the device has
 * it, otherwise through a read link (kept for offline), otherwise 'Photo not yet uploaded'.
 * Before the camera opens, a device short of storage is told so.
 */
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { t } from "../lib/strings";
import { keepImage, readLocalThumbnail, useKeptImage } from "../offline/images";
import { FileError } from "./files";
import { MAX_PHOTOS, newImageName, preparePhoto, storageProblem } from "./photos";
import { loadImage } from "./useImage";
import { useFiles } from "./useFiles";

export interface PhotoFieldProps {
  label: string;
  /** The record's photo file names. */
  photos: string[];
  onChange: (next: string[]) => void;
  max?: number;
  /** A form the user may not change: its controls show, disabled. */
  disabled?: boolean;
  /** A view rather than a form: the photos only, no controls. */
  readOnly?: boolean;
}

const THUMBNAIL_PX = 96;

type Shown = { state: "loading" } | { state: "ready"; url: string } | { state: "missing" } | { state: "unavailable" };

/** The photo as this device can show it: its own thumbnail, else the server's copy, else why not. */
function useShownPhoto(fileName: string): Shown {
  const files = useFiles();
  const [shown, setShown] = useState<Shown>({ state: "loading" });
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    const show = (blob: Blob) => {
      if (!live) return;
      url = URL.createObjectURL(blob);
      setShown({ state: "ready", url });
    };
    setShown({ state: "loading" });
    readLocalThumbnail(fileName)
      .catch(() => undefined)
      .then((local) => local ?? loadImage(files, "photos", fileName))
      .then(show, (error: unknown) => live && setShown({ state: error instanceof FileError && error.offline ? "unavailable" : "missing" }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [files, fileName]);
  return shown;
}

function PhotoThumbnail({
  fileName,
  number,
  onRemove,
  disabled,
  readOnly,
}: {
  fileName: string;
  number: number;
  onRemove: () => void;
  disabled?: boolean;
  readOnly?: boolean;
}) {
  const shown = useShownPhoto(fileName);
  const kept = useKeptImage(fileName);
  const alt = t("photoNumber", { number });
  return (
    <Stack component="li" spacing={1} sx={{ width: THUMBNAIL_PX, alignItems: "center" }}>
      <Box
        sx={{
          width: THUMBNAIL_PX,
          height: THUMBNAIL_PX,
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          overflow: "hidden",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          textAlign: "center",
          p: shown.state === "ready" ? 0 : 1,
        }}
      >
        {shown.state === "ready" && <img src={shown.url} alt={alt} width={THUMBNAIL_PX} height={THUMBNAIL_PX} style={{ objectFit: "cover" }} />}
        {shown.state === "loading" && <Typography variant="caption">{t("loading")}</Typography>}
        {shown.state === "missing" && <Typography variant="caption">{t("photoNotYetUploaded")}</Typography>}
        {shown.state === "unavailable" && <Typography variant="caption">{t("imageUnavailable")}</Typography>}
      </Box>
      {kept?.state === "failed" && (
        <Typography variant="caption" color="error">
          {t("photoNotUploaded", { reason: kept.problem ?? "" })}
        </Typography>
      )}
      {!readOnly && (
        <Button size="small" color="error" disabled={disabled} onClick={onRemove} aria-label={t("removePhoto", { number })}>
          {t("remove")}
        </Button>
      )}
    </Stack>
  );
}

export function PhotoField({ label, photos, onChange, max = MAX_PHOTOS, disabled, readOnly }: PhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(photos);
  latest.current = photos;
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();
  const full = photos.length >= max;

  async function openCamera() {
    setProblem(null);
    const low = await storageProblem();
    if (low) setProblem(low);
    else input.current?.click();
  }

  async function add(files: File[]) {
    const room = Math.max(0, max - latest.current.length);
    const taken = files.slice(0, room);
    const problems: string[] = [];
    if (files.length > room) problems.push(t("photoLimitSkipped", { max, count: files.length - room }));
    setPreparing(true);
    const added: string[] = [];
    try {
      for (const file of taken) {
        try {
          const { blob, thumbnail } = await preparePhoto(file);
          const fileName = newImageName("photos");
          await keepImage({ fileName, folder: "photos", blob, thumbnail });
          added.push(fileName);
        } catch {
          problems.push(t("photoUnreadable"));
        }
      }
    } finally {
      setPreparing(false);
    }
    if (added.length > 0) onChange([...latest.current, ...added]);
    setProblem(problems.length > 0 ? [...new Set(problems)].join(" ") : null);
  }

  return (
    <Stack spacing={2} role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="h3">
        {label}
      </Typography>
      {photos.length > 0 && (
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", gap: 2 }}>
          {photos.map((fileName, index) => (
            <PhotoThumbnail
              key={fileName}
              fileName={fileName}
              number={index + 1}
              disabled={disabled}
              readOnly={readOnly}
              onRemove={() => onChange(latest.current.filter((name) => name !== fileName))}
            />
          ))}
        </Box>
      )}
      {!readOnly && (
        <>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/*"
            capture="environment"
            multiple
            hidden
            aria-label={t("addPhotos")}
            disabled={disabled || preparing || full}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = "";
              if (files.length > 0) void add(files);
            }}
          />
          <Box>
            <Button variant="outlined" loading={preparing} loadingPosition="start" disabled={disabled || full} onClick={() => void openCamera()}>
              {preparing ? t("preparingPhotos") : t("addPhotos")}
            </Button>
          </Box>
          {full && <Typography color="text.secondary">{t("photoLimitReached", { max })}</Typography>}
        </>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
}

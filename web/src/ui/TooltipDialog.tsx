/**
 * The tooltip dialog (§2 overlays: 'tooltip dialog with optional video'): a help topic's title
 * and text, and its video when it has one, with controls and its captions track when given.
 * No video, no player; a video that cannot be loaded (offline, moved) gives way to a line
 * saying so, never a broken player. `HelpButton` is the small help button beside a field that
 * opens it; the dialog gives the focus back to it when closed.
 */
import { Box, Button, DialogContentText, IconButton, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { t } from "../lib/strings";
import { HelpIcon } from "./icons";
import { ResponsiveDialog } from "./ResponsiveDialog";

export interface TooltipVideo {
  /** The video's address, served with the app (the Content-Security-Policy allows only its own). */
  src: string;
  /** A WebVTT file of English captions. */
  captions?: string;
}

export interface Tooltip {
  title: string;
  /** Paragraphs separated by a blank line. */
  text: string;
  video?: TooltipVideo;
}

export interface TooltipDialogProps {
  open: boolean;
  onClose: () => void;
  tooltip: Tooltip;
}

export function TooltipDialog({ open, onClose, tooltip }: TooltipDialogProps) {
  const [videoFailed, setVideoFailed] = useState(false);
  const { title, text, video } = tooltip;
  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <Button onClick={onClose} autoFocus>
          {t("close")}
        </Button>
      }
    >
      <Stack spacing={3}>
        {text.split(/\n\s*\n/).map((paragraph) => (
          <DialogContentText key={paragraph}>{paragraph}</DialogContentText>
        ))}
        {video &&
          (videoFailed ? (
            <Typography variant="body2" color="text.secondary">
              {t("tooltipVideoFailed")}
            </Typography>
          ) : (
            <Box
              component="video"
              src={video.src}
              controls
              preload="metadata"
              aria-label={t("tooltipVideo", { topic: title })}
              onError={() => setVideoFailed(true)}
              sx={{ width: "100%", borderRadius: 1, bgcolor: "common.black" }}
            >
              {video.captions && <track kind="captions" src={video.captions} srcLang="en" label="English" default />}
            </Box>
          ))}
      </Stack>
    </ResponsiveDialog>
  );
}

/** A help button beside a field, named by its topic ('Help: Due When'), opening the tooltip dialog. */
export function HelpButton({ tooltip }: { tooltip: Tooltip }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton size="small" aria-label={t("tooltipHelp", { topic: tooltip.title })} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <HelpIcon fontSize="small" />
      </IconButton>
      <TooltipDialog open={open} onClose={() => setOpen(false)} tooltip={tooltip} />
    </>
  );
}

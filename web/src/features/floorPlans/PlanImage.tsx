/**
 * A floor plan's image with its items drawn on it as dots. With `onPick`, a click on the plan
 * answers the point in the image's own pixels.
 */
import { Box, Typography } from "@mui/material";
import { useState } from "react";
import { t } from "../../lib/strings";
import { useImage } from "../../files/useImage";
import { type Point, pointOnImage } from "./point";

export interface PlacedItem extends Point {
  id: string;
  name: string;
  /** Drawn larger and in the warning colour: the item being looked at or placed. */
  highlight?: boolean;
}

export interface PlanImageProps {
  image: string | null | undefined;
  name: string;
  items: readonly PlacedItem[];
  onPick?: (point: Point) => void;
}

export function PlanImage({ image, name, items, onPick }: PlanImageProps) {
  const shown = useImage("floor-plans", image);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);

  if (shown.state === "none") return <Typography color="text.secondary">{t("noImage")}</Typography>;
  if (shown.state === "loading") return <Typography color="text.secondary">{t("loading")}</Typography>;
  if (shown.state === "error") return <Typography color="text.secondary">{t("imageUnavailable")}</Typography>;

  return (
    <Box sx={{ position: "relative", display: "inline-block", maxWidth: "100%", lineHeight: 0, border: 1, borderColor: "divider" }}>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the plan is a shortcut: the X and Y fields and Place do the same from the keyboard */}
      <img
        src={shown.url}
        alt={name}
        draggable={false}
        onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        onClick={(event) => {
          if (!onPick || !natural) return;
          onPick(pointOnImage({ x: event.clientX, y: event.clientY }, event.currentTarget.getBoundingClientRect(), natural));
        }}
        style={{ display: "block", maxWidth: "100%", height: "auto", cursor: onPick ? "crosshair" : undefined }}
      />
      {natural &&
        items.map((item) => (
          <Box
            key={item.id}
            role="img"
            aria-label={item.name}
            title={item.name}
            sx={{
              position: "absolute",
              left: `${(item.x / natural.width) * 100}%`,
              top: `${(item.y / natural.height) * 100}%`,
              width: item.highlight ? 20 : 14,
              height: item.highlight ? 20 : 14,
              transform: "translate(-50%, -50%)",
              borderRadius: "50%",
              bgcolor: item.highlight ? "error.main" : "primary.main",
              border: "2px solid white",
              boxShadow: 2,
              pointerEvents: "none",
            }}
          />
        ))}
    </Box>
  );
}

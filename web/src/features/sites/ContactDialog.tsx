/**
 * The contact dialog of a site row (§2 Sites list): call the phone, call the cell, open the
 * address in Apple Maps or Google Maps, or Cancel. A choice the site has no number or address
 * for shows, disabled, saying what is missing.
 */
import { Button, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import type { ReactNode } from "react";
import { t } from "../../lib/strings";
import type { Site } from "../../domain/records";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { MapIcon, PhoneIcon } from "./icons";
import { appleMapsUrl, googleMapsUrl, mapQuery, telUrl } from "./siteSearch";

export interface ContactDialogProps {
  site: Partial<Site> | null;
  onClose: () => void;
}

function Choice({ label, detail, href, icon, external, onClose }: { label: string; detail: string; href?: string; icon: ReactNode; external?: boolean; onClose: () => void }) {
  const linkProps = external ? { target: "_blank", rel: "noopener noreferrer" } : {};
  return (
    <ListItem disablePadding>
      <ListItemButton component="a" href={href} disabled={!href} onClick={onClose} {...linkProps}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={label} secondary={detail} />
      </ListItemButton>
    </ListItem>
  );
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function ContactDialog({ site, onClose }: ContactDialogProps) {
  const phone = text(site?.phone);
  const cell = text(site?.cell);
  const query = site ? mapQuery(site) : "";
  return (
    <ResponsiveDialog open={site !== null} onClose={onClose} title={site?.name ?? ""} actions={<Button onClick={onClose}>{t("cancel")}</Button>}>
      <List disablePadding>
        <Choice label={t("callPhone")} detail={phone || t("noPhone")} href={phone ? telUrl(phone) : undefined} icon={<PhoneIcon />} onClose={onClose} />
        <Choice label={t("callCell")} detail={cell || t("noCell")} href={cell ? telUrl(cell) : undefined} icon={<PhoneIcon />} onClose={onClose} />
        <Choice label={t("openInAppleMaps")} detail={query || t("noAddress")} href={query ? appleMapsUrl(query) : undefined} icon={<MapIcon />} external onClose={onClose} />
        <Choice label={t("openInGoogleMaps")} detail={query || t("noAddress")} href={query ? googleMapsUrl(query) : undefined} icon={<MapIcon />} external onClose={onClose} />
      </List>
    </ResponsiveDialog>
  );
}

/**
 * The list of the eight reports of §7 by their readable names; each opens its dialog. Used
 * company-wide on /reports and for one site in the site page's location reports column.
 */
import { List, ListItemButton, ListItemText } from "@mui/material";
import { useState } from "react";
import { t } from "../../app/strings";
import type { Site } from "../../domain/records";
import { ReportDialog } from "./ReportDialog";
import { REPORTS, type ReportDefinition } from "./reports";

export function ReportList({ site, label }: { site?: Site; label: string }) {
  const [open, setOpen] = useState<ReportDefinition | null>(null);
  return (
    <>
      <List aria-label={label} disablePadding>
        {REPORTS.map((report) => (
          <ListItemButton key={report.name} divider onClick={() => setOpen(report)}>
            <ListItemText primary={t(report.title)} />
          </ListItemButton>
        ))}
      </List>
      {open && <ReportDialog key={open.name} report={open} site={site} onClose={() => setOpen(null)} />}
    </>
  );
}

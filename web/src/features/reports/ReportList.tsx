/**
 * The list of the eight reports of §7 by their readable names; each opens its dialog. Used
 * company-wide on /reports and for one site in the site page's location reports column.
 */
import { List, ListItem, ListItemButton, ListItemText } from "@mui/material";
import { useState } from "react";
import { t } from "../../lib/strings";
import type { Site } from "../../domain/records";
import { ReportDialog } from "./ReportDialog";
import { REPORTS, type ReportDefinition } from "./reports";

export function ReportList({ site, label }: { site?: Site; label: string }) {
  const [open, setOpen] = useState<ReportDefinition | null>(null);
  return (
    <>
      <List aria-label={label} disablePadding>
        {REPORTS.map((report) => (
          <ListItem key={report.name} divider disablePadding>
            <ListItemButton onClick={() => setOpen(report)}>
              <ListItemText primary={t(report.title)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {open && <ReportDialog key={open.name} report={open} site={site} onClose={() => setOpen(null)} />}
    </>
  );
}

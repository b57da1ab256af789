/**
 * The list of the eight reports of §7 by their readable names, each with a line saying what it
 * contains; each opens its dialog. Used company-wide on /reports and for one site in the site
 * page's location reports column.
 */
import { List, ListItem, ListItemButton, ListItemText, Typography } from "@mui/material";
import { useId, useState } from "react";
import { t } from "../../lib/strings";
import type { Site } from "../../domain/records";
import { ReportDialog } from "./ReportDialog";
import { REPORTS, type ReportDefinition } from "./reports";

export function ReportList({ site, label }: { site?: Site; label: string }) {
  const [open, setOpen] = useState<ReportDefinition | null>(null);
  const id = useId();
  return (
    <>
      <List aria-label={label} disablePadding>
        {REPORTS.map((report) => (
          <ListItem key={report.name} divider disablePadding sx={{ flexDirection: "column", alignItems: "stretch" }}>
            {/* The line sits beside the button, not in it: the button is named by its visible text, the report's name. */}
            <ListItemButton aria-describedby={`${id}-${report.name}`} onClick={() => setOpen(report)} sx={{ pb: 0 }}>
              <ListItemText primary={t(report.title)} />
            </ListItemButton>
            <Typography id={`${id}-${report.name}`} variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
              {t(report.contents)}
            </Typography>
          </ListItem>
        ))}
      </List>
      {open && <ReportDialog key={open.name} report={open} site={site} onClose={() => setOpen(null)} />}
    </>
  );
}

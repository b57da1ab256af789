/**
 * The list of the eight reports of §7 by their readable names, each with a line saying what it
 * contains; each opens its dialog. Used company-wide on /reports and for one site in the site
 * page's location reports column.
 */
import { List, ListItem, ListItemButton, ListItemText } from "@mui/material";
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
          <ListItem key={report.name} divider disablePadding>
            {/* Named by the report alone (what the dialog is called); the line says what it holds. */}
            <ListItemButton aria-labelledby={`${id}-${report.name}`} aria-describedby={`${id}-${report.name}-contents`} onClick={() => setOpen(report)}>
              <ListItemText
                primary={t(report.title)}
                secondary={t(report.contents)}
                slotProps={{ primary: { id: `${id}-${report.name}` }, secondary: { id: `${id}-${report.name}-contents` } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {open && <ReportDialog key={open.name} report={open} site={site} onClose={() => setOpen(null)} />}
    </>
  );
}

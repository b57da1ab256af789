/**
 * The visit screen with its report: the visits feature's screen, and once the visit is saved,
 * Visit Report opening the reports feature's dialog for that site (REPORT_READ).
 */
import { Button } from "@mui/material";
import { useState } from "react";
import type { Site } from "../../domain/records";
import { ReportDialog } from "../../features/reports/ReportDialog";
import { REPORTS } from "../../features/reports/reports";
import { useCanReadReports } from "../../features/reports/SiteReports";
import { VisitPage } from "../../features/visits/VisitPage";
import { t } from "../../lib/strings";

const VISIT_REPORT = REPORTS.find((report) => report.name === "visitReport");

function VisitReportButton({ site }: { site: Site }) {
  const [open, setOpen] = useState(false);
  if (!useCanReadReports() || !VISIT_REPORT) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t("visitOpenReport")}
      </Button>
      {open && <ReportDialog report={VISIT_REPORT} site={site} onClose={() => setOpen(false)} />}
    </>
  );
}

export function VisitScreen() {
  return <VisitPage report={(site) => <VisitReportButton site={site} />} />;
}

/**
 * Finish Visit on the site's page: opens the visit of today (the site's day) for a technician
 * who may record services.
 */
import { Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Site } from "../../domain/records";
import { t } from "../../lib/strings";
import { visitPath } from "./routes";
import { siteDay } from "./visits";

export function FinishVisitButton({ site }: { site: Pick<Site, "id" | "timeZone"> }) {
  const { user } = useAuth();
  if (!can(user, "SERVICE_WRITE")) return null;
  return (
    <Button component={RouterLink} to={visitPath(site.id, siteDay(new Date(), site.timeZone))} variant="outlined" sx={{ flexShrink: 0 }}>
      {t("finishVisit")}
    </Button>
  );
}

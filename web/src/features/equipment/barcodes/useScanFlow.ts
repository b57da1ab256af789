/**
 * The scan flow of scanFlow.ts over the offline store: reads the current site's equipment
 * first (the usual case), every site's only when needed, then goes where the scan leads.
 */
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { t } from "../../../lib/strings";
import type { Equipment, Site } from "../../../domain/records";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { type ScanOutcome, scanOutcome } from "./scanFlow";

export function useScanFlow(): (code: string, locationId: string) => Promise<ScanOutcome> {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();

  return useCallback(
    async (code, locationId) => {
      const atSite = await engine.list<Equipment>("equipment", locationId).catch(() => []);
      let outcome = scanOutcome(code, locationId, atSite, null, []);
      if (outcome.kind !== "here") {
        try {
          const [acrossSites, sites] = await Promise.all([engine.list<Equipment>("equipment"), engine.list<Site>("locations")]);
          outcome = scanOutcome(code, locationId, atSite, acrossSites, sites);
        } catch (error) {
          // §4: a failed lookup opens the new-equipment form, as a barcode found nowhere does.
          console.warn("The barcode lookup across sites failed", error);
        }
      }
      if (outcome.kind === "elsewhere") snackbar.show(t("scanFoundElsewhere", { site: outcome.site?.name ?? t("scanUnknownSite") }));
      navigate(outcome.path);
      return outcome;
    },
    [engine, navigate, snackbar],
  );
}

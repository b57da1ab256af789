/**
 * The office's home, the sites list (where a signed-in user lands), with the setup checklist
 * above it until every step is done and dismissed. The checklist shows only the steps the user
 * may take, so a technician sees the list alone.
 */
import { Stack } from "@mui/material";
import { SetupChecklist } from "../../features/setup/SetupChecklist";
import { SitesPage } from "../../features/sites/SitesPage";

export function HomePage() {
  return (
    <Stack spacing={4}>
      <SetupChecklist place="home" />
      <SitesPage />
    </Stack>
  );
}

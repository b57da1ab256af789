/** The optional site selector of §1 (the organisation's showSiteSelector): opens a site. */
import { MenuItem, TextField } from "@mui/material";
import { useNavigate, useParams } from "react-router";
import { useRecords } from "../../offline/SyncProvider";
import { t } from "../../lib/strings";
import { byName } from "../../domain/names";

interface Site {
  id: string;
  name?: string;
}

export function SiteSelector() {
  const sites = useRecords<Site>("locations");
  const navigate = useNavigate();
  const { locationId = "" } = useParams();
  const sorted = [...sites].sort(byName);
  return (
    <TextField
      select
      size="small"
      label={t("siteSelector")}
      value={sorted.some((s) => s.id === locationId) ? locationId : ""}
      onChange={(e) => navigate(`/sites/${e.target.value}`)}
      sx={{ minWidth: 180 }}
    >
      {sorted.map((site) => (
        <MenuItem key={site.id} value={site.id}>
          {site.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A user's permissions as switches, with §5's toggling rules (domain/permissions `toggle`):
 * Mobile Access turns on View Location and View Equipment; turning either off turns Mobile
 * Access off; every permission on is stored as the wildcard '*.*'. 'All permissions' turns
 * them all on or off at once. A role preset fills the switches, which stay editable; a set
 * that matches no role shows as Custom.
 */
import { Box, FormControlLabel, FormGroup, FormLabel, Radio, RadioGroup, Switch } from "@mui/material";
import { t } from "../../lib/strings";
import { PERMISSIONS, WILDCARD, grants, toggle } from "../../domain/permissions";
import { PERMISSION_LABELS } from "./permissionLabels";
import { ROLES, type Role, applyRole, roleOf } from "./rolePresets";

const CUSTOM = "custom";

export interface PermissionsEditorProps {
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  disabled?: boolean;
}

export function PermissionsEditor({ value, onChange, disabled }: PermissionsEditorProps) {
  const all = PERMISSIONS.every(([permission]) => grants(value, permission));
  const role = roleOf(value) ?? CUSTOM;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend">{t("permissions")}</FormLabel>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
        <FormLabel component="legend">{t("role")}</FormLabel>
        <RadioGroup row value={role} onChange={(event) => onChange(applyRole(value, event.target.value as Role))}>
          {ROLES.map(({ role: preset, label }) => (
            <FormControlLabel key={preset} value={preset} control={<Radio />} label={t(label)} disabled={disabled} />
          ))}
          <FormControlLabel value={CUSTOM} control={<Radio />} label={t("roleCustom")} disabled />
        </RadioGroup>
      </Box>
      <FormControlLabel
        control={<Switch checked={all} onChange={(event) => onChange(event.target.checked ? [WILDCARD] : [])} disabled={disabled} />}
        label={t("allPermissions")}
      />
      <FormGroup sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 200px), 1fr))" }}>
        {PERMISSIONS.map(([permission]) => (
          <FormControlLabel
            key={permission}
            control={
              <Switch checked={grants(value, permission)} onChange={(event) => onChange(toggle(value, permission, event.target.checked))} disabled={disabled} />
            }
            label={t(PERMISSION_LABELS[permission])}
          />
        ))}
      </FormGroup>
    </Box>
  );
}

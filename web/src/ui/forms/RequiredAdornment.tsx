/** The error icon a required field shows while it is empty (§5), named 'Required'. */
import { InputAdornment } from "@mui/material";
import { t } from "../../lib/strings";
import { ErrorIcon } from "../icons";

/** `inset` keeps the icon clear of a select's arrow. */
export function RequiredAdornment({ inset = false }: { inset?: boolean }) {
  return (
    <InputAdornment position="end" sx={inset ? { mr: 5 } : undefined}>
      <ErrorIcon color="error" titleAccess={t("required")} />
    </InputAdornment>
  );
}

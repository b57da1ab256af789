/** The error icon a required field shows while it is empty (§5), named 'Required'. */
import { InputAdornment } from "@mui/material";
import { t } from "../../app/strings";
import { ErrorIcon } from "../icons";

export function RequiredAdornment() {
  return (
    <InputAdornment position="end">
      <ErrorIcon color="error" titleAccess={t("required")} />
    </InputAdornment>
  );
}

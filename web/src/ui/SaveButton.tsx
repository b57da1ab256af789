/**
 * The submit button of a form (§4): once the form is submitted it shows 'Saving...' with a
 * spinner for 2 seconds (§9), as feedback that the save happened. Forms pass `disabled` while
 * any field has an error (§5).
 */
import { Button, type ButtonProps } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { t } from "../lib/strings";

export const SAVE_FEEDBACK_MS = 2000;

export type SaveButtonProps = Omit<ButtonProps, "type" | "loading" | "loadingPosition">;

export function SaveButton({ children, onClick, variant = "contained", ...props }: SaveButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const [saving, setSaving] = useState(false);

  // Start on the form's submit event, not the click: a button disabled during its own click
  // would cancel the submission, and Enter in a field submits without clicking.
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return undefined;
    const start = () => setSaving(true);
    form.addEventListener("submit", start);
    return () => form.removeEventListener("submit", start);
  }, []);

  useEffect(() => {
    if (!saving) return undefined;
    const timer = window.setTimeout(() => setSaving(false), SAVE_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [saving]);

  return (
    <Button
      {...props}
      ref={ref}
      type="submit"
      variant={variant}
      loading={saving}
      loadingPosition="start"
      onClick={(event) => {
        onClick?.(event);
        // Outside a form there is no submit event; the click is the save.
        if (!event.currentTarget.form) setSaving(true);
      }}
    >
      {saving ? t("saving") : (children ?? t("save"))}
    </Button>
  );
}

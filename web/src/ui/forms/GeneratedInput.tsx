/**
 * A text field whose value the server can hand out (§4 Site number generation: idle, loading,
 * success, error): the 'Generate' button asks for it, and a failure says why in the field's
 * own words, for a device that is offline and for any other failure. The value can always be
 * typed by hand.
 */
import { Alert, Box, Button, Stack } from "@mui/material";
import { useState } from "react";
import { ApiError } from "../../api/types";
import { t } from "../../lib/strings";
import { TextInput } from "./TextInput";

export interface GeneratedInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Asks the server for a value; rejects with the API client's error. */
  generate: () => Promise<string>;
  messages: { offline: string; failed: string };
  required?: boolean;
  disabled?: boolean;
}

type State = { state: "idle" | "loading" | "success" } | { state: "error"; message: string };

export function GeneratedInput({ label, value, onChange, generate, messages, required, disabled }: GeneratedInputProps) {
  const [status, setStatus] = useState<State>({ state: "idle" });

  async function run() {
    setStatus({ state: "loading" });
    try {
      onChange(await generate());
      setStatus({ state: "success" });
    } catch (error) {
      setStatus({ state: "error", message: error instanceof ApiError && error.offline ? messages.offline : messages.failed });
    }
  }

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", gap: 3, alignItems: "flex-start" }}>
        <TextInput label={label} value={value} onChange={onChange} required={required} disabled={disabled} />
        <Button variant="outlined" onClick={() => void run()} disabled={disabled} loading={status.state === "loading"} sx={{ mt: 2, flexShrink: 0 }}>
          {t("generate")}
        </Button>
      </Box>
      {status.state === "error" && <Alert severity="error">{status.message}</Alert>}
    </Stack>
  );
}

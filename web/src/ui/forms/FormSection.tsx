/** A titled part of a form: a section named by its heading, its fields stacked below. */
import { Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={4} aria-label={title}>
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

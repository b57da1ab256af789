/**
 * The frame of a one-record screen (a service's dates, a checklist, a history record, a
 * deficiency, a visit): a titled sheet that fits a 375 px phone, with an optional subtitle.
 */
import { Box, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";

export function ScreenFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 720, mx: "auto" }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {subtitle}
        </Typography>
      )}
      <Box sx={{ mt: 5 }}>{children}</Box>
    </Paper>
  );
}

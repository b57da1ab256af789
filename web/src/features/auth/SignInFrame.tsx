/** The card the sign-in screens sit in: product logo, a title, the form. Fits 375 px. */
import { Box, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { ProductLogo } from "../../ui/ProductLogo";

export function SignInFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: "100dvh", display: "flex", alignItems: "center", justifyContent: "center", p: 4 }}>
      <Paper sx={{ width: "100%", maxWidth: 420, p: { xs: 5, sm: 6 } }} elevation={2}>
        <Box sx={{ display: "flex", justifyContent: "center", mb: 5 }}>
          <ProductLogo />
        </Box>
        <Typography variant="h5" component="h1" sx={{ textAlign: "center", mb: 5 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

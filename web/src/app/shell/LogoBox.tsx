/**
 * The organisation's logo, or the product logo when it has none (§1), fitted into a 165×33
 * box. `logoUrl` is the address of the organisation's logo file once resolved; until then,
 * and if it fails to load, the product logo shows.
 */
import { Box } from "@mui/material";
import { useState } from "react";
import { ProductLogo } from "./ProductLogo";

export function LogoBox({ logoUrl, name }: { logoUrl: string | null; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showOwn = !!logoUrl && failed !== logoUrl;
  return (
    <Box sx={{ width: 165, height: 33, display: "flex", alignItems: "center", flexShrink: 0 }}>
      {showOwn ? (
        <img
          src={logoUrl}
          alt={name}
          onError={() => setFailed(logoUrl)}
          style={{ maxWidth: 165, maxHeight: 33, width: "auto", height: "auto", objectFit: "contain" }}
        />
      ) : (
        <ProductLogo />
      )}
    </Box>
  );
}

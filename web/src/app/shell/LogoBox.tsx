/**
 * The organisation's logo, or the product logo when it has none (§1), fitted into a 165×33
 * box (narrower in a phone's crowded bar). `logoUrl` is the address of the organisation's logo file once resolved; until then,
 * and if it fails to load, the product logo shows.
 */
import { Box } from "@mui/material";
import { useState } from "react";
import { ProductLogo } from "../../ui/ProductLogo";

export function LogoBox({ logoUrl, name }: { logoUrl: string | null; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showOwn = !!logoUrl && failed !== logoUrl;
  return (
    // Narrower on a phone when the bar needs the room; never wider than the §1 box.
    <Box sx={{ width: 165, minWidth: 88, height: 33, display: "flex", alignItems: "center", flexShrink: 1, "& > svg": { maxWidth: "100%" } }}>
      {showOwn ? (
        <img
          src={logoUrl}
          alt={name}
          onError={() => setFailed(logoUrl)}
          style={{ maxWidth: "100%", maxHeight: 33, width: "auto", height: "auto", objectFit: "contain" }}
        />
      ) : (
        <ProductLogo />
      )}
    </Box>
  );
}

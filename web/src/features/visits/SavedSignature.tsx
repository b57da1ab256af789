/**
 * The visit's saved signature: the device's own copy when it has one (offline too), otherwise
 * the server's through a read link; 'not yet uploaded' when neither has it yet.
 */
import { Box, Typography } from "@mui/material";
import { formatDate } from "../../domain/dates";
import type { Visit } from "../../domain/records";
import { t } from "../../lib/strings";
import { useSignatureImage } from "./useSignatureImage";

export function SavedSignature({ visit, timeZone }: { visit: Visit; timeZone: string | null | undefined }) {
  const image = useSignatureImage(visit.signature);
  const label = t("visitSavedSignature", { name: visit.signerName, date: formatDate(visit.signedAt, timeZone) });
  return (
    <Box component="figure" sx={{ m: 0 }}>
      {image.state === "ready" ? (
        <Box
          component="img"
          src={image.url}
          alt={label}
          sx={{ display: "block", maxWidth: "100%", maxHeight: 160, border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "#fff" }}
        />
      ) : (
        <Typography color="text.secondary">{image.state === "loading" ? t("loading") : t("visitSignatureNotUploaded")}</Typography>
      )}
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {label}
      </Typography>
    </Box>
  );
}

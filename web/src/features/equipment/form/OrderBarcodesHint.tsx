/** 'Need barcode labels? Order Barcodes': the support mailto link for barcode orders (§7), under the Barcode field. */
import { Link } from "@mui/material";
import { useAuth } from "../../../auth/AuthProvider";
import { t } from "../../../lib/strings";
import { barcodeOrderMailto } from "../../../lib/support";
import type { Organization } from "../../../domain/organization";

export function OrderBarcodesHint({ organization }: { organization: Organization | null }) {
  const { user } = useAuth();
  return (
    <>
      {t("equipmentNeedBarcodes")}{" "}
      <Link href={barcodeOrderMailto(organization, { name: user?.name, email: user?.email })}>{t("equipmentOrderBarcodes")}</Link>
    </>
  );
}

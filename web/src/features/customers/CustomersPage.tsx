/**
 * /customers, /customers/new and /customers/{customerId} (§2): the customers list beside the
 * customer's form and its sites on a desktop; on phones and tablets the list, then the form.
 */
import { Alert, Box, Stack, Typography } from "@mui/material";
import { useParams } from "react-router";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Customer } from "../../domain/records";
import { useLoadedRecords } from "../../offline/SyncProvider";
import { CustomerForm } from "./CustomerForm";
import { CustomerList } from "./CustomerList";
import { CustomerSites } from "./CustomerSites";
import { CustomersGate } from "./CustomersGate";

function Detail({ customers, customerId, adding }: { customers: readonly Customer[]; customerId?: string; adding: boolean }) {
  const { user } = useAuth();
  if (adding) {
    return can(user, "LOCATION_WRITE") ? <CustomerForm /> : <Alert severity="info">{t("addCustomerNeedsPermission")}</Alert>;
  }
  if (!customerId) {
    return (
      <Typography color="text.secondary" sx={{ p: 4 }}>
        {t("chooseCustomer")}
      </Typography>
    );
  }
  const customer = customers.find((c) => c.id === customerId);
  if (!customer) return <Alert severity="warning">{t("customerNotFound")}</Alert>;
  return (
    <Stack spacing={5}>
      <CustomerForm key={customer.id} customer={customer} />
      <CustomerSites customerId={customer.id} />
    </Stack>
  );
}

function Customers({ adding }: { adding: boolean }) {
  const { customerId } = useParams();
  const desktop = useDevice() === "desktop";
  const customers = useLoadedRecords<Customer>("customers");
  if (customers === undefined) return null;
  const list = <CustomerList customers={customers} selectedId={customerId} />;
  const detail = <Detail customers={customers} customerId={customerId} adding={adding} />;
  if (!desktop) {
    return (
      <Stack spacing={5}>
        {list}
        {(adding || customerId) && detail}
      </Stack>
    );
  }
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: "minmax(280px, 1fr) 2fr", gap: 5, alignItems: "start" }}>
      {list}
      {detail}
    </Box>
  );
}

export function CustomersPage({ adding = false }: { adding?: boolean }) {
  return (
    <CustomersGate>
      <Customers adding={adding} />
    </CustomersGate>
  );
}

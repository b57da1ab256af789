/**
 * /service-month-categories, /new and /{id} (§2) under the SERVICE_MONTHS feature: the
 * organisation's service month categories and a category's form (name required, §5). A
 * settings screen, so SETTINGS_READ to view; categories are added and changed with
 * LOCATION_WRITE (§6), the permission the server takes them with.
 */
import { Box } from "@mui/material";
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { type Organization, hasFeature } from "../../app/navigation";
import { t } from "../../app/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { newId } from "../../domain/ids";
import type { NamedField } from "../../domain/records";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { FieldGrid, Notice, RecordForm } from "../../ui/forms/RecordForm";
import { RecordList, byName } from "../../ui/forms/RecordList";
import { TextInput } from "../../ui/forms/TextInput";
import { useDraft } from "../../ui/forms/useDraft";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";

function useAccess() {
  const { user } = useAuth();
  const org = useRecords<Organization>("organization")[0];
  return { enabled: hasFeature(org, "SERVICE_MONTHS"), read: can(user, "SETTINGS_READ"), write: can(user, "LOCATION_WRITE"), orgId: user?.orgId ?? "" };
}

/** Why the screen cannot show, if it cannot. */
function blocked(access: ReturnType<typeof useAccess>) {
  if (!access.enabled) return <Notice>{t("recordFeatureOff")}</Notice>;
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  return null;
}

export function CategoriesPage() {
  const access = useAccess();
  const types = useRecords<NamedField>("serviceMonthCategories");
  const items = useMemo(() => [...types].sort(byName).map((type) => ({ id: type.id, primary: type.name, to: `/service-month-categories/${type.id}` })), [types]);
  return (
    blocked(access) ?? (
      <Box sx={{ maxWidth: 720 }}>
        <RecordList
          title={t("serviceMonthCategories")}
          headingLevel="h1"
          items={items}
          empty={t("serviceMonthNoCategories")}
          add={access.write ? { label: t("serviceMonthAddCategory"), to: "/service-month-categories/new" } : undefined}
        />
      </Box>
    )
  );
}

function CategoryForm({ type, write, orgId }: { type?: NamedField; write: boolean; orgId: string }) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const initial = useMemo(() => ({ name: type?.name ?? "" }), [type]);
  const { draft, change, leaveDialog, settled } = useDraft(initial);
  const adding = type === undefined;

  async function save() {
    const saved = await engine.put("serviceMonthCategories", { ...(type ?? { id: newId(), orgId }), name: draft.name.trim() });
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: saved.name }));
    if (adding) navigate(`/service-month-categories/${saved.id}`, { replace: true });
  }

  return (
    <RecordForm
      title={adding ? t("serviceMonthAddCategory") : t("serviceMonthCategoryInformation")}
      adding={adding}
      mayChange={write}
      valid={draft.name.trim() !== ""}
      onSave={save}
      onDelete={
        type && {
          name: type.name,
          run: async () => {
            await engine.remove("serviceMonthCategories", type);
            settled();
            navigate("/service-month-categories", { replace: true });
          },
        }
      }
      back={{ to: "/service-month-categories", label: t("serviceMonthCategories") }}
      readOnlyText={t("serviceMonthNeedsLocationWrite")}
      leaveDialog={leaveDialog}
    >
      <FieldGrid>
        <TextInput label={t("name")} name="name" required value={draft.name} onChange={(name) => change({ name })} disabled={!write} />
      </FieldGrid>
    </RecordForm>
  );
}

export function CategoryPage({ adding = false }: { adding?: boolean }) {
  const { categoryId = "" } = useParams();
  const access = useAccess();
  const types = useLoadedRecords<NamedField>("serviceMonthCategories");
  const stop = blocked(access);
  if (stop) return stop;
  if (adding) return access.write ? <CategoryForm write orgId={access.orgId} /> : <Notice>{t("serviceMonthNeedsLocationWrite")}</Notice>;
  if (types === undefined) return null;
  const type = types.find((candidate) => candidate.id === categoryId);
  if (!type) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  return <CategoryForm key={type.id} type={type} write={access.write} orgId={access.orgId} />;
}

/**
 * /site-types, /site-types/new and /site-types/{id} (§2) under the SITE_TYPES feature: the
 * organisation's site types and a site type's form (name required, §5). Settings (§6):
 * SETTINGS_READ to view, SETTINGS_WRITE to change.
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
  return { enabled: hasFeature(org, "SITE_TYPES"), read: can(user, "SETTINGS_READ"), write: can(user, "SETTINGS_WRITE"), orgId: user?.orgId ?? "" };
}

/** Why the screen cannot show, if it cannot. */
function blocked(access: ReturnType<typeof useAccess>) {
  if (!access.enabled) return <Notice>{t("recordFeatureOff")}</Notice>;
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  return null;
}

export function SiteTypesPage() {
  const access = useAccess();
  const types = useRecords<NamedField>("siteTypes");
  const items = useMemo(() => [...types].sort(byName).map((type) => ({ id: type.id, primary: type.name, to: `/site-types/${type.id}` })), [types]);
  return (
    blocked(access) ?? (
      <Box sx={{ maxWidth: 720 }}>
        <RecordList
          title={t("siteTypes")}
          headingLevel="h1"
          items={items}
          empty={t("siteTypeNone")}
          add={access.write ? { label: t("siteTypeAdd"), to: "/site-types/new" } : undefined}
        />
      </Box>
    )
  );
}

function SiteTypeForm({ type, write, orgId }: { type?: NamedField; write: boolean; orgId: string }) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const initial = useMemo(() => ({ name: type?.name ?? "" }), [type]);
  const { draft, change, leaveDialog, settled } = useDraft(initial);
  const adding = type === undefined;

  async function save() {
    const saved = await engine.put("siteTypes", { ...(type ?? { id: newId(), orgId }), name: draft.name.trim() });
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: saved.name }));
    if (adding) navigate(`/site-types/${saved.id}`, { replace: true });
  }

  return (
    <RecordForm
      title={adding ? t("siteTypeAdd") : t("siteTypeInformation")}
      adding={adding}
      mayChange={write}
      valid={draft.name.trim() !== ""}
      onSave={save}
      onDelete={
        type && {
          name: type.name,
          run: async () => {
            await engine.remove("siteTypes", type);
            settled();
            navigate("/site-types", { replace: true });
          },
        }
      }
      back={{ to: "/site-types", label: t("siteTypes") }}
      leaveDialog={leaveDialog}
    >
      <FieldGrid>
        <TextInput label={t("name")} name="name" required value={draft.name} onChange={(name) => change({ name })} disabled={!write} />
      </FieldGrid>
    </RecordForm>
  );
}

export function SiteTypePage({ adding = false }: { adding?: boolean }) {
  const { siteTypeId = "" } = useParams();
  const access = useAccess();
  const types = useLoadedRecords<NamedField>("siteTypes");
  const stop = blocked(access);
  if (stop) return stop;
  if (adding) return access.write ? <SiteTypeForm write orgId={access.orgId} /> : <Notice>{t("recordAddNeedsPermission")}</Notice>;
  if (types === undefined) return null;
  const type = types.find((candidate) => candidate.id === siteTypeId);
  if (!type) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  return <SiteTypeForm key={type.id} type={type} write={access.write} orgId={access.orgId} />;
}

/**
 * The list and form of a settings record that is only a name (§2, §5: name required): site
 * types and service month categories. Each screen says which kind, feature flag, permission
 * and words; this module does the screens: the sorted list with Add, the form with the
 * leave-page dialog, Save disabled while the name is empty, and 'Deleted …'.
 */
import { Box } from "@mui/material";
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { hasFeature } from "../../domain/organization";
import { type StringKey, t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Permission } from "../../domain/permissions";
import { newId } from "../../domain/ids";
import type { NamedField } from "../../domain/records";
import type { UploadKind } from "../../offline/kinds";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { FieldGrid, Notice, RecordForm } from "../../ui/forms/RecordForm";
import { RecordList } from "../../ui/forms/RecordList";
import { byName } from "../../domain/names";
import { TextInput } from "../../ui/forms/TextInput";
import { useDraft } from "../../ui/forms/useDraft";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useOrganization } from "../../offline/useOrganization";
import { track } from "../../offline/analytics/track";

export interface NamedRecordScreens {
  kind: UploadKind;
  /** The list's route; a record's form is at `{path}/{id}`, a new one at `{path}/new`. */
  path: string;
  /** The organisation feature (§6) the screens need. */
  feature: string;
  /** What changing needs; viewing needs SETTINGS_READ. */
  writePermission: Permission;
  words: {
    title: StringKey;
    none: StringKey;
    add: StringKey;
    information: StringKey;
    /** Said on the form, and instead of a new one, when the user may not change. */
    readOnly?: StringKey;
  };
}

function useAccess(screens: NamedRecordScreens) {
  const { user } = useAuth();
  const org = useOrganization();
  return {
    enabled: hasFeature(org, screens.feature),
    read: can(user, "SETTINGS_READ"),
    write: can(user, screens.writePermission),
    orgId: user?.orgId ?? "",
  };
}

/** Why the screen cannot show, if it cannot. */
function blocked(access: ReturnType<typeof useAccess>) {
  if (!access.enabled) return <Notice>{t("recordFeatureOff")}</Notice>;
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  return null;
}

export function NamedRecordList({ screens }: { screens: NamedRecordScreens }) {
  const access = useAccess(screens);
  const records = useRecords<NamedField>(screens.kind);
  const items = useMemo(() => [...records].sort(byName).map((record) => ({ id: record.id, primary: record.name, to: `${screens.path}/${record.id}` })), [records, screens.path]);
  return (
    blocked(access) ?? (
      <Box sx={{ maxWidth: 720 }}>
        <RecordList
          title={t(screens.words.title)}
          headingLevel="h1"
          items={items}
          empty={t(screens.words.none)}
          add={access.write ? { label: t(screens.words.add), to: `${screens.path}/new` } : undefined}
        />
      </Box>
    )
  );
}

function NamedRecordForm({ screens, record, write, orgId }: { screens: NamedRecordScreens; record?: NamedField; write: boolean; orgId: string }) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const initial = useMemo(() => ({ name: record?.name ?? "" }), [record]);
  const { draft, change, settled } = useDraft(initial);
  const adding = record === undefined;

  async function save() {
    const saved = await engine.put(screens.kind, { ...(record ?? { id: newId(), orgId }), name: draft.name.trim() });
    track("EDIT", "named_record");
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: saved.name }));
    if (adding) navigate(`${screens.path}/${saved.id}`, { replace: true });
  }

  return (
    <RecordForm
      title={t(adding ? screens.words.add : screens.words.information)}
      adding={adding}
      mayChange={write}
      valid={draft.name.trim() !== ""}
      onSave={save}
      onDelete={
        record && {
          name: record.name,
          run: async () => {
            await engine.remove(screens.kind, record);
            settled();
            navigate(screens.path, { replace: true });
          },
        }
      }
      back={{ to: screens.path, label: t(screens.words.title) }}
      readOnlyText={screens.words.readOnly && t(screens.words.readOnly)}
    >
      <FieldGrid>
        <TextInput label={t("name")} name="name" required value={draft.name} onChange={(name) => change({ name })} disabled={!write} />
      </FieldGrid>
    </RecordForm>
  );
}

/** The form of the record whose id is the route's `id` parameter, or a new one with `adding`. */
export function NamedRecordPage({ screens, adding = false }: { screens: NamedRecordScreens; adding?: boolean }) {
  const { id = "" } = useParams();
  const access = useAccess(screens);
  const records = useLoadedRecords<NamedField>(screens.kind);
  const stop = blocked(access);
  if (stop) return stop;
  if (adding) {
    return access.write ? <NamedRecordForm screens={screens} write orgId={access.orgId} /> : <Notice>{t(screens.words.readOnly ?? "recordAddNeedsPermission")}</Notice>;
  }
  if (records === undefined) return null;
  const record = records.find((candidate) => candidate.id === id);
  if (!record) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  return <NamedRecordForm key={record.id} screens={screens} record={record} write={access.write} orgId={access.orgId} />;
}

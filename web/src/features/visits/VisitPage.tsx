/**
 * The visit (/sites/{locationId}/visit/{YYYY-MM-DD}, SERVICE_WRITE): what the signed-in
 * technician did at the site that day and the deficiencies they opened, the customer's printed
 * name and signature, and Save. Saving keeps the signature on the device (it uploads when it
 * can) and writes the day's `visits` record; the technician's saved visit of that day opens
 * with its name and signature, and signing again replaces it. Works offline throughout.
 */
import { Alert, Box, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { useParams } from "react-router";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { formatDate } from "../../domain/dates";
import type { HistoryRecord } from "../../domain/history";
import type { Deficiency, Equipment, Site, Visit } from "../../domain/records";
import { newImageName } from "../../files/photos";
import { SignaturePad } from "../../files/SignaturePad";
import { t } from "../../lib/strings";
import { keepImage } from "../../offline/images";
import { useLoadedRecords, useSyncEngine } from "../../offline/SyncProvider";
import { useStoredRecord } from "../../offline/useStoredRecord";
import { SaveButton } from "../../ui/SaveButton";
import { ScreenFrame } from "../../ui/ScreenFrame";
import { TextInput } from "../../ui/forms/TextInput";
import { textError } from "../../ui/forms/validation";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useUnsavedChanges } from "../../ui/unsaved/useUnsavedChanges";
import { SavedSignature } from "./SavedSignature";
import { type VisitWork, isDay, visitOf, visitRecord, visitWork } from "./visits";

function Frame({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  return (
    <ScreenFrame title={t("visitTitle")} subtitle={subtitle}>
      {children}
    </ScreenFrame>
  );
}

/** A titled part of the visit: its list of `children` rows, or the `empty` text when there are none. */
function WorkSection({ id, title, empty, children }: { id: string; title: string; empty: string; children: ReactNode[] }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography variant="subtitle1" component="h2" id={id}>
        {title}
      </Typography>
      {children.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List dense>{children}</List>
      )}
    </Box>
  );
}

export interface VisitPageProps {
  /** What to offer once the day's visit is saved (the app puts the visit report there). */
  report?: (site: Site, date: string) => ReactNode;
}

export function VisitPage({ report }: VisitPageProps = {}) {
  const { locationId = "", date = "" } = useParams();
  const { user } = useAuth();
  const { loaded, record: site } = useStoredRecord<Site>("locations", locationId);
  const history = useLoadedRecords<HistoryRecord>("history", locationId);
  const deficiencies = useLoadedRecords<Deficiency>("deficiencies", locationId);
  const equipment = useLoadedRecords<Equipment>("equipment", locationId);
  const visits = useLoadedRecords<Visit>("visits", locationId);

  if (!user || !can(user, "SERVICE_WRITE")) {
    return (
      <Frame>
        <Alert severity="info">{t("visitNoPermission")}</Alert>
      </Frame>
    );
  }
  if (!isDay(date)) {
    return (
      <Frame>
        <Alert severity="error">{t("visitBadDate")}</Alert>
      </Frame>
    );
  }
  if (loaded && !site) {
    return (
      <Frame>
        <Alert severity="error">{t("sitePageNotFound")}</Alert>
      </Frame>
    );
  }
  if (!site || !history || !deficiencies || !equipment || !visits) {
    return (
      <Frame>
        <Typography color="text.secondary">{t("loading")}</Typography>
      </Frame>
    );
  }
  const saved = visitOf(visits, site.id, date, user.id);
  return (
    <Frame subtitle={t("visitSubtitle", { site: site.name, date: formatDate(`${date}T12:00:00Z`, "UTC", "day") })}>
      <VisitForm
        key={saved ? `${saved.signature}:${saved.signerName}` : "new"}
        site={site}
        date={date}
        work={visitWork(site, date, user.id, history, deficiencies)}
        equipment={equipment}
        saved={saved}
        report={saved && report?.(site, date)}
      />
    </Frame>
  );
}

interface VisitFormProps {
  site: Site;
  date: string;
  work: VisitWork;
  equipment: Equipment[];
  saved: Visit | undefined;
  report?: ReactNode;
}

function VisitForm({ site, date, work, equipment, saved, report }: VisitFormProps) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const [signerName, setSignerName] = useState(saved?.signerName ?? "");
  const [signature, setSignature] = useState<Blob | undefined>();
  const [busy, setBusy] = useState(false);
  const names = useMemo(() => new Map(equipment.map((e) => [e.id, e.name])), [equipment]);
  const dirty = signature !== undefined || signerName !== (saved?.signerName ?? "");
  const unsaved = useUnsavedChanges(dirty && !busy);
  const signed = signature !== undefined || saved !== undefined;
  const invalid = textError(signerName, { required: true }) !== undefined || !signed;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || invalid || busy || !dirty) return;
    setBusy(true);
    try {
      let fileName = saved?.signature ?? "";
      if (signature) {
        fileName = newImageName("signatures");
        await keepImage({ fileName, folder: "signatures", blob: signature });
      }
      await engine.put("visits", visitRecord({ orgId: user.orgId, userId: user.id, locationId: site.id, date, work, signerName, signature: fileName, saved }));
    } catch (error) {
      setBusy(false);
      snackbar.show((error as Error).message, "error");
      return;
    }
    unsaved.allowNextNavigation();
    snackbar.show(t("visitSaved"));
  }

  const timeZone = site.timeZone;
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={4}>
        <WorkSection id="visit-work" title={t("visitWorkDone")} empty={t("visitNothingDone")}>
          {work.history.map((h) => (
            <ListItem key={h.id} divider disableGutters>
              <ListItemText
                primary={h.description}
                secondary={t("visitWorkLine", { time: formatDate(h.date, timeZone), equipment: names.get(h.equipmentId) ?? "" })}
              />
            </ListItem>
          ))}
        </WorkSection>
        <WorkSection id="visit-deficiencies" title={t("visitDeficienciesFound")} empty={t("visitNoDeficiencies")}>
          {work.deficiencies.map((d) => (
            <ListItem key={d.id} divider disableGutters>
              <ListItemText primary={d.description} secondary={names.get(d.equipmentId) ?? ""} />
            </ListItem>
          ))}
        </WorkSection>
        <TextInput label={t("visitCustomerName")} value={signerName} onChange={setSignerName} required autoComplete="off" />
        {saved && <SavedSignature visit={saved} timeZone={timeZone} />}
        <SignaturePad label={t("visitCustomerSignature")} onChange={setSignature} />
        {saved ? (
          <Typography variant="body2" color="text.secondary">
            {t("visitSignAgain")}
          </Typography>
        ) : (
          !signature && (
            <Typography variant="body2" color="text.secondary">
              {t("visitSignatureMissing")}
            </Typography>
          )
        )}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          <SaveButton disabled={invalid || busy || !dirty} />
          {report}
        </Stack>
      </Stack>
    </Box>
  );
}

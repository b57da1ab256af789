/**
 * /equipment-types/{id}/service-types/new and /{serviceTypeId} (§2): the service type form
 * (serviceTypeForm/) and, once stored, its checklist. Adding needs SETTINGS_WRITE.
 */
import { Stack } from "@mui/material";
import { useMemo } from "react";
import { useParams } from "react-router";
import { t } from "../../lib/strings";
import { useLoadedRecords, useRecords } from "../../offline/SyncProvider";
import { Notice } from "../../ui/forms/RecordForm";
import { RecordList } from "../../ui/forms/RecordList";
import { type CatalogueAccess, useCatalogueAccess } from "./access";
import type { QuestionRecord } from "./questions";
import type { ServiceTypeRecord } from "./records";
import { ServiceTypeForm } from "./serviceTypeForm/ServiceTypeForm";

function Checklist({ service, typeId, access }: { service: ServiceTypeRecord; typeId: string; access: CatalogueAccess }) {
  const questions = useRecords<QuestionRecord>("questions");
  const base = `/equipment-types/${typeId}/service-types/${service.id}/questions`;
  const items = useMemo(
    () => questions.filter((q) => q.serviceTypeId === service.id).map((q) => ({ id: q.id, primary: q.question, to: `${base}/${q.id}` })),
    [questions, service.id, base],
  );
  return (
    <RecordList
      title={t("catalogueChecklist")}
      items={items}
      empty={t("catalogueNoQuestions")}
      add={access.write ? { label: t("catalogueAddQuestion"), to: `${base}/new` } : undefined}
    />
  );
}

export function ServiceTypePage({ adding = false }: { adding?: boolean }) {
  const { equipmentTypeId = "", serviceTypeId = "" } = useParams();
  const access = useCatalogueAccess();
  const services = useLoadedRecords<ServiceTypeRecord>("serviceTypes");
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  // §6: adding service types needs SETTINGS_WRITE.
  if (adding) return access.write ? <ServiceTypeForm typeId={equipmentTypeId} access={access} /> : <Notice>{t("recordAddNeedsPermission")}</Notice>;
  if (services === undefined) return null;
  const service = services.find((candidate) => candidate.id === serviceTypeId);
  if (!service) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  const typeId = service.equipmentTypeId || equipmentTypeId;
  return (
    <Stack spacing={5}>
      <ServiceTypeForm key={service.id} service={service} typeId={typeId} access={access} />
      <Checklist service={service} typeId={typeId} access={access} />
    </Stack>
  );
}

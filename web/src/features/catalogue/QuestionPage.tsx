/**
 * .../service-types/{id}/questions/new and /{questionId} (§2): a checklist question — its text
 * (required), whether comments are allowed, the equipment field a text answer sets, and its
 * options, each with a description (required) and the deficiency a choice opens.
 */
import { Box, Button, IconButton, Stack, Typography } from "@mui/material";
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { t } from "../../lib/strings";
import { newId } from "../../domain/ids";
import type { NamedField } from "../../domain/records";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { CloseIcon } from "../../ui/icons";
import { FieldGrid, Notice, RecordForm } from "../../ui/forms/RecordForm";
import { byName } from "../../domain/names";
import { SelectInput } from "../../ui/forms/SelectInput";
import { SwitchInput } from "../../ui/forms/SwitchInput";
import { TextInput } from "../../ui/forms/TextInput";
import { useDraft } from "../../ui/forms/useDraft";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { type CatalogueAccess, useCatalogueAccess } from "./access";
import { type OptionDraft, type QuestionRecord, newOption, questionDraftOf, questionRecordOf, questionValid } from "./questions";
import { track } from "../../offline/analytics/track";

function QuestionForm({ question, typeId, serviceTypeId, access }: { question?: QuestionRecord; typeId: string; serviceTypeId: string; access: CatalogueAccess }) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const equipmentFields = useRecords<NamedField>("equipmentFields");
  const initial = useMemo(() => questionDraftOf(question), [question]);
  const { draft, change, settled } = useDraft(initial);
  const adding = question === undefined;
  const disabled = !access.write;
  const servicePath = `/equipment-types/${typeId}/service-types/${serviceTypeId}`;
  const fieldOptions = useMemo(
    () => [
      { value: "", label: t("none") },
      ...equipmentFields
        .filter((f) => f.equipmentTypeId === typeId)
        .sort(byName)
        .map((f) => ({ value: f.id, label: f.name })),
    ],
    [equipmentFields, typeId],
  );

  const setOption = (id: string, next: Partial<OptionDraft>) =>
    change((current) => ({ options: current.options.map((option) => (option.id === id ? { ...option, ...next } : option)) }));
  const removeOption = (option: OptionDraft) =>
    change((current) => ({
      options: option.stored
        ? current.options.map((o) => (o.id === option.id ? { ...o, deleted: true } : o))
        : current.options.filter((o) => o.id !== option.id),
    }));

  async function save() {
    const base = question ?? { id: newId(), orgId: access.orgId, serviceTypeId };
    const saved = await engine.put("questions", questionRecordOf(draft, { ...base, orgId: base.orgId || access.orgId, serviceTypeId: base.serviceTypeId || serviceTypeId }));
    track("EDIT", "question");
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: saved.question }));
    if (adding) navigate(`${servicePath}/questions/${saved.id}`, { replace: true });
  }

  let shown = 0;
  return (
    <RecordForm
      title={adding ? t("catalogueAddQuestion") : t("catalogueQuestionInformation")}
      adding={adding}
      mayChange={access.write}
      valid={questionValid(draft)}
      onSave={save}
      onDelete={
        question && {
          name: question.question,
          run: async () => {
            await engine.remove("questions", question);
            settled();
            navigate(servicePath, { replace: true });
          },
        }
      }
      back={{ to: servicePath, label: t("deficiencyServiceTypeLabel") }}
    >
      <TextInput label={t("historyQuestion")} name="question" required multiline value={draft.question} onChange={(text) => change({ question: text })} disabled={disabled} />
      <FieldGrid>
        <SelectInput label={t("catalogueFieldToSet")} name="fieldToSet" value={draft.fieldToSet} onChange={(fieldToSet) => change({ fieldToSet })} options={fieldOptions} disabled={disabled} />
        <SwitchInput label={t("catalogueAllowComments")} checked={draft.allowComments} onChange={(allowComments) => change({ allowComments })} disabled={disabled} />
      </FieldGrid>
      <Box component="section" aria-label={t("catalogueOptions")}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 3 }}>
          {t("catalogueOptions")}
        </Typography>
        <Stack spacing={4}>
          {draft.options.map((option) => {
            if (option.deleted) return null;
            shown += 1;
            const label = t("catalogueOption", { n: shown });
            return (
              <Box key={option.id} component="fieldset" aria-label={label} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 3, m: 0 }}>
                <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 2 }}>
                  <Typography component="legend" variant="body2" sx={{ float: "left" }}>
                    {label}
                  </Typography>
                  {access.write && (
                    <IconButton size="small" aria-label={t("catalogueRemoveOption", { n: shown })} onClick={() => removeOption(option)}>
                      <CloseIcon />
                    </IconButton>
                  )}
                </Stack>
                <FieldGrid>
                  <TextInput
                    label={t("historyDescriptionLabel")}
                    required
                    value={option.description}
                    onChange={(description) => setOption(option.id, { description })}
                    disabled={disabled}
                  />
                  <TextInput
                    label={t("catalogueDeficiencyToAdd")}
                    value={option.deficiencyToAdd}
                    onChange={(deficiencyToAdd) => setOption(option.id, { deficiencyToAdd, namedDeficiency: false })}
                    disabled={disabled}
                    helperText={t("catalogueDeficiencyHelp")}
                  />
                </FieldGrid>
              </Box>
            );
          })}
          {access.write && (
            <Box>
              <Button variant="outlined" onClick={() => change((current) => ({ options: [...current.options, newOption(newId())] }))}>
                {t("catalogueAddOption")}
              </Button>
            </Box>
          )}
        </Stack>
      </Box>
    </RecordForm>
  );
}

export function QuestionPage({ adding = false }: { adding?: boolean }) {
  const { equipmentTypeId = "", serviceTypeId = "", questionId = "" } = useParams();
  const access = useCatalogueAccess();
  const questions = useLoadedRecords<QuestionRecord>("questions");
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  // §6: adding questions needs SETTINGS_WRITE.
  if (adding) {
    return access.write ? <QuestionForm typeId={equipmentTypeId} serviceTypeId={serviceTypeId} access={access} /> : <Notice>{t("recordAddNeedsPermission")}</Notice>;
  }
  if (questions === undefined) return null;
  const question = questions.find((candidate) => candidate.id === questionId);
  if (!question) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  return <QuestionForm key={question.id} question={question} typeId={equipmentTypeId} serviceTypeId={question.serviceTypeId || serviceTypeId} access={access} />;
}

/**
 * Checklist questions as their form edits them (§3 Question, Question option; §5: the
 * question text is required, and each option's description). Options live in the question
 * record; a stored option that is removed is kept as deleted, as the server expects.
 */
import type { Question } from "../../domain/records";

/** The stored shape, as the form reads and writes it. */
export type QuestionRecord = Question;

export interface OptionDraft {
  id: string;
  description: string;
  deficiencyToAdd: string;
  /** Stored `true`, kept while the text is left empty. */
  namedDeficiency: boolean;
  deleted: boolean;
  stored: boolean;
}

export interface QuestionDraft {
  question: string;
  allowComments: boolean;
  fieldToSet: string;
  options: OptionDraft[];
}

export function questionDraftOf(question: QuestionRecord | undefined): QuestionDraft {
  return {
    question: question?.question ?? "",
    allowComments: question?.allowComments === true,
    fieldToSet: question?.fieldToSet ?? "",
    options: (question?.options ?? []).map((option) => ({
      id: option.id,
      description: option.description ?? "",
      deficiencyToAdd: typeof option.deficiencyToAdd === "string" ? option.deficiencyToAdd : "",
      namedDeficiency: option.deficiencyToAdd === true,
      deleted: option.deleted === true,
      stored: true,
    })),
  };
}

export const newOption = (id: string): OptionDraft => ({ id, description: "", deficiencyToAdd: "", namedDeficiency: false, deleted: false, stored: false });

export const shownOptions = (draft: QuestionDraft) => draft.options.filter((option) => !option.deleted);

/** §5: the question text, and a description for every option shown. */
export function questionValid(draft: QuestionDraft): boolean {
  return draft.question.trim() !== "" && shownOptions(draft).every((option) => option.description.trim() !== "");
}

export function questionRecordOf(
  draft: QuestionDraft,
  base: Partial<QuestionRecord> & { id: string; orgId: string; serviceTypeId: string },
): Partial<QuestionRecord> & { id: string; question: string } {
  const stored = new Map((base.options ?? []).map((option) => [option.id, option]));
  return {
    ...base,
    question: draft.question.trim(),
    allowComments: draft.allowComments,
    fieldToSet: draft.fieldToSet || null,
    options: draft.options.map((option) => ({
      ...stored.get(option.id),
      id: option.id,
      description: option.description.trim(),
      deficiencyToAdd: option.deficiencyToAdd.trim() || (option.namedDeficiency ? true : null),
      questionId: base.id,
      orgId: base.orgId,
      deleted: option.deleted,
    })),
  };
}

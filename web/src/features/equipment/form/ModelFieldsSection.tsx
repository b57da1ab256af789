/** The chosen model's own fields, read-only: they belong to the model, not the item; nothing without a model or model fields. */
import { t } from "../../../lib/strings";
import type { Catalogue, Model } from "../../../domain/records";
import { FormSection } from "../../../ui/forms/FormSection";
import { ReadOnlyField } from "../../../ui/forms/ReadOnlyField";

export function ModelFieldsSection({ model, catalogue }: { model: Model | undefined; catalogue: Catalogue }) {
  if (!model || catalogue.modelFields.length === 0) return null;
  return (
    <FormSection title={t("equipmentModelFields")}>
      {catalogue.modelFields.map((field) => (
        <ReadOnlyField key={field.id} label={field.name} value={model.fieldData?.[field.id]} />
      ))}
    </FormSection>
  );
}

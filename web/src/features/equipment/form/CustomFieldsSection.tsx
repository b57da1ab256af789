/** The custom equipment fields of the item's type (§3 fieldData), one text field each; nothing when the type has none. */
import { t } from "../../../lib/strings";
import type { Catalogue } from "../../../domain/records";
import { FormSection } from "../../../ui/forms/FormSection";
import { TextInput } from "../../../ui/forms/TextInput";
import { customFieldsOf } from "./fields";

export interface CustomFieldsSectionProps {
  equipmentTypeId: string | undefined;
  catalogue: Catalogue;
  values: Record<string, string>;
  onChange: (fieldId: string, value: string) => void;
}

export function CustomFieldsSection({ equipmentTypeId, catalogue, values, onChange }: CustomFieldsSectionProps) {
  const fields = customFieldsOf(equipmentTypeId, catalogue);
  if (fields.length === 0) return null;
  return (
    <FormSection title={t("equipmentFields")}>
      {fields.map((field) => (
        <TextInput key={field.id} label={field.name} value={values[field.id] ?? ""} onChange={(value) => onChange(field.id, value)} />
      ))}
    </FormSection>
  );
}

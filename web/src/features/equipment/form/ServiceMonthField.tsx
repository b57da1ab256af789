/** The item's service month category (SERVICE_MONTHS): one of the organisation's categories, or the one its type gives. */
import { t } from "../../../lib/strings";
import { useRecords } from "../../../offline/SyncProvider";
import { SelectInput } from "../../../ui/forms/SelectInput";
import { byName } from "../../../domain/names";

interface Named {
  id: string;
  name: string;
}

export function ServiceMonthField({ value, onChange }: { value: string; onChange: (serviceMonth: string) => void }) {
  const categories = useRecords<Named>("serviceMonthCategories");
  return (
    <SelectInput
      label={t("equipmentServiceMonth")}
      value={value}
      onChange={onChange}
      options={[
        { value: "", label: t("equipmentServiceMonthOfType") },
        ...[...categories].sort(byName).map((c) => ({ value: c.id, label: c.name })),
      ]}
    />
  );
}

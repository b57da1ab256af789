/** The contact fields of a site or customer form (§3): contact, phone, cell, email (checked when filled) and fax. */
import { memo } from "react";
import type { ContactField } from "../../domain/contactDetails";
import { t } from "../../lib/strings";
import { FieldGrid } from "./RecordForm";
import { TextInput } from "./TextInput";

// A keystroke re-renders only its own field, given setters that keep their identity.
const MemoText = memo(TextInput);

export interface ContactFieldsProps {
  values: Readonly<Record<ContactField, string>>;
  onChange: Readonly<Record<ContactField, (value: string) => void>>;
  disabled: boolean;
}

export function ContactFields({ values, onChange, disabled }: ContactFieldsProps) {
  return (
    <FieldGrid>
      <MemoText label={t("contact")} name="contact" value={values.contact} onChange={onChange.contact} disabled={disabled} />
      <MemoText label={t("phone")} name="phone" value={values.phone} onChange={onChange.phone} type="tel" disabled={disabled} />
      <MemoText label={t("cell")} name="cell" value={values.cell} onChange={onChange.cell} type="tel" disabled={disabled} />
      <MemoText label={t("email")} name="email" value={values.email} onChange={onChange.email} type="email" disabled={disabled} />
      <MemoText label={t("fax")} name="fax" value={values.fax} onChange={onChange.fax} type="tel" disabled={disabled} />
    </FieldGrid>
  );
}

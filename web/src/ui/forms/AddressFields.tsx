/**
 * The address fields of a site or customer form (§3, §5): the province choices depend on the
 * country ('Please select country first'). What else a new country changes is the form's to
 * say, through its country setter. A country from another list (an import) shows as it was
 * stored.
 */
import { type ReactNode, memo, useMemo } from "react";
import type { AddressField } from "../../domain/contactDetails";
import { type Places, countryOptions, provinceOptions } from "../../domain/places";
import { t } from "../../lib/strings";
import { ChoiceInput } from "./ChoiceInput";
import { FieldGrid } from "./RecordForm";
import { TextInput } from "./TextInput";

// A keystroke re-renders only its own field, given setters that keep their identity.
const MemoText = memo(TextInput);
const MemoChoice = memo(ChoiceInput);

export interface AddressFieldsProps {
  values: Readonly<Record<AddressField, string>>;
  onChange: Readonly<Record<AddressField, (value: string) => void>>;
  places: Places | null;
  countryRequired?: boolean;
  disabled: boolean;
  /** Fields after the address in the same grid (a site's zone and time zone). */
  children?: ReactNode;
}

export function AddressFields({ values, onChange, places, countryRequired = false, disabled, children }: AddressFieldsProps) {
  const countries = useMemo(() => countryOptions(places, values.country), [places, values.country]);
  const provinces = useMemo(() => provinceOptions(places, values.country, values.province), [places, values.country, values.province]);
  return (
    <FieldGrid>
      <MemoText label={t("address")} name="address" value={values.address} onChange={onChange.address} disabled={disabled} />
      <MemoText label={t("addressTwo")} name="addressTwo" value={values.addressTwo} onChange={onChange.addressTwo} disabled={disabled} />
      <MemoText label={t("city")} name="city" value={values.city} onChange={onChange.city} disabled={disabled} />
      <MemoChoice label={t("country")} name="country" required={countryRequired} value={values.country} onChange={onChange.country} options={countries} disabled={disabled} />
      <MemoChoice
        label={t("province")}
        name="province"
        value={values.province}
        onChange={onChange.province}
        options={provinces}
        disabled={disabled || !values.country}
        helperText={values.country ? undefined : t("selectCountryFirst")}
      />
      <MemoText label={t("postalCode")} name="postalCode" value={values.postalCode} onChange={onChange.postalCode} disabled={disabled} />
      {children}
    </FieldGrid>
  );
}

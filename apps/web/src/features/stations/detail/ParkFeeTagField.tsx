import { useMemo, type ReactNode } from 'react';
import { SelectField, type SelectFieldOption } from '../../../components';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { dictEntryLabel, dictOptions, useParkFeeTags } from '../../../components/lookups';

/**
 * The station's parking-fee tag, picked from the `park_fee_tag` dictionary and shown by its label, never
 * by its code. A stored code the dictionary no longer lists stays selected and shows as it is.
 */
export function ParkFeeTagField({ label }: { label: ReactNode }) {
  const tags = useParkFeeTags();
  const locale = useDomainLocale();
  const options = useMemo<SelectFieldOption[]>(
    () => dictOptions(tags.data ?? [], (entry) => dictEntryLabel(locale, 'parkFeeTag', entry)),
    [tags.data, locale],
  );
  return <SelectField name="parkFeeTag" label={label} options={options} />;
}

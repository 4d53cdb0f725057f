import { useMemo } from 'react';
import { Select, Typography } from 'antd';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { dictEntryLabel, useDictionary } from '../../../components/lookups';

const SEPARATORS = /[,，]/;

/**
 * A station's comma list (payment methods, matching cars), stored as text of names: the dictionary's names
 * are offered, each labelled in the reader's language, and a name the dictionary lacks can still be typed,
 * so a station's older values stay as they are.
 */
export function DictionaryListInput({
  dictTypeCode,
  label,
  value,
  onChange,
  readOnly,
}: {
  dictTypeCode: string;
  label: string;
  value?: string | null;
  onChange?: (value: string) => void;
  readOnly: boolean;
}) {
  const entries = useDictionary(dictTypeCode);
  const locale = useDomainLocale();
  const options = useMemo(
    () =>
      [...(entries.data ?? [])]
        .filter((entry) => entry.status === 1)
        .sort((a, b) => a.sort - b.sort)
        .map((entry) => ({ value: entry.name, label: dictEntryLabel(locale, undefined, entry) })),
    [entries.data, locale],
  );
  const names = (value ?? '')
    .split(SEPARATORS)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (readOnly) {
    // A stored name reads in the reader's language when the dictionary knows it.
    const shown = names.map((name) => options.find((option) => option.value === name)?.label ?? name);
    return (
      <Typography.Text>
        {shown.length > 0 ? shown.join(locale === 'en-US' ? ', ' : ',') : '-'}
      </Typography.Text>
    );
  }
  return (
    <Select
      mode="tags"
      aria-label={label}
      value={names}
      options={options}
      tokenSeparators={[',', '，']}
      loading={entries.isPending}
      onChange={(next: string[]) => onChange?.(next.join(','))}
    />
  );
}

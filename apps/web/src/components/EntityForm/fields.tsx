import type { ReactElement, ReactNode } from 'react';
import {
  ProForm,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEntityFormMode } from './EntityForm';

// Screens describe fields with these props only, so ProComponents stays an implementation detail of this
// folder (STYLE.md #12). Each field shows its value as text when its section is in view mode: the mode
// comes from the nearest section, so one section can be edited while the others are read.

export interface FieldProps {
  name: string | (string | number)[];
  label: ReactNode;
  rules?: FormRule[];
  tooltip?: ReactNode;
  disabled?: boolean;
  /** Fields whose change re-runs this field's rules, e.g. a rule that reads another field too. */
  dependencies?: string[];
}

/**
 * What every ProForm field gets from the mode: read-only text in view mode, and no required mark there
 * (a read-only field asks nothing of the reader).
 */
function useViewProps(): { readonly: boolean; required?: false } {
  const viewing = useEntityFormMode() === 'view';
  return viewing ? { readonly: true, required: false } : { readonly: false };
}

export function TextField({
  placeholder,
  maxLength,
  disabled,
  ...item
}: FieldProps & { placeholder?: string; maxLength?: number }) {
  return <ProFormText {...item} {...useViewProps()} fieldProps={{ placeholder, maxLength, disabled }} />;
}

export function TextAreaField({
  placeholder,
  maxLength,
  rows,
  disabled,
  ...item
}: FieldProps & { placeholder?: string; maxLength?: number; rows?: number }) {
  // In view mode the value is plain text, which takes no character count: ProField would pass even
  // `showCount: false` on to its DOM element.
  const view = useViewProps();
  const counted = !view.readonly && maxLength !== undefined;
  return (
    <ProFormTextArea
      {...item}
      {...view}
      fieldProps={{ placeholder, maxLength, rows, disabled, ...(counted && { showCount: true }) }}
    />
  );
}

export function NumberField({
  min,
  max,
  precision,
  disabled,
  ...item
}: FieldProps & { min?: number; max?: number; precision?: number }) {
  // ProFormDigit clamps to 0 when no minimum is given; a field without one must take negatives too.
  return (
    <ProFormDigit
      {...item}
      {...useViewProps()}
      min={min ?? Number.MIN_SAFE_INTEGER}
      max={max}
      fieldProps={{ precision, disabled }}
    />
  );
}

export interface SelectFieldOption {
  label: ReactNode;
  value: string | number;
}

export function SelectField({
  options,
  multiple,
  disabled,
  ...item
}: FieldProps & { options: SelectFieldOption[]; multiple?: boolean }) {
  return (
    <ProFormSelect
      {...item}
      {...useViewProps()}
      options={options}
      fieldProps={{ mode: multiple ? 'multiple' : undefined, disabled }}
    />
  );
}

/** A yes/no switch; it reads Yes/No on the toggle and in view mode, not the kit's "open"/"close". */
export function SwitchField({ disabled, ...item }: FieldProps) {
  const { t } = useTranslation('components');
  const words = { checkedChildren: t('switch.yes'), unCheckedChildren: t('switch.no') };
  return <ProFormSwitch {...item} {...useViewProps()} fieldProps={{ disabled, ...words }} />;
}

/**
 * A field drawn by the screen, e.g. a BusinessHoursEditor or an ImageUpload. The rendered element is the
 * form item's direct child and receives `value` and `onChange` from it; `readOnly` says the form is in
 * view mode, so the control can lock itself.
 */
export function CustomField({
  children,
  disabled,
  marksOwnProblems = false,
  ...item
}: FieldProps & {
  children: (state: { readOnly: boolean }) => ReactElement;
  /**
   * The control marks its invalid parts itself (e.g. the one wrong day of a week's hours): the field's
   * message shows, but the field's error state is not passed to every input inside.
   */
  marksOwnProblems?: boolean;
}) {
  const { readonly, required } = useViewProps();
  return (
    <ProForm.Item {...item} required={required} validateStatus={marksOwnProblems ? '' : undefined}>
      {children({ readOnly: readonly || disabled === true })}
    </ProForm.Item>
  );
}

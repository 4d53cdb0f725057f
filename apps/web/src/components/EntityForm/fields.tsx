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
import { useEntityFormMode } from './EntityForm';

// Screens describe fields with these props only, so ProComponents stays an implementation detail of this
// folder (STYLE.md #12). Each field shows its value as text when the form is in view mode.

export interface FieldProps {
  name: string | (string | number)[];
  label: ReactNode;
  rules?: FormRule[];
  tooltip?: ReactNode;
  disabled?: boolean;
}

export function TextField({
  placeholder,
  maxLength,
  disabled,
  ...item
}: FieldProps & { placeholder?: string; maxLength?: number }) {
  return <ProFormText {...item} fieldProps={{ placeholder, maxLength, disabled }} />;
}

export function TextAreaField({
  placeholder,
  maxLength,
  rows,
  disabled,
  ...item
}: FieldProps & { placeholder?: string; maxLength?: number; rows?: number }) {
  // In view mode the value is plain text, which knows no character count.
  const viewing = useEntityFormMode() === 'view';
  return (
    <ProFormTextArea
      {...item}
      fieldProps={{ placeholder, maxLength, rows, disabled, showCount: !viewing && maxLength !== undefined }}
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
      options={options}
      fieldProps={{ mode: multiple ? 'multiple' : undefined, disabled }}
    />
  );
}

export function SwitchField({ disabled, ...item }: FieldProps) {
  return <ProFormSwitch {...item} fieldProps={{ disabled }} />;
}

/**
 * A field drawn by the screen, e.g. a BusinessHoursEditor or an ImageUpload. The rendered element is the
 * form item's direct child and receives `value` and `onChange` from it; `readOnly` says the form is in
 * view mode, so the control can lock itself.
 */
export function CustomField({
  children,
  disabled,
  ...item
}: FieldProps & { children: (state: { readOnly: boolean }) => ReactElement }) {
  const mode = useEntityFormMode();
  return (
    <ProForm.Item {...item}>{children({ readOnly: mode === 'view' || disabled === true })}</ProForm.Item>
  );
}

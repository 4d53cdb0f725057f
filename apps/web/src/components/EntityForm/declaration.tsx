import { Fragment, useMemo, type ReactElement, type ReactNode } from 'react';
import { Col, Form, Row, type FormRule } from 'antd';
import type { MaxLength } from '@cmp/domain/shared/form-rules';
import {
  CustomField,
  NumberField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  type SelectFieldOption,
} from './fields';
import { useFormRules } from './form-rules';

/** How much of a row a field takes on wide screens; every field takes the whole row on narrow ones. */
export type FieldWidth = 'third' | 'twoThirds' | 'full';

const COLUMNS: Record<FieldWidth, { xs: number; md?: number; xl?: number }> = {
  third: { xs: 24, md: 12, xl: 8 },
  twoThirds: { xs: 24, xl: 16 },
  full: { xs: 24 },
};

interface DeclaredFieldBase<V> {
  name: keyof V & string;
  label: string;
  tooltip?: ReactNode;
  /** 'third' unless given. */
  width?: FieldWidth;
  required?: boolean;
  /** Longest text accepted; a text area also counts its characters against it. */
  maxLength?: MaxLength;
  /** Text that must be a phone number (`rules.phone`). */
  phone?: boolean;
  /** A number from `min` to `max` (both included), whole when `integer`. */
  range?: { min: number; max: number; integer?: boolean };
  /** Checks beyond the declared ones, e.g. one field against another. */
  rules?: FormRule[];
  /** False: shown but never edited here. */
  editable?: boolean;
  /** Shown only while the form's values pass, e.g. the clone's position once the clone is switched on. */
  visibleWhen?: (values: Partial<V>) => boolean;
}

export type DeclaredField<V> =
  | (DeclaredFieldBase<V> & { type: 'text' })
  | (DeclaredFieldBase<V> & { type: 'textarea'; rows?: number })
  | (DeclaredFieldBase<V> & { type: 'number'; precision?: number; min?: number; max?: number })
  | (DeclaredFieldBase<V> & { type: 'select'; options: SelectFieldOption[]; multiple?: boolean })
  | (DeclaredFieldBase<V> & { type: 'switch' })
  | (DeclaredFieldBase<V> & {
      type: 'custom';
      render: (state: { readOnly: boolean }) => ReactElement;
      /** See {@link CustomField}'s `marksOwnProblems`. */
      marksOwnProblems?: boolean;
    });

/** Something a section shows that is not one of its fields: a map, a hint, a field with its own logic. */
export interface DeclaredElement {
  type: 'element';
  key: string;
  /** The form fields it holds, if any (e.g. a field with a lookup of its own). */
  names?: string[];
  width?: FieldWidth;
  render: () => ReactNode;
}

export interface FormSection<V> {
  key: string;
  title: string;
  fields: (DeclaredField<V> | DeclaredElement)[];
  /** False: the section is only read (no Edit of its own). */
  editable?: boolean;
}

/** A form as data: its sections in order, each with its fields. */
export type FormDeclaration<V> = FormSection<V>[];

/** The names of a declaration's fields, e.g. to tell which field a server error is about. */
export const declaredFieldNames = <V,>(sections: FormDeclaration<V>): Set<string> =>
  new Set(
    sections.flatMap((section) =>
      section.fields.flatMap((f) => (f.type === 'element' ? (f.names ?? []) : [f.name])),
    ),
  );

function useDeclaredRules<V>(field: DeclaredField<V>): FormRule[] {
  const rules = useFormRules();
  const { required, maxLength, phone, range: bounds, rules: extra } = field;
  return useMemo(
    () => [
      ...(required ? [rules.required()] : []),
      ...(maxLength === undefined ? [] : [rules.maxLength(maxLength)]),
      ...(phone ? [rules.phone()] : []),
      ...(bounds ? [rules.range(bounds.min, bounds.max, { integer: bounds.integer })] : []),
      ...(extra ?? []),
    ],
    [rules, required, maxLength, phone, bounds, extra],
  );
}

function FieldOf<V>({ field }: { field: DeclaredField<V> }) {
  const rules = useDeclaredRules(field);
  const item = { name: field.name, label: field.label, tooltip: field.tooltip, rules };
  switch (field.type) {
    case 'text':
      return <TextField {...item} />;
    case 'textarea':
      return <TextAreaField {...item} rows={field.rows ?? 2} maxLength={field.maxLength} />;
    case 'number':
      return <NumberField {...item} precision={field.precision} min={field.min} max={field.max} />;
    case 'select':
      return <SelectField {...item} options={field.options} multiple={field.multiple} />;
    case 'switch':
      return <SwitchField {...item} />;
    case 'custom':
      return (
        <CustomField {...item} marksOwnProblems={field.marksOwnProblems}>
          {field.render}
        </CustomField>
      );
  }
}

function Shown<V>({ when, children }: { when: (values: Partial<V>) => boolean; children: ReactNode }) {
  const form = Form.useFormInstance<V>();
  const shown = Form.useWatch((values: Partial<V>) => when(values), form);
  return shown ? <>{children}</> : null;
}

/** The fields of one section laid out in a grid, in the mode of the surrounding section. */
export function SectionFields<V>({
  fields,
  readOnlyField,
}: {
  fields: FormSection<V>['fields'];
  /** Wraps a field the declaration says is never edited, so it reads as text in edit mode too. */
  readOnlyField: (child: ReactNode) => ReactNode;
}) {
  return (
    <Row gutter={24}>
      {fields.map((field) => {
        const key = field.type === 'element' ? field.key : field.name;
        const column = COLUMNS[field.width ?? (field.type === 'element' ? 'full' : 'third')];
        if (field.type === 'element') {
          return (
            <Col key={key} {...column}>
              {field.render()}
            </Col>
          );
        }
        const control = <FieldOf field={field} />;
        const cell = <Col {...column}>{field.editable === false ? readOnlyField(control) : control}</Col>;
        return field.visibleWhen ? (
          <Shown<V> key={key} when={field.visibleWhen}>
            {cell}
          </Shown>
        ) : (
          <Fragment key={key}>{cell}</Fragment>
        );
      })}
    </Row>
  );
}

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { EntityForm, type EntityFormProps } from './EntityForm';
import { CustomField, NumberField, SelectField, SwitchField, TextField } from './fields';
import { useFormRules } from './form-rules';

interface Operator {
  name: string;
  chargers: number;
  kind: string;
  active: boolean;
  remark?: string;
}

const operator: Operator = {
  name: 'Acme Energy',
  chargers: 12,
  kind: 'owner',
  active: true,
  remark: 'night only',
};

/** Stands in for a screen's own control (e.g. an image upload): it gets the value and the form's mode. */
function RemarkControl({ value, readOnly }: { value?: string; readOnly: boolean }) {
  return <output aria-label="remark">{`${readOnly ? 'locked' : 'open'}: ${value ?? ''}`}</output>;
}

function OperatorFields() {
  const rules = useFormRules();
  return (
    <>
      <TextField name="name" label="Name" rules={[rules.required(), rules.maxLength(32)]} />
      <NumberField name="chargers" label="Chargers" rules={[rules.maxNumber(300)]} />
      <SelectField
        name="kind"
        label="Kind"
        options={[
          { label: 'Owner', value: 'owner' },
          { label: 'Partner', value: 'partner' },
        ]}
      />
      <SwitchField name="active" label="Active" />
      <CustomField name="remark" label="Remark">
        {({ readOnly }) => <RemarkControl readOnly={readOnly} />}
      </CustomField>
    </>
  );
}

function renderForm(props: Partial<EntityFormProps<Operator>> = {}, locale?: 'zh-CN' | 'en-US') {
  const onSubmit = vi.fn<EntityFormProps<Operator>['onSubmit']>(props.onSubmit ?? (async () => undefined));
  const utils = renderWithProviders(
    <EntityForm<Operator> initialValues={operator} {...props} onSubmit={onSubmit}>
      <OperatorFields />
    </EntityForm>,
    { locale },
  );
  return { ...utils, onSubmit };
}

const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^(loading )?${name}$`) });

describe('EntityForm', () => {
  it('should show the entity read-only with only an Edit button in view mode', () => {
    renderForm();

    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('spinbutton')).toHaveLength(0);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Acme Energy')).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'remark' })).toHaveTextContent('locked: night only');
    expect(button('编辑')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保存|取消|创建/ })).not.toBeInTheDocument();
  });

  it('should edit with Save and Cancel, save the values and return to view mode', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(button('编辑'));
    expect(screen.queryByRole('button', { name: /编辑/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'remark' })).toHaveTextContent('open: night only');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Beta');
    await user.click(button('保存'));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Beta', chargers: 12, kind: 'owner' });
    expect(onSubmit.mock.calls[0]?.[1]).toBe('edit');
    expect(await screen.findByRole('button', { name: /编辑/ })).toBeInTheDocument();
    expect(screen.getByText('Beta')).toBeInTheDocument();
  });

  it('should keep a negative number in a number field without a minimum', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(button('编辑'));
    const chargers = screen.getByRole('spinbutton', { name: 'Chargers' });
    await user.clear(chargers);
    await user.type(chargers, '-5');
    await user.click(button('保存'));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ chargers: -5 });
  });

  it('should throw away the changes on Cancel', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(button('编辑'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Changed' } });
    await user.click(button('取消'));

    expect(screen.getByText('Acme Energy')).toBeInTheDocument();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('should offer only a create button in create mode', async () => {
    const { user, onSubmit } = renderForm({ defaultMode: 'create', initialValues: { chargers: 1 } });

    expect(screen.queryByRole('button', { name: /编辑|保存|取消/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'New operator');
    await user.click(button('创建'));

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'New operator' }), 'create'),
    );
  });

  it('should disable Save while saving and save a double click once', async () => {
    let finish: () => void = () => {};
    const { user, onSubmit } = renderForm({
      onSubmit: () => new Promise<void>((resolve) => (finish = resolve)),
    });

    await user.click(button('编辑'));
    await user.dblClick(button('保存'));

    await waitFor(() => expect(button('保存')).toBeDisabled());
    await user.click(button('保存'));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    finish();
    expect(await screen.findByRole('button', { name: /编辑/ })).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('should show the rule messages and not save invalid input', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(button('编辑'));
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Chargers' }), { target: { value: '301' } });
    await user.click(button('保存'));

    expect(await screen.findByText('输入不能为空')).toBeInTheDocument();
    expect(await screen.findByText('输入数字不能超过300')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(button('保存')).toBeInTheDocument();
  });

  it('should save the corrected input right after a click that failed validation', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(button('编辑'));
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(button('保存'));
    expect(await screen.findByText('输入不能为空')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme Power');
    await user.click(button('保存'));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Acme Power' });
  });

  it('should show no required marks while only showing the entity', async () => {
    const { user, container } = renderForm();
    // antd keeps the required class and hides the mark with this one.
    expect(container.querySelector('.ant-form-item-required-mark-hidden')).not.toBeNull();

    await user.click(button('编辑'));

    expect(container.querySelector('.ant-form-item-required')).not.toBeNull();
    expect(container.querySelector('.ant-form-item-required-mark-hidden')).toBeNull();
  });

  it('should keep editing and show the message when saving fails', async () => {
    const { user } = renderForm({
      onSubmit: async () => {
        throw new Error('operator name already used');
      },
    });

    await user.click(button('编辑'));
    await user.click(button('保存'));

    expect(await screen.findByText('operator name already used')).toBeInTheDocument();
    expect(button('保存')).toBeEnabled();
  });

  it('should label the buttons and messages in English', async () => {
    const { user } = renderForm({}, 'en-US');

    await user.click(button('Edit'));
    expect(button('Save')).toBeInTheDocument();
    expect(button('Cancel')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(button('Save'));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
  });

  it('should show entity data that arrives later while not editing', async () => {
    const onSubmit = vi.fn();
    const { rerender } = renderWithProviders(
      <EntityForm<Operator> initialValues={operator} onSubmit={onSubmit}>
        <OperatorFields />
      </EntityForm>,
    );
    rerender(
      <EntityForm<Operator> initialValues={{ ...operator, name: 'Renamed' }} onSubmit={onSubmit}>
        <OperatorFields />
      </EntityForm>,
    );
    expect(await screen.findByText('Renamed')).toBeInTheDocument();
  });

  it('should keep what the user types when the parent renders again', async () => {
    const onSubmit = vi.fn();
    const form = (name: string) => (
      <EntityForm<Operator> defaultMode="create" initialValues={{ chargers: 1 }} onSubmit={onSubmit}>
        <OperatorFields />
        <span>{name}</span>
      </EntityForm>
    );
    const { rerender } = renderWithProviders(form('first'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Typed' } });

    rerender(form('second'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Typed');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, createMemoryRouter, Link, RouterProvider } from 'react-router';
import { createTestI18n, renderWithProviders } from '../test-utils';
import type { FormDeclaration } from './declaration';
import { EntityForm, type EntityFormProps } from './EntityForm';
import { FormDrawer } from './FormDrawer';
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

const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^(loading ?)?${name}$`) });

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

  it('should ask before Cancel throws changes away, keep them when told to and drop them when told to', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(button('编辑'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Changed' } });
    await user.click(button('取消'));
    const dialog = await screen.findByRole('dialog', { name: '放弃未保存的修改？' });
    await user.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Changed');

    await user.click(button('取消'));
    const again = await waitFor(() => screen.getAllByRole('dialog', { name: '放弃未保存的修改？' }).at(-1)!);
    await user.click(within(again).getByRole('button', { name: '放弃修改' }));

    expect(await screen.findByText('Acme Energy')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('should cancel without asking when nothing changed, even after typing the same value back', async () => {
    const { user } = renderForm();

    await user.click(button('编辑'));
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Acme' } });
    fireEvent.change(name, { target: { value: 'Acme Energy ' } });
    await user.click(button('取消'));

    expect(await screen.findByText('Acme Energy')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should make closing the tab ask only while there are unsaved changes', async () => {
    const { user } = renderForm();
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };

    await user.click(button('编辑'));
    expect(closing()).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Changed' } });
    await waitFor(() => expect(closing()).toBe(true));

    await user.click(button('保存'));
    expect(await screen.findByText('Changed')).toBeInTheDocument();
    expect(closing()).toBe(false);
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

  it('should offer Cancel beside Create when the form can be left, asking first once something was typed', async () => {
    const onCancelCreate = vi.fn();
    const { user, onSubmit } = renderForm({
      defaultMode: 'create',
      initialValues: { chargers: 1 },
      onCancelCreate,
    });

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'New operator');
    await user.click(button('取消'));
    const dialog = await screen.findByRole('dialog', { name: '放弃未保存的修改？' });
    await user.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    expect(onCancelCreate).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('New operator');

    await user.click(button('取消'));
    const again = await waitFor(() => screen.getAllByRole('dialog', { name: '放弃未保存的修改？' }).at(-1)!);
    await user.click(within(again).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onCancelCreate).toHaveBeenCalledTimes(1));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("should make a drawer's close button ask before dropping what was typed, and close at once when nothing was", async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <FormDrawer open title="New operator" onClose={onClose}>
        <EntityForm<Operator> defaultMode="create" initialValues={operator} onSubmit={async () => undefined}>
          <OperatorFields />
        </EntityForm>
      </FormDrawer>,
    );
    const close = () => user.click(screen.getByRole('button', { name: '关闭' }));
    // The test ids make both dialogs' labels point at the drawer's title: find the question by its text.
    const question = () =>
      waitFor(() =>
        screen
          .getAllByRole('dialog')
          .findLast((dialog) => within(dialog).queryAllByText('放弃未保存的修改？').length > 0)!,
      );

    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Plus');
    await close();
    const dialog = await question();
    await user.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Acme Energy Plus');

    await close();
    const again = await question();
    await user.click(within(again).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));

    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme Energy');
    await close();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
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
    expect(screen.getByText('Name')).toBeInTheDocument();
    expect(container.querySelector('.ant-form-item-required')).toBeNull();

    await user.click(button('编辑'));

    expect(container.querySelector('.ant-form-item-required')).not.toBeNull();
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

  it('should take a second save only once 1.5 s have passed since the first one began', async () => {
    const { user, onSubmit } = renderForm({
      onSubmit: async () => {
        throw new Error('operator name already used');
      },
    });
    await user.click(button('编辑'));
    const firstSave = Date.now();
    await user.click(button('保存'));
    await screen.findByText('operator name already used');

    await user.click(button('保存'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(async () => {
      await user.click(button('保存'));
      expect(onSubmit).toHaveBeenCalledTimes(2);
    });
    expect(Date.now() - firstSave).toBeGreaterThanOrEqual(1500);
  });

  it('should take the save of a new edit however soon it follows the last save', async () => {
    // The clock stands still, so the second save falls within the 1.5 s a double click is dropped for.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-29T09:00:00Z'));
    try {
      const { user, onSubmit } = renderForm();
      await user.click(button('编辑'));
      await user.click(button('保存'));
      await user.click(await screen.findByRole('button', { name: /编辑/ }));
      await user.type(screen.getByRole('textbox', { name: 'Name' }), ' II');
      await user.click(button('保存'));

      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
      expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ name: 'Acme Energy II' });
    } finally {
      now.mockRestore();
    }
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

const declaration: FormDeclaration<Operator> = [
  {
    key: 'basics',
    title: 'Basics',
    fields: [
      { type: 'text', name: 'name', label: 'Name', required: true, maxLength: 32 },
      { type: 'number', name: 'chargers', label: 'Chargers', range: { min: 0, max: 300, integer: true } },
    ],
  },
  {
    key: 'details',
    title: 'Details',
    fields: [
      {
        type: 'select',
        name: 'kind',
        label: 'Kind',
        options: [
          { label: 'Owner', value: 'owner' },
          { label: 'Partner', value: 'partner' },
        ],
      },
      { type: 'switch', name: 'active', label: 'Active' },
      { type: 'text', name: 'remark', label: 'Remark', editable: false },
    ],
  },
];

/** The form declared in sections on a page of a data router, as the portal renders it. */
function renderPage() {
  const onSubmit = vi.fn<EntityFormProps<Operator>['onSubmit']>(async () => undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: <EntityForm<Operator> initialValues={operator} onSubmit={onSubmit} sections={declaration} />,
      },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/elsewhere', '/form'], initialIndex: 1 },
  );
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </I18nextProvider>,
  );
  const at = () => router.state.location.pathname + router.state.location.search;
  return { user: userEvent.setup(), router, onSubmit, at };
}

/** The newest question; an answered one may still be in the document, fading out. */
const lastDialog = (count = 1) =>
  waitFor(() => {
    const dialogs = screen.getAllByRole('dialog', { name: '放弃未保存的修改？' });
    expect(dialogs.length).toBeGreaterThanOrEqual(count);
    return dialogs.at(-1)!;
  });

describe('EntityForm declared in sections', () => {
  it('should give each section its Edit in its header and edit one section at a time', async () => {
    const { user, onSubmit } = renderPage();

    const basics = screen.getByText('Basics').closest('.ant-card') as HTMLElement;
    const details = screen.getByText('Details').closest('.ant-card') as HTMLElement;
    expect(within(basics).getByRole('button', { name: '编辑Basics' })).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: '编辑Details' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '编辑Details' }));
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    // Declared as never edited: still text while its section is edited.
    expect(within(details).getByText('night only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '编辑Basics' })).toBeDisabled();
    const bar = screen.getByRole('toolbar');
    expect(bar).toHaveStyle({ position: 'sticky', bottom: '0px' });

    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(within(bar).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Acme Energy', active: false });
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '编辑Basics' })).toBeEnabled();
  });

  it('should apply the declared rules', async () => {
    const { user, onSubmit } = renderPage();

    await user.click(screen.getByRole('button', { name: '编辑Basics' }));
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Chargers' }), { target: { value: '2.5' } });
    await user.click(button('保存'));

    expect(await screen.findByText('输入不能为空')).toBeInTheDocument();
    expect(await screen.findByText('输入必须为整数')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('should ask before leaving with unsaved changes by a link, the menu or browser back', async () => {
    const { user, router, at } = renderPage();

    await user.click(screen.getByRole('button', { name: '编辑Basics' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Changed' } });
    await waitFor(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    });

    void router.navigate('/elsewhere');
    await user.click(within(await lastDialog()).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(at()).toBe('/form'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Changed');

    // Keeping a tab in the URL of the same page is not leaving it.
    await router.navigate('/form?tab=details', { replace: true });
    expect(at()).toBe('/form?tab=details');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Changed');

    void router.navigate(-1);
    await user.click(within(await lastDialog(2)).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(at()).toBe('/elsewhere'));
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
  });

  it('should leave without asking when nothing was changed', async () => {
    const { user, router, at } = renderPage();

    await user.click(screen.getByRole('button', { name: '编辑Basics' }));
    await router.navigate('/elsewhere');

    await waitFor(() => expect(at()).toBe('/elsewhere'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("EntityForm and the browser's history", () => {
  it("should ask before the browser's Back leaves it with unsaved changes, staying when told to", async () => {
    window.history.replaceState(null, '', '/elsewhere');
    const router = createBrowserRouter([
      { path: '/elsewhere', element: <Link to="/form">Open the form</Link> },
      {
        path: '/form',
        element: (
          <EntityForm<Operator>
            initialValues={operator}
            onSubmit={async () => undefined}
            sections={declaration}
          />
        ),
      },
    ]);
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <ConfigProvider button={{ autoInsertSpace: false }}>
          <RouterProvider router={router} />
        </ConfigProvider>
      </I18nextProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Open the form' }));
    await user.click(await screen.findByRole('button', { name: '编辑Basics' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Changed' } });
    await waitFor(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    });

    window.history.back();
    await user.click(within(await lastDialog()).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Changed');

    window.history.back();
    await user.click(within(await lastDialog(2)).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(window.location.pathname).toBe('/elsewhere'));
    expect(await screen.findByRole('link', { name: 'Open the form' })).toBeInTheDocument();
    router.dispose();
  });
});

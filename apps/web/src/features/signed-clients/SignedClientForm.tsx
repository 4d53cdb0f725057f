import type { ReactNode } from 'react';
import { App } from 'antd';
import type { FormRule } from 'antd';
import { SIGNED_CLIENT_STATES, type SignedClientState } from '@cmp/domain/platform/signed-clients';
import { useDescribeError } from '../../api/describe-error';
import { EntityForm, SelectField } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

/**
 * The create or edit form of a signed client: the kind's own fields (`children`), then its state.
 * Creating answers the secret, handed to `onSecret` to be shown once; editing says `savedText`.
 */
export function SignedClientForm<Values extends { state?: SignedClientState }, Secret>({
  mode,
  initialValues,
  create,
  update,
  onSecret,
  savedText,
  stateField,
  onClose,
  onSaved,
  children,
}: {
  mode: 'create' | 'edit';
  initialValues: Values;
  create: (request: Values) => Promise<Secret>;
  update: (request: Values) => Promise<unknown>;
  onSecret: (secret: Secret) => void;
  savedText: string;
  stateField: { label: string; rules: FormRule[] };
  onClose: () => void;
  onSaved: () => void;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const describe = useDescribeError();
  const label = useEnumLabel();

  const submit = async (values: Values) => {
    const request = { ...initialValues, ...values };
    try {
      if (mode === 'edit') {
        await update(request);
        void message.success(savedText);
      } else {
        onSecret(await create(request));
      }
    } catch (error) {
      throw new Error(describe(error));
    }
    onClose();
    onSaved();
  };

  return (
    <EntityForm<Values>
      mode={mode}
      onModeChange={(next) => next === 'view' && onClose()}
      layout="vertical"
      initialValues={initialValues}
      onSubmit={submit}
    >
      {children}
      <SelectField
        name="state"
        label={stateField.label}
        options={SIGNED_CLIENT_STATES.map((state) => ({
          value: state,
          label: label('signedClientState', state),
        }))}
        rules={stateField.rules}
      />
    </EntityForm>
  );
}

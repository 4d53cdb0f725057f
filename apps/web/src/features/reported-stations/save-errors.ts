import { useCallback } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@cmp/domain';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';

/** The field a refused rule is about: the party that does not exist, or the connector already taken. */
const RULE_FIELDS: Readonly<Record<string, string>> = {
  'reportedStations.unknownOperator': 'operatorId',
  'reportedStations.unknownEquipmentOwner': 'equipmentOwnerId',
  'reportedStations.unknownSubOperator': 'subOperatorId',
  'reportedStations.connectorTaken': 'connectorId',
};
const VERSION_CONFLICT = 'station.versionConflict';

const ruleKeyOf = (details: unknown): string | undefined =>
  typeof details === 'object' && details !== null && 'key' in details && typeof details.key === 'string'
    ? details.key
    : undefined;

const fieldErrorsOf = (details: unknown): FieldError[] =>
  Array.isArray(details)
    ? details.filter(
        (d): d is FieldError =>
          typeof d === 'object' && d !== null && typeof d.path === 'string' && typeof d.message === 'string',
      )
    : [];

/** `body.equipments.1.power` → `equipments`: each editor of the form is one field. */
const formFieldOf = (path: string): string => path.replace(/^body\./, '').split('.')[0] ?? path;

/**
 * Turns a failed save or delete into what the user sees: the fields the server refused are marked with its
 * words (a 400's fields, a party that does not exist, a connector already taken); a stale version offers to
 * reload the station. The returned Error is what the form shows above its buttons.
 */
export function useSaveError(form: FormInstance, onReload: () => void): (error: unknown) => Error {
  const { t } = useTranslation('reportedStations');
  const { modal } = App.useApp();
  const describe = useDescribeError();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return new Error(describe(error));
      const ruleKey = ruleKeyOf(error.details);
      if (ruleKey === VERSION_CONFLICT) {
        modal.confirm({
          title: t('editor.conflictTitle'),
          content: error.message,
          okText: t('editor.reload'),
          cancelText: t('editor.keepEditing'),
          onOk: onReload,
        });
        return new Error(error.message);
      }
      const ruleField = ruleKey === undefined ? undefined : RULE_FIELDS[ruleKey];
      if (ruleField) {
        form.setFields([{ name: ruleField, errors: [error.message] }]);
        return new Error(error.message);
      }
      const details = error.status === 400 ? fieldErrorsOf(error.details) : [];
      if (details.length === 0) return new Error(describe(error));
      const byField = new Map<string, string[]>();
      for (const detail of details) {
        const field = formFieldOf(detail.path);
        byField.set(field, [...(byField.get(field) ?? []), detail.message]);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
      return new Error(t('editor.invalid'));
    },
    [t, modal, describe, form, onReload],
  );
}

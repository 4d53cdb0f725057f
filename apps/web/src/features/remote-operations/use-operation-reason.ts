import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { REMOTE_OPERATION_REASONS } from '@cmp/domain/stations/remote-operations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

/** A reason is a code (`offline`, `timeout`, the charger's answer such as `Rejected`), then maybe `: detail`. */
const REASON = /^([A-Za-z]+)(?::\s*([\s\S]+))?$/;
const isKnown = (code: string) => (REMOTE_OPERATION_REASONS as readonly string[]).includes(code);

/**
 * Why an operation failed, in the reader's words: a known code reads as a sentence, with its detail after it;
 * anything else (a charger's CallError code and description) is shown as it came.
 */
export function useOperationReason(): (reason: string | null) => string {
  const { t } = useTranslation('remoteOperations');
  const label = useEnumLabel();
  return useCallback(
    (reason) => {
      if (reason === null || reason === '') return '-';
      const [, code, detail] = REASON.exec(reason) ?? [];
      if (code === undefined || !isKnown(code)) return reason;
      const said = label('remoteOperationReason', code);
      return detail ? t('reason.withDetail', { reason: said, detail }) : said;
    },
    [t, label],
  );
}

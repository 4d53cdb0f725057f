import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { STATUS_CHOICES, type StatusChoice } from './remote-operation-list-query';

/** The status filter's options: unfinished, all, then each status by its label. */
export function useStatusChoiceOptions(): { value: StatusChoice; label: string }[] {
  const { t } = useTranslation('remoteOperations');
  const label = useEnumLabel();
  return useMemo(
    () =>
      STATUS_CHOICES.map((choice) => ({
        value: choice,
        label:
          choice === 'open' || choice === 'all'
            ? t(`status.${choice}`)
            : label('remoteOperationStatus', Number(choice)),
      })),
    [t, label],
  );
}

import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOT_FOUND_ACCOUNT_ID } from '@cmp/domain/accounts/account-lookup';
import { ApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useStationsTenant } from '../../components/lookups';
import { crowdsourcedKeys, useCrowdsourcedApi, useRefreshAfterReportChange } from './crowdsourced-api';

export function useReportDetail(objectId: string | undefined) {
  const tenant = useStationsTenant();
  const reports = useCrowdsourcedApi();
  return useQuery({
    queryKey: crowdsourcedKeys.detail(tenant, objectId ?? ''),
    queryFn: ({ signal }) => reports.detail(objectId!, signal),
    enabled: objectId !== undefined,
  });
}

/** The reporter's profile; the server answers a placeholder rather than an error when nobody matches. */
export function useReporter(accountId: string | null) {
  const tenant = useStationsTenant();
  const reports = useCrowdsourcedApi();
  return useQuery({
    queryKey: crowdsourcedKeys.reporter(tenant, accountId ?? ''),
    queryFn: ({ signal }) => reports.reporter(accountId!, signal),
    enabled: accountId !== null,
  });
}

export const isPlaceholderAccount = (accountId: string): boolean => accountId === NOT_FOUND_ACCOUNT_ID;

const ruleKeyOf = (details: unknown): string | undefined =>
  typeof details === 'object' && details !== null && 'key' in details && typeof details.key === 'string'
    ? details.key
    : undefined;

/**
 * A 409 is a stale version unless its rule says otherwise: going online is also refused with 409 when the
 * station id is taken, which no reload fixes.
 */
function isVersionConflict(error: ApiError): boolean {
  const key = ruleKeyOf(error.details);
  return error.status === 409 && (key === undefined || key.endsWith('versionConflict'));
}

/**
 * What a refused change of a report says. A version conflict means someone changed the report meanwhile:
 * it is loaded again (the form keeps what the user typed and sends the new version next time) and the
 * user is told to check it before trying again.
 */
export function useReportFailure(): (error: unknown) => string {
  const { t } = useTranslation('crowdsourcedReview');
  const describe = useDescribeError();
  const refresh = useRefreshAfterReportChange();
  return useCallback(
    (error) => {
      if (!(error instanceof ApiError)) return describe(error);
      if (isVersionConflict(error)) {
        void refresh();
        return t('conflict');
      }
      // The server words its other conflicts in the reader's language; the generic text would hide why.
      return error.status === 409 ? error.message : describe(error);
    },
    [t, describe, refresh],
  );
}

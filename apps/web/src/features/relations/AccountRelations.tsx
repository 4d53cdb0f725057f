import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStationsTenant } from '../../components/lookups';
import { relationListPath } from './relation-links';
import { RelationTable } from './RelationTable';

/** The stations an account is tied to, on the account page: its relations, latest bound first. */
export function AccountRelations({ accountId }: { accountId: string }) {
  const { t } = useTranslation('relations');
  const tenant = useStationsTenant();
  return (
    <RelationTable
      of={{ account_id: accountId }}
      empty={t('account.empty')}
      toolbar={
        <Link to={relationListPath(tenant, `?account_id=${encodeURIComponent(accountId)}`)}>
          {t('account.allOfAccount')}
        </Link>
      }
    />
  );
}

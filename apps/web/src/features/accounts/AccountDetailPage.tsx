import { ArrowLeftOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Flex, Result, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { AccountPaths } from '../charging-paths/AccountPaths';
import { AccountReports } from '../crowdsourced-stations/AccountReports';
import { AccountInvitations } from '../invitations/AccountInvitations';
import { AccountRelations } from '../relations/AccountRelations';
import { formatTime, orDash } from '../../components/format';
import { accountLookupPath, useAccountsTenant } from './account-links';
import { useAccount } from './accounts-api';
import { AccountCars } from './AccountCars';
import { AccountComments } from './AccountComments';
import { AccountState, Nickname, useAccountCodeLabel } from './account-parts';

const TABS = ['cars', 'comments', 'relations', 'paths', 'invitations', 'reports'] as const;
type AccountTab = (typeof TABS)[number];
const isAccountTab = (value: string | null): value is AccountTab => TABS.includes(value as AccountTab);

/**
 * One app user (`?accountId=`): the platform account's fields (spec C3.10.3) and what ties the user to the
 * network, a tab each: cars, comments, relations to stations, charging paths, invitations and reported
 * stations. The open tab is kept in `?tab=`.
 */
export default function AccountDetailPage() {
  const { t } = useTranslation('accounts');
  const tenant = useAccountsTenant();
  const [params, setParams] = useSearchParams();
  const accountId = params.get('accountId')?.trim() || undefined;
  const account = useAccount(accountId);
  const requested = params.get('tab');
  const active: AccountTab = isAccountTab(requested) ? requested : 'cars';

  const back = (
    <Link to={accountLookupPath(tenant)}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );
  if (accountId === undefined) return <Result status="warning" title={t('detail.missingId')} extra={back} />;
  if (account.isPending) return <PageLoading />;
  if (account.isError) {
    return account.error instanceof ApiError && account.error.status === 404 ? (
      <Result status="404" title={t('detail.notFound')} extra={back} />
    ) : (
      <ErrorResult error={account.error} onRetry={() => void account.refetch()} />
    );
  }
  const items = [
    { key: 'cars', label: t('tab.cars'), children: <AccountCars accountId={accountId} /> },
    { key: 'comments', label: t('tab.comments'), children: <AccountComments accountId={accountId} /> },
    { key: 'relations', label: t('tab.relations'), children: <AccountRelations accountId={accountId} /> },
    { key: 'paths', label: t('tab.paths'), children: <AccountPaths accountId={accountId} /> },
    {
      key: 'invitations',
      label: t('tab.invitations'),
      children: <AccountInvitations accountId={accountId} />,
    },
    {
      key: 'reports',
      label: t('tab.reports'),
      children: <AccountReports creatorAccountId={accountId} />,
    },
  ];
  return (
    <Flex vertical gap={16}>
      {back}
      <AccountCard account={account.data} />
      <Card>
        <Tabs
          activeKey={active}
          items={items}
          destroyOnHidden={false}
          onChange={(key) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (key === 'cars') next.delete('tab');
                else next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
        />
      </Card>
    </Flex>
  );
}

function AccountCard({ account: a }: { account: PlatformAccount }) {
  const { t } = useTranslation('accounts');
  const label = useEnumLabel();
  const codeLabel = useAccountCodeLabel();
  const shownName = a.nickName ?? a.name ?? t('detail.unnamed');
  return (
    <Card
      title={
        <Flex gap={12} align="center">
          <Avatar src={a.avatar ?? undefined}>{shownName.slice(0, 1)}</Avatar>
          <span>{t('detail.title', { name: shownName })}</span>
          <AccountState account={a} />
        </Flex>
      }
    >
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('field.accountId')}>
          <Typography.Text copyable>{a.accountId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.nickName')}>
          <Nickname account={a} />
        </Descriptions.Item>
        <Descriptions.Item label={t('field.name')}>{orDash(a.name)}</Descriptions.Item>
        <Descriptions.Item label={t('field.mobile')}>
          {a.mobile ? `+${a.countryCode} ${a.mobile}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.gender')}>{label('gender', a.gender)}</Descriptions.Item>
        <Descriptions.Item label={t('field.birthday')}>{orDash(a.birthday)}</Descriptions.Item>
        <Descriptions.Item label={t('field.usualCity')}>
          {orDash(a.usualCity ?? a.usualCityCode)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.email')}>{orDash(a.email)}</Descriptions.Item>
        <Descriptions.Item label={t('field.appId')}>
          {a.appId ? label('client', a.appId) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.channel')}>
          {codeLabel('channel', a.channelCode)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.channelUserId')}>{orDash(a.channelUserId)}</Descriptions.Item>
        <Descriptions.Item label={t('field.sourceCode')}>
          {codeLabel('source', a.sourceCode)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.udsUserId')}>{orDash(a.udsUserId)}</Descriptions.Item>
        <Descriptions.Item label={t('field.createTime')}>{formatTime(a.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('field.updateTime')}>{formatTime(a.updateTime)}</Descriptions.Item>
        {a.intro && (
          <Descriptions.Item label={t('field.intro')} span="filled">
            {a.intro}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

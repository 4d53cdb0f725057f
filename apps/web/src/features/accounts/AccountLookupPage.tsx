import { useEffect, useState } from 'react';
import { CarOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Input,
  Segmented,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AccountSearchRequest, PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { accountPath, personalCarListPath, useAccountsTenant } from './account-links';
import { accountKeys, useAccountsApi } from './accounts-api';
import { AccountState, Nickname } from './account-parts';

const LOOKUP_BY = ['mobile', 'nickname', 'accountId'] as const;
type LookupBy = (typeof LOOKUP_BY)[number];
const PAGE_SIZE = 20;
const MOBILE = /^\d{3,20}$/;

const lookupByOf = (raw: string | null): LookupBy =>
  LOOKUP_BY.includes(raw as LookupBy) ? (raw as LookupBy) : 'mobile';
const pageOf = (raw: string | null): number => {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The user search the look-up sends: one field by what the user chose, a page of 20. */
export function toAccountSearch(
  by: LookupBy,
  q: string,
  strict: boolean,
  page: number,
): AccountSearchRequest {
  const paging = { pageNo: page, pageSize: PAGE_SIZE };
  if (by === 'mobile') return { mobile: q, ...paging };
  if (by === 'accountId') return { accountId: q, ...paging };
  return { nickName: q, strict, ...paging };
}

/**
 * Finds an app user (spec C2.15) by mobile, nickname (its beginning, or exactly) or account id; the search
 * lives in the URL so Back returns to it. Viewers see mobiles masked, as the server answers them.
 */
export default function AccountLookupPage() {
  const { t } = useTranslation('accounts');
  const tenant = useAccountsTenant();
  const accounts = useAccountsApi();
  const label = useEnumLabel();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const by = lookupByOf(params.get('by'));
  const q = params.get('q')?.trim() ?? '';
  const strict = params.get('strict') === 'true';
  const page = pageOf(params.get('page'));
  const [chosenBy, setChosenBy] = useState<LookupBy>(by);
  const [text, setText] = useState(q);
  const [exact, setExact] = useState(strict);
  useEffect(() => {
    setChosenBy(by);
    setText(q);
    setExact(strict);
  }, [by, q, strict]);

  const invalid = by === 'mobile' && q !== '' && !MOBILE.test(q);
  const request = toAccountSearch(by, q, strict, page);
  const found = useQuery({
    queryKey: accountKeys.search(tenant, request),
    queryFn: ({ signal }) => accounts.search(request, signal),
    enabled: q !== '' && !invalid,
    placeholderData: keepPreviousData,
  });

  const search = (value: string) => {
    const next = new URLSearchParams({ by: chosenBy, q: value.trim() });
    if (chosenBy === 'nickname' && exact) next.set('strict', 'true');
    setParams(next);
  };
  const typedInvalid = chosenBy === 'mobile' && text.trim() !== '' && !MOBILE.test(text.trim());

  const columns: TableColumnsType<PlatformAccount> = [
    {
      key: 'accountId',
      title: t('field.accountId'),
      width: 140,
      render: (_, a) => <Link to={accountPath(tenant, a.accountId)}>{a.accountId}</Link>,
    },
    { key: 'nickName', title: t('field.nickName'), render: (_, a) => <Nickname account={a} /> },
    { key: 'name', title: t('field.name'), render: (_, a) => orDash(a.name) },
    { key: 'mobile', title: t('field.mobile'), width: 140, render: (_, a) => orDash(a.mobile) },
    { key: 'gender', title: t('field.gender'), width: 80, render: (_, a) => label('gender', a.gender) },
    { key: 'usualCity', title: t('field.usualCity'), render: (_, a) => orDash(a.usualCity) },
    { key: 'appId', title: t('field.appId'), render: (_, a) => (a.appId ? label('client', a.appId) : '-') },
    {
      key: 'createTime',
      title: t('field.createTime'),
      width: 170,
      render: (_, a) => formatTime(a.createTime),
    },
    { key: 'state', title: t('field.state'), width: 90, render: (_, a) => <AccountState account={a} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <Card
        title={t('lookup.title')}
        extra={
          <Link to={personalCarListPath(tenant)}>
            <Button icon={<CarOutlined />}>{t('lookup.personalCars')}</Button>
          </Link>
        }
      >
        <Flex gap={12} wrap align="start">
          <Segmented<LookupBy>
            value={chosenBy}
            onChange={setChosenBy}
            options={LOOKUP_BY.map((value) => ({ value, label: t(`lookup.by.${value}`) }))}
          />
          <Flex vertical gap={4} style={{ flex: '1 1 320px', maxWidth: 480 }}>
            <Input.Search
              aria-label={t(`lookup.by.${chosenBy}`)}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t(`lookup.placeholder.${chosenBy}`)}
              enterButton={t('lookup.search')}
              status={typedInvalid ? 'error' : undefined}
              allowClear
              onSearch={(value) => {
                if (value.trim() !== '' && !(chosenBy === 'mobile' && !MOBILE.test(value.trim())))
                  search(value);
              }}
            />
            {typedInvalid && <Typography.Text type="danger">{t('lookup.mobileDigits')}</Typography.Text>}
          </Flex>
          {chosenBy === 'nickname' && (
            <Checkbox checked={exact} onChange={(event) => setExact(event.target.checked)}>
              {t('lookup.strict')}
            </Checkbox>
          )}
        </Flex>
      </Card>
      <Card>
        {q === '' || invalid ? (
          <Empty description={t('lookup.hint')} />
        ) : found.isError ? (
          <ErrorResult error={found.error} onRetry={() => void found.refetch()} />
        ) : (
          <Table<PlatformAccount>
            rowKey="accountId"
            size="middle"
            loading={found.isFetching}
            columns={columns}
            dataSource={found.data?.items ?? []}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: found.isPending ? ' ' : <Empty description={t('lookup.empty')} /> }}
            onRow={(a) => ({
              onClick: (event) => {
                if (!(event.target as HTMLElement).closest('a'))
                  void navigate(accountPath(tenant, a.accountId));
              },
              style: { cursor: 'pointer' },
            })}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: found.data?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('lookup.total', { total }),
              onChange: (next) => {
                const nextParams = new URLSearchParams(params);
                nextParams.set('page', String(next));
                setParams(nextParams);
              },
            }}
          />
        )}
      </Card>
    </Flex>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Card, Col, Flex, Row, Skeleton, Spin, Statistic, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DASHBOARD_TREND_DAYS, type Dashboard } from '@cmp/domain/dashboard/dashboard';
import { TENANT_LABELS } from '@cmp/domain';
import { useTenantApi } from '../../api/use-tenant-api';
import { ErrorResult } from '../errors/ErrorResult';
import { tenantOfPath, tenantPath } from '../paths';
import { useCurrentUser } from '../session/current-user';
import { dashboardLinks, startOfToday } from './dashboard-links';
import { DensityMap } from './DensityMap';

// The chart library is the heaviest part of the page: its own chunk, fetched once the figures show.
const DashboardCharts = lazy(() => import('./DashboardCharts'));

/** The figures are kept current by the server; reading them again now and then keeps an open page true. */
const REFRESH_MS = 60_000;

interface FigureProps {
  to: string;
  title: string;
  value: number;
  footer?: ReactNode;
  alert?: boolean;
}

/** One figure of the dashboard: the figure is the link to its filtered list; its footer may hold links of its own. */
function Figure({ to, title, value, footer, alert }: FigureProps) {
  return (
    <Card hoverable size="small" style={{ height: '100%' }}>
      <Link to={to} aria-label={`${title} ${value}`} style={{ display: 'block', color: 'inherit' }}>
        <Statistic
          title={title}
          value={value}
          styles={{ content: { color: alert && value > 0 ? '#cf1322' : undefined } }}
        />
      </Link>
      {footer && <Typography.Text type="secondary">{footer}</Typography.Text>}
    </Card>
  );
}

function Figures({ dashboard, to }: { dashboard: Dashboard; to: (relative: string) => string }) {
  const { t } = useTranslation('shell');
  const links = dashboardLinks(dashboard);
  const { stations, chargers, comments, coupons } = dashboard;
  const figures: (FigureProps & { key: string })[] = [
    {
      key: 'stations',
      to: links.stations,
      title: t('home.stations'),
      value: stations.total,
      footer: (
        <Link to={to(links.stationsOnline)}>{t('home.stationsOnline', { online: stations.online })}</Link>
      ),
    },
    {
      key: 'chargers',
      to: links.chargersRegistered,
      title: t('home.chargers'),
      value: chargers.registered,
      footer: (
        <>
          <Link to={to(links.stationsOnline)}>{t('home.chargersOnline', { online: chargers.online })}</Link>
          {' / '}
          <Link to={to(links.chargersOffline)}>
            {t('home.chargersOffline', { offline: chargers.registered - chargers.online })}
          </Link>
        </>
      ),
    },
    {
      key: 'openWorksheets',
      to: links.openWorksheets,
      title: t('home.openWorksheets'),
      value: dashboard.worksheets.open,
    },
    {
      key: 'reviewQueue',
      to: links.reviewQueue,
      title: t('home.reviewQueue'),
      value: dashboard.reviewQueue.pending,
    },
    {
      key: 'awaitingReply',
      to: links.awaitingReply,
      title: t('home.awaitingReply'),
      value: comments.awaitingReply,
      footer: `${t('home.awaitingReplyHint', { days: DASHBOARD_TREND_DAYS })} · ${t('home.commentsTotal', { total: comments.total })}`,
    },
    {
      key: 'couponsIssued',
      to: links.couponsIssued,
      title: t('home.couponsIssued'),
      value: coupons.issued,
      footer: t('home.couponsUsed', { used: coupons.used }),
    },
    {
      key: 'failedToday',
      to: links.failedToday,
      title: t('home.failedToday'),
      value: dashboard.remoteOperations.failedToday,
      alert: true,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map(({ key, ...figure }) => (
        <Col key={key} xs={12} md={8} xl={6}>
          <Figure {...figure} to={to(figure.to)} />
        </Col>
      ))}
    </Row>
  );
}

/**
 * The tenant's home: its figures (stations and chargers online, open worksheets, the review queue, comments
 * awaiting a reply, coupons, remote operations failed today), each a link to its filtered list, the comment and
 * coupon charts and the network's density (`GET /dashboard`).
 */
export default function HomePage() {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const tenant = tenantOfPath(useLocation().pathname);
  const api = useTenantApi();
  const todayStart = startOfToday();
  const query = useQuery({
    queryKey: ['dashboard', tenant, todayStart],
    queryFn: ({ signal }) => api.get<Dashboard>('/dashboard', { query: { todayStart }, signal }),
    refetchInterval: REFRESH_MS,
  });
  if (!tenant) return null;
  const to = (relative: string) => tenantPath(tenant, relative);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('home.welcome', { name: user.displayName })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('home.title', { tenant: `${TENANT_LABELS[tenant]} · ${t(`common:tenant.${tenant}`)}` })}
            {query.data &&
              ` · ${t('home.updatedAt', { time: dayjs(query.data.generatedAt).format('HH:mm:ss') })}`}
          </Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('home.refresh')}
        </Button>
      </Flex>
      {query.isError && !query.data ? (
        <Card>
          <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : !query.data ? (
        <Card aria-busy="true" aria-label={t('home.loading')}>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : (
        <>
          <Figures dashboard={query.data} to={to} />
          <Suspense
            fallback={
              <Card>
                <Spin tip={t('home.chartsLoading')}>
                  <div style={{ height: 200 }} />
                </Spin>
              </Card>
            }
          >
            <DashboardCharts dashboard={query.data} />
          </Suspense>
          <Card title={t('home.mapTitle')}>
            <DensityMap density={query.data.density} />
          </Card>
        </>
      )}
    </Flex>
  );
}

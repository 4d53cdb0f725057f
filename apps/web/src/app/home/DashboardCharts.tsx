import { memo } from 'react';
import { Card, Col, Empty, Row } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DASHBOARD_TREND_DAYS, type Dashboard } from '@cmp/domain/dashboard/dashboard';

const DAY_MS = 86_400_000;
const HEIGHT = 260;

/** Every day of the trend, days without comments as zero, so the axis runs evenly. */
function trendDays(comments: Dashboard['comments']) {
  const byDay = new Map(comments.trend.map((day) => [day.day, day]));
  return Array.from({ length: DASHBOARD_TREND_DAYS }, (_, i) => {
    const day = comments.trendStart + i * DAY_MS;
    const figures = byDay.get(day);
    return {
      label: dayjs(day).format('MM-DD'),
      count: figures?.count ?? 0,
      averageRating: figures?.averageRating ?? null,
    };
  });
}

// A chart's hidden tooltip keeps its last place: after a resize to a phone it sat past the screen's edge and
// widened the page (scrollWidth 555 at 390). The card clips it.
const CHART_CARD = { body: { overflow: 'hidden' } } as const;

/**
 * The dashboard's charts, with recharts (docs/decisions.md "Home dashboard"): the home page loads this module
 * lazily, so the chart library is its own chunk, fetched after the figures show. Memoised as the density map
 * is: leaving the home re-renders it.
 */
export default memo(function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('shell');
  const days = trendDays(dashboard.comments);
  const batches = [...dashboard.coupons.batches].reverse();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('home.ratingTrend', { days: DASHBOARD_TREND_DAYS })} styles={CHART_CARD}>
          {dashboard.comments.trend.length === 0 ? (
            <Empty description={t('home.noComments', { days: DASHBOARD_TREND_DAYS })} />
          ) : (
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" fontSize={12} />
                <YAxis yAxisId="count" allowDecimals={false} fontSize={12} />
                <YAxis
                  yAxisId="rating"
                  orientation="right"
                  domain={[0, 5]}
                  ticks={[0, 1, 2, 3, 4, 5]}
                  fontSize={12}
                />
                <Tooltip />
                <Legend />
                <Bar
                  yAxisId="count"
                  dataKey="count"
                  name={t('home.ratingCount')}
                  fill="#69b1ff"
                  isAnimationActive={false}
                />
                <Line
                  yAxisId="rating"
                  dataKey="averageRating"
                  name={t('home.averageRating')}
                  stroke="#fa8c16"
                  strokeWidth={2}
                  connectNulls
                  isAnimationActive={false}
                />
              </ComposedChart>
            </ResponsiveContainer>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('home.couponChart')} styles={CHART_CARD}>
          {batches.length === 0 ? (
            <Empty description={t('home.noCoupons')} />
          ) : (
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <BarChart data={batches} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="batchName"
                  fontSize={12}

                  tickFormatter={(name: string) => name.slice(0, 8)}
                />
                <YAxis allowDecimals={false} fontSize={12} />
                <Tooltip />
                <Legend />
                <Bar
                  dataKey="issued"
                  name={t('home.couponIssued')}
                  fill="#4096ff"
                  isAnimationActive={false}
                />
                <Bar dataKey="used" name={t('home.couponUsed')} fill="#52c41a" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          )}
        </Card>
      </Col>
    </Row>
  );
});

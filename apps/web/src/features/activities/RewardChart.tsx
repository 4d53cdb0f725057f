import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RewardTimeline } from '@cmp/domain/activities/activity-contracts';

/**
 * The rewards an activity gave per day: red packets (how many) as bars, points as a line. Loaded lazily by the
 * activity's page, as the dashboard's charts are, so the chart library is a chunk of its own.
 */
export default function RewardChart({ timeline }: { timeline: RewardTimeline }) {
  const { t } = useTranslation('activities');
  const data = timeline.days.map((day) => ({
    label: day.day.slice(5),
    redPacket: day.totalRedPacket,
    points: day.totalNioPoint,
  }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" fontSize={12} />
        <YAxis yAxisId="packets" allowDecimals={false} fontSize={12} />
        <YAxis yAxisId="points" orientation="right" allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        <Bar yAxisId="packets" dataKey="redPacket" name={t('detail.chartRedPacket')} fill="#fa541c" />
        <Line yAxisId="points" dataKey="points" name={t('detail.chartPoints')} stroke="#1677ff" dot={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

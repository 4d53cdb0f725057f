import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { clockOf, type TariffRow } from './tariff-calendar-rows';

/** The lines' colours after the station's grey: antd's palette, distinct on white. */
const COLOURS = ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#13c2c2', '#eb2f96', '#faad14'];
const HOURS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

export interface TariffLine {
  name: string;
  /** A discount drawn before it starts is dashed. */
  preview: boolean;
}

/**
 * The day's price per kWh as steps: the station's own against each discount's. Loaded lazily, as the
 * other charts are, so the chart library is a chunk of its own.
 */
export default function TariffChart({
  rows,
  hours,
  lines,
}: {
  rows: readonly TariffRow[];
  /** Each row's start and the last row's end, as hours of the day. */
  hours: readonly number[];
  lines: readonly TariffLine[];
}) {
  const { t } = useTranslation('activities');
  const pointOf = (row: TariffRow, hour: number) => ({
    hour,
    base: row.base,
    ...Object.fromEntries(row.discounts.map((price, index) => [`d${index}`, price?.total ?? null])),
  });
  const last = rows.at(-1);
  const data = [
    ...rows.map((row, index) => pointOf(row, hours[index]!)),
    ...(last ? [pointOf(last, hours.at(-1)!)] : []),
  ];
  const price = (value: unknown) => (typeof value === 'number' ? `${value} ${t('editor.yuanPerKwh')}` : '-');
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="hour"
          type="number"
          domain={[0, 24]}
          ticks={HOURS}
          tickFormatter={(hour: number) => clockOf(hour)}
          fontSize={12}
        />
        <YAxis fontSize={12} domain={[0, 'auto']} />
        <Tooltip
          labelFormatter={(hour) => (typeof hour === 'number' ? clockOf(hour) : String(hour))}
          formatter={(value) => price(value)}
        />
        <Legend />
        <Line
          type="stepAfter"
          dataKey="base"
          name={t('calendar.base')}
          stroke="#8c8c8c"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        {lines.map((line, index) => (
          <Line
            key={index}
            type="stepAfter"
            dataKey={`d${index}`}
            name={line.name}
            stroke={COLOURS[index % COLOURS.length]}
            strokeDasharray={line.preview ? '6 4' : undefined}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

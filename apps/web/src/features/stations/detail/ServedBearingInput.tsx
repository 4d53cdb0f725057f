import { InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { compassPointOf } from '@cmp/domain/stations/served-direction';

/** "Southbound (185°)", or "Either direction" for a station cars going both ways can pull in at. */
export function useServedBearingText(): (bearing: number | null | undefined) => string {
  const { t } = useTranslation('stationDetail');
  return (bearing) =>
    bearing == null
      ? t('servedBearing.either')
      : t('servedBearing.degrees', { point: t(`servedBearing.point.${compassPointOf(bearing)}`), bearing });
}

/**
 * The direction of travel a service area serves: its compass point and degrees when read, whole degrees
 * (0–359) when edited; empty is "either direction".
 */
export function ServedBearingInput({
  value,
  onChange,
  readOnly,
  label,
}: {
  value?: number | null;
  onChange?: (bearing: number | null) => void;
  readOnly: boolean;
  label: string;
}) {
  const { t } = useTranslation('stationDetail');
  const text = useServedBearingText();
  if (readOnly) return <Typography.Text>{text(value)}</Typography.Text>;
  return (
    <InputNumber<number>
      aria-label={label}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      precision={0}
      suffix="°"
      placeholder={t('servedBearing.either')}
      style={{ width: '100%' }}
    />
  );
}

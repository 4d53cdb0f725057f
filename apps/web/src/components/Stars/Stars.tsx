import type { CSSProperties } from 'react';
import styles from './stars.module.css';

const SIZES = { small: 13, middle: 20 } as const;
/** antd's Rate puts `marginXS` between its stars. */
const GAP = 8;
const STARS = 5;

/**
 * Stars only to read, halves and fractions shown, drawn as antd's Rate draws them (its star, size, spacing
 * and colours) by two CSS layers instead of Rate's five interactive stars: a list of 20 comments mounted a
 * hundred star components for a picture.
 */
export function Stars({
  value,
  label,
  size = 'small',
}: {
  value: number;
  label: string;
  size?: keyof typeof SIZES;
}) {
  const star = SIZES[size];
  const clamped = Math.min(Math.max(value, 0), STARS);
  const whole = Math.floor(clamped);
  const filled = whole * (star + GAP) + (clamped - whole) * star;
  const style = {
    '--star': `${star}px`,
    '--gap': `${GAP}px`,
    '--filled': `${filled}px`,
  } as CSSProperties;
  return <span role="img" aria-label={label} className={styles.stars} style={style} />;
}

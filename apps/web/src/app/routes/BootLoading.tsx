import styles from './BootLoading.module.css';

/**
 * What shows while the first page's chunks load. Plain CSS rather than antd's Spin: it is part of every first
 * download, including the public mobile page, which does not use antd until its map opens.
 */
export function BootLoading() {
  return (
    <div className={styles.boot} role="status" aria-busy="true">
      <div className={styles.spinner} />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import styles from './BootLoading.module.css';

/**
 * What shows while the first page's chunks load: the spinner of index.html, and the status in words as soon
 * as the shell's texts are in (they load with the entry). Plain CSS rather than antd's Spin: it is part of
 * every first download, including the public mobile page, which does not use antd until its map opens.
 */
export function BootLoading() {
  // Not suspending: the spinner shows from the start, the words join it when they arrive.
  const { t, ready } = useTranslation('shell', { useSuspense: false });
  return (
    <div className={styles.boot} role="status" aria-busy="true">
      <div className={styles.spinner} />
      {ready && <span className={styles.text}>{t('loading')}</span>}
    </div>
  );
}

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorksheetStatus } from '@cmp/domain/stations/worksheets';

export function WorksheetStatusTag({ status }: { status: WorksheetStatus }) {
  const { t } = useTranslation('worksheets');
  return <Tag color={status === 'open' ? 'processing' : 'default'}>{t(`status.${status}`)}</Tag>;
}

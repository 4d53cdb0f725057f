import { Flex, Progress, Typography } from 'antd';
import type { RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

/**
 * How far the charger got: a bar with the percentage when it reports one (a firmware upgrade), with the
 * step it last reported; only the step otherwise (a diagnostics upload).
 */
export function OperationProgress({ log }: { log: RemoteOperationLog }) {
  const label = useEnumLabel();
  const step = log.upgradeInfo?.firmwareStatus
    ? label('firmwareStatus', log.upgradeInfo.firmwareStatus)
    : log.progress;
  if (log.percentage === null) return step ?? '-';
  return (
    <Flex vertical gap={0}>
      <Progress
        percent={log.percentage}
        size="small"
        status={log.status === 2 ? 'exception' : log.status === 1 ? 'success' : 'active'}
      />
      {step && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {step}
        </Typography.Text>
      )}
    </Flex>
  );
}

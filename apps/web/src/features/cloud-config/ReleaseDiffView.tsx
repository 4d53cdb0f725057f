import { Alert, Col, Empty, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KeyChange, ReleaseDiff } from '@cmp/domain/cloud-config/cloud-config';
import { prettyConfigValue } from '@cmp/domain/cloud-config/config-values';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

const CHANGE_COLORS: Record<KeyChange, string> = { added: 'green', removed: 'red', changed: 'orange' };

function ValueBox({ value, label }: { value: string | null; label: string }) {
  return (
    <div>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <pre
        style={{
          margin: 0,
          padding: 8,
          maxHeight: 280,
          overflow: 'auto',
          background: 'rgba(0, 0, 0, 0.03)',
          borderRadius: 4,
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {value === null ? '-' : prettyConfigValue(value)}
      </pre>
    </div>
  );
}

/** The keys that differ between two releases (or a release and the working items), old beside new. */
export function ReleaseDiffView({ diff }: { diff: ReleaseDiff }) {
  const { t } = useTranslation('cloudConfig');
  const label = useEnumLabel();
  const side = (release: ReleaseDiff['from'] | null) =>
    release ? `#${release.notificationId} ${release.releaseTitle}` : t('diff.working');
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        {t('diff.from')}: <Typography.Text strong>{side(diff.from)}</Typography.Text> → {t('diff.to')}:{' '}
        <Typography.Text strong>{side(diff.to)}</Typography.Text>
      </Typography.Text>
      {diff.changes.length === 0 ? (
        <Empty description={t('diff.same')} />
      ) : (
        diff.changes.map((change) => (
          <div
            key={change.key}
            data-testid={`diff-${change.key}`}
            style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}
          >
            <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
              <Typography.Text code>{change.key}</Typography.Text>
              <Tag color={CHANGE_COLORS[change.change]}>{label('configKeyChange', change.change)}</Tag>
              {change.oldComment !== change.newComment && (
                <Typography.Text type="secondary">
                  {t('diff.comment', { old: change.oldComment ?? '-', new: change.newComment ?? '-' })}
                </Typography.Text>
              )}
            </Flex>
            <Row gutter={12}>
              <Col span={12}>
                <ValueBox label={t('diff.oldValue')} value={change.oldValue} />
              </Col>
              <Col span={12}>
                <ValueBox label={t('diff.newValue')} value={change.newValue} />
              </Col>
            </Row>
          </div>
        ))
      )}
      {diff.unchangedCount > 0 && (
        <Alert type="info" showIcon title={t('diff.unchanged', { count: diff.unchangedCount })} />
      )}
    </Flex>
  );
}

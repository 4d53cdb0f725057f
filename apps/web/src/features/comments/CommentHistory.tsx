import type { ReactNode } from 'react';
import { Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CommentOperation } from '@cmp/domain/comments/comment-contracts';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { displayValue, fieldChanges } from '../stations/tabs/history-diff';
import { ChangeTable } from '../stations/tabs/ChangeTable';
import { commentKeys, useCommentsApi } from './comments-api';

export const COMMENT_HISTORY_PAGE_SIZE = 10;

/** What was done to the comment, newest first, a page at a time after the last record shown. */
export function CommentHistory({ commentaryId }: { commentaryId: number }) {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const comments = useCommentsApi();
  const history = useInfiniteQuery({
    queryKey: commentKeys.operations(tenant, commentaryId),
    queryFn: ({ pageParam, signal }) =>
      comments.operations(
        { commentaryId, lastRecordId: pageParam, pageNo: 1, pageSize: COMMENT_HISTORY_PAGE_SIZE },
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.lastRecordId ?? undefined,
  });
  const records = history.data?.pages.flatMap((page) => page.items) ?? [];

  if (history.isError && records.length === 0) {
    return <ErrorResult error={history.error} onRetry={() => void history.refetch()} />;
  }
  if (history.isPending) return <Spin />;
  if (records.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />;
  }
  return (
    <Flex vertical gap={8}>
      {records.map((record) => (
        <OperationRecord key={record.recordId} record={record} />
      ))}
      <Flex justify="center">
        {history.hasNextPage ? (
          <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {t('history.loadMore')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('history.noMore')}</Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}

function OperationRecord({ record }: { record: CommentOperation }) {
  const { t } = useTranslation('comments');
  const label = useEnumLabel();

  return (
    <Card
      size="small"
      data-testid={`comment-operation-${record.recordId}`}
      title={
        <Flex wrap gap={8} align="center">
          <Tag color="blue">{label('commentAction', record.action)}</Tag>
          <Typography.Text type="secondary">{formatTime(record.operationTime)}</Typography.Text>
        </Flex>
      }
      extra={
        <Typography.Text type="secondary">
          {t('history.by', {
            userName: record.userName ?? '-',
            userType: label('commentUserType', record.userType),
          })}
        </Typography.Text>
      }
    >
      <OperationChanges record={record} />
    </Card>
  );
}

/** The fields one operation changed, before and after; flags read as yes/no, a reply's text as itself. */
export function OperationChanges({ record }: { record: CommentOperation }) {
  const { t } = useTranslation('comments');
  const changes = fieldChanges(record.before, record.after);
  const show = (value: unknown): ReactNode =>
    typeof value === 'boolean' ? t(value ? 'yesNo.yes' : 'yesNo.no') : displayValue(value);
  if (changes.length === 0) {
    return <Typography.Text type="secondary">{t('history.noChanges')}</Typography.Text>;
  }
  return (
    <ChangeTable
      changes={changes}
      headers={{ field: t('history.field'), before: t('history.before'), after: t('history.after') }}
      fieldName={(field) => t(`history.fields.${field}`, { defaultValue: field })}
      show={(_field, value) => show(value)}
    />
  );
}

import { useState } from 'react';
import { DatePicker, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { COMMENT_ACTIONS, type CommentAction } from '@cmp/domain/comments/comment-actions';
import { COMMENT_USER_TYPES, type CommentUserType } from '@cmp/domain/comments/comment-codes';
import type { CommentOperation, CommentOperationRequest } from '@cmp/domain/comments/comment-contracts';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { OperationChanges } from './CommentHistory';
import { commentKeys, useCommentsApi } from './comments-api';

interface OperationFilter {
  actions: CommentAction[];
  userType?: CommentUserType;
  timeRange?: [number, number];
}

const PAGE_SIZES = [10, 20, 30, 40, 50];

/**
 * The comment's operation history as the spec's operation list (C3.8.6): filtered by actions, user type
 * and operation time, paged by number, newest first.
 */
export function CommentOperationTable({ commentaryId }: { commentaryId: number }) {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const comments = useCommentsApi();
  const label = useEnumLabel();
  const [filter, setFilter] = useState<OperationFilter>({ actions: [] });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const refilter = (change: Partial<OperationFilter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage((current) => ({ ...current, pageNo: 1 }));
  };

  const request: CommentOperationRequest = {
    commentaryId,
    ...page,
    ...(filter.actions.length > 0 ? { actions: filter.actions } : {}),
    ...(filter.userType ? { userType: filter.userType } : {}),
    ...(filter.timeRange
      ? { operationTimeBegin: filter.timeRange[0], operationTimeEnd: filter.timeRange[1] }
      : {}),
  };
  const query = useQuery({
    queryKey: [...commentKeys.operations(tenant, commentaryId), request],
    queryFn: ({ signal }) => comments.operations(request, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<CommentOperation> = [
    {
      key: 'operationTime',
      title: t('history.operationTime'),
      width: 180,
      render: (_, record) => formatTime(record.operationTime),
    },
    {
      key: 'action',
      title: t('history.action'),
      width: 130,
      render: (_, record) => <Tag color="blue">{label('commentAction', record.action)}</Tag>,
    },
    {
      key: 'user',
      title: t('history.operator'),
      width: 200,
      render: (_, record) => (
        <Flex vertical>
          <span>{record.userName ?? '-'}</span>
          <Typography.Text type="secondary">{label('commentUserType', record.userType)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'changes',
      title: t('history.changes'),
      render: (_, record) => <OperationChanges record={record} />,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center">
        <Flex align="center" gap={6}>
          <span>{t('history.actions')}</span>
          <Select
            aria-label={t('history.actions')}
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            style={{ width: 300 }}
            placeholder={t('components:searchTable.all')}
            options={COMMENT_ACTIONS.map((action) => ({
              value: action,
              label: label('commentAction', action),
            }))}
            value={filter.actions}
            onChange={(actions: CommentAction[]) => refilter({ actions })}
          />
        </Flex>
        <Flex align="center" gap={6}>
          <span>{t('history.userType')}</span>
          <Select
            aria-label={t('history.userType')}
            allowClear
            style={{ width: 140 }}
            placeholder={t('components:searchTable.all')}
            options={COMMENT_USER_TYPES.map((type) => ({
              value: type,
              label: label('commentUserType', type),
            }))}
            value={filter.userType}
            onChange={(userType?: CommentUserType) => refilter({ userType })}
          />
        </Flex>
        <Flex align="center" gap={6}>
          <span>{t('history.timeRange')}</span>
          <DatePicker.RangePicker
            aria-label={t('history.timeRange')}
            placeholder={[t('components:searchTable.startTime'), t('components:searchTable.endTime')]}
            showTime={{ defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
            value={filter.timeRange ? [dayjs(filter.timeRange[0]), dayjs(filter.timeRange[1])] : null}
            onChange={(range) => {
              const [start, end] = range ?? [];
              refilter({
                timeRange:
                  start && end ? [start.millisecond(0).valueOf(), end.millisecond(999).valueOf()] : undefined,
              });
            }}
          />
        </Flex>
      </Flex>
      {query.isError && !query.data ? (
        <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<CommentOperation>
          rowKey="recordId"
          size="small"
          columns={columns}
          dataSource={query.data?.items ?? []}
          loading={query.isFetching}
          locale={{ emptyText: t('history.empty') }}
          scroll={{ x: 760 }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: query.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('history.total', { count: total }),
            onChange: (pageNo, pageSize) =>
              setPage((current) => ({ pageNo: pageSize === current.pageSize ? pageNo : 1, pageSize })),
          }}
        />
      )}
    </Flex>
  );
}

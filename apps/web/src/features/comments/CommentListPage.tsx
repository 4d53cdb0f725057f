import { useCallback, useMemo } from 'react';
import { Button } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { COMMENT_MARK_ACTIONS } from '@cmp/domain/comments/comment-actions';
import type { Comment } from '@cmp/domain/comments/comment-contracts';
import { CLIENT_CODES } from '@cmp/domain/shared/clients';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter, type FilterOption } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { CommentDrawer } from './CommentDrawer';
import {
  COMMENT_TIME_NAMES,
  REGION_FILTER,
  toCommentExportQuery,
  toCommentListRequest,
} from './comment-list-query';
import { COMMENT_LIST, useCommentsApi } from './comments-api';
import { commentVendorsPath, OPEN_COMMENT } from './comment-links';
import { useCommentLookups, useCommentRoles } from './use-comment-lookups';
import { useBatchMark } from './use-mark-comments';
import { useCommentColumns } from './use-comment-columns';
import { CommentListQuerySchema } from '@cmp/domain/comments/comment-contracts';

const openCommentId = (raw: string | null): number | undefined => {
  const id = Number(raw);
  return raw !== null && Number.isInteger(id) && id >= 1 ? id : undefined;
};

/**
 * The comment list (spec C3.8): every comment on the network's stations by station, commenter, time and
 * content, with batch marking, export, and each comment's details in a drawer that the URL keeps open.
 */
export default function CommentListPage() {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const comments = useCommentsApi();
  const label = useEnumLabel();
  const lookups = useCommentLookups();
  const { canChange, isAdmin } = useCommentRoles();
  const batchMark = useBatchMark();
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = openCommentId(searchParams.get(OPEN_COMMENT));

  // The open comment lives in the URL (a link or a reload opens it again); replacing keeps Back for the list.
  const setOpen = useCallback(
    (commentaryId: number | undefined) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (commentaryId === undefined) next.delete(OPEN_COMMENT);
          else next.set(OPEN_COMMENT, String(commentaryId));
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const open = useCallback((comment: Comment) => setOpen(comment.commentaryId), [setOpen]);
  const columns = useCommentColumns({ onOpen: open });

  const filters = useMemo<SearchFilter[]>(() => {
    const yesNo: FilterOption[] = [
      { value: 'true', label: t('yesNo.yes') },
      { value: 'false', label: t('yesNo.no') },
    ];
    return [
      {
        type: 'datetimeRange',
        name: 'commentaryTime',
        names: COMMENT_TIME_NAMES,
        label: t('field.commentaryTime'),
      },
      {
        type: 'select',
        name: 'chargeStationOperatorId',
        label: t('field.operatorName'),
        options: lookups.operators,
      },
      {
        type: 'select',
        name: 'equipmentOwnerId',
        label: t('field.equipmentOwner'),
        options: lookups.equipmentOwners,
      },
      { type: 'cascade', name: REGION_FILTER, label: t('field.region'), options: lookups.regions },
      { type: 'input', name: 'resourceId', label: t('field.resourceId') },
      { type: 'input', name: 'mobile', label: t('filter.mobile') },
      { type: 'input', name: 'chargeStationAddress', label: t('filter.address') },
      { type: 'input', name: 'chargeStationDescription', label: t('filter.description') },
      {
        type: 'select',
        name: 'client',
        label: t('field.client'),
        options: CLIENT_CODES.map((client) => ({ value: client, label: label('client', client) })),
      },
      { type: 'select', name: 'hasCommentaryText', label: t('filter.hasCommentaryText'), options: yesNo },
      { type: 'input', name: 'replyNumberMin', label: t('filter.replyNumberMin'), placeholder: '0' },
      { type: 'input', name: 'replyNumberMax', label: t('filter.replyNumberMax') },
      {
        type: 'input',
        name: 'commentaryIdList',
        label: t('filter.commentaryIdList'),
        placeholder: t('filter.commentaryIdListHint'),
      },
    ];
  }, [t, label, lookups]);

  return (
    <>
      <SearchTable<Comment>
        querySchema={CommentListQuerySchema}
        persistKey={COMMENT_LIST}
        tenant={tenant}
        rowKey="commentaryId"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) =>
          comments.search(toCommentListRequest(params, dayjs().format('Z')), signal)
        }
        rowSelection={canChange ? 'multiple' : undefined}
        selectionActions={
          canChange
            ? ({ keys, clear }) =>
                COMMENT_MARK_ACTIONS.map((action) => (
                  <Button
                    key={action}
                    size="small"
                    danger={action === 'HIDE_COMMENT'}
                    onClick={() =>
                      void batchMark(keys.map(Number), action).then((done) => {
                        if (done) clear();
                      })
                    }
                  >
                    {label('commentAction', action)}
                  </Button>
                ))
            : undefined
        }
        actions={({ params, columns: shown }) => [
          ...(isAdmin
            ? [
                <Link key="vendors" to={commentVendorsPath(tenant)}>
                  <Button icon={<ApiOutlined />}>{t('vendors.title')}</Button>
                </Link>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}/comments/export`}
            query={toCommentExportQuery(params, dayjs().format('Z'))}
            columns={shown}
            fileName="comments"
          />,
        ]}
      />
      <CommentDrawer commentaryId={openId} onClose={() => setOpen(undefined)} onOpenComment={setOpen} />
    </>
  );
}

import { Card, Result, Flex } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LeaveGuard } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { CommentDetail, useUnsavedReply } from './CommentDetail';
import { CommentOperationTable } from './CommentOperationTable';
import { commentDetailPath, commentListPath, OPEN_COMMENT } from './comment-links';

const idOf = (raw: string | null): number | undefined => {
  const id = Number(raw);
  return raw !== null && Number.isSafeInteger(id) && id >= 1 ? id : undefined;
};

/**
 * One comment on a page of its own (`?commentId=`, the name old portal links use): its details, the same
 * marks and official reply as the list's drawer, and its operation history with the spec's filters. A
 * comment of another tenant is not found in this one, and says so.
 */
export default function CommentDetailPage() {
  const { t } = useTranslation('comments');
  const tenant = useStationsTenant();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const commentaryId = idOf(searchParams.get(OPEN_COMMENT));
  const { dirty, unsaved, leave, confirmDiscard } = useUnsavedReply();

  const back = (
    <Link to={commentListPath(tenant)}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );

  if (commentaryId === undefined) {
    return <Result status="warning" title={t('detail.missingId')} extra={back} />;
  }
  return (
    <Flex vertical gap={16}>
      {dirty && <LeaveGuard confirm={confirmDiscard} />}
      {back}
      <Card title={t('drawer.title', { commentaryId })}>
        <CommentDetail
          key={commentaryId}
          commentaryId={commentaryId}
          unsaved={unsaved}
          onOpenComment={(id) => void leave(() => void navigate(commentDetailPath(tenant, id)))}
          history={(c) => <CommentOperationTable commentaryId={c.commentaryId} />}
          notFoundExtra={back}
        />
      </Card>
    </Flex>
  );
}

import { App, Alert, Button, Flex, Input, Modal, Popconfirm, QRCode, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoadBookListItem, RoadBookShare } from '@cmp/domain/road-books/road-book';
import { ApiError } from '../../../api/client';
import { useDescribeError } from '../../../api/describe-error';
import { useTenantApi } from '../../../api/use-tenant-api';
import { searchTableQueryKey } from '../../../components';
import { formatTime } from '../../../components/format';
import { getRoadBookShare, revokeRoadBookShare, shareRoadBook } from '../road-books-api';
import { ROAD_BOOK_LIST_KEY, useRoadBooksTenant } from '../shared/links';

export interface ShareModalProps {
  roadBook: RoadBookListItem | null;
  onClose: () => void;
}

/** The share link lives at the portal's own origin; the mobile view needs no session to open it. */
const absoluteUrl = (share: RoadBookShare): string => new URL(share.url, window.location.origin).toString();

/** Shows a road book's share link (copy, open) or makes one; stopping the share asks first. */
export function ShareModal({ roadBook, onClose }: ShareModalProps) {
  const { t } = useTranslation('roadBooks');
  const { message } = App.useApp();
  const api = useTenantApi();
  const tenant = useRoadBooksTenant();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const roadBookId = roadBook?.roadBookId ?? 0;
  const shareKey = ['roadBooks', tenant, 'share', roadBookId];

  const current = useQuery({
    queryKey: shareKey,
    queryFn: ({ signal }) =>
      getRoadBookShare(api, roadBookId, signal).catch((error: unknown) => {
        // No live link is an answer, not a failure.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    enabled: roadBook !== null && roadBook.onlineState === 1,
    staleTime: 0,
  });
  const refreshList = () =>
    void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, ROAD_BOOK_LIST_KEY) });

  const create = useMutation({
    mutationFn: () => shareRoadBook(api, roadBookId),
    onSuccess: (share) => {
      queryClient.setQueryData(shareKey, share);
      refreshList();
      void message.success(t('share.created'));
    },
    onError: (error) => void message.error(describe(error)),
  });
  const revoke = useMutation({
    mutationFn: () => revokeRoadBookShare(api, roadBookId),
    onSuccess: () => {
      queryClient.setQueryData(shareKey, null);
      refreshList();
      void message.success(t('share.revoked'));
      onClose();
    },
    onError: (error) => void message.error(describe(error)),
  });

  const share: RoadBookShare | null | undefined =
    create.data ?? (roadBook?.onlineState === 1 ? current.data : null);
  const noRoute = roadBook?.state === 0;

  return (
    <Modal
      open={roadBook !== null}
      title={t('share.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('share.close')}</Button>}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('share.intro')}</Typography.Text>
        {current.isLoading && <Skeleton active paragraph={{ rows: 1 }} />}
        {current.isError && <Alert type="error" showIcon title={describe(current.error)} />}
        {share ? (
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('share.link')}</Typography.Text>
            <Flex gap={8} align="center">
              <Input
                readOnly
                aria-label={t('share.link')}
                value={absoluteUrl(share)}
                onFocus={(event) => event.target.select()}
              />
              <Typography.Text
                copyable={{ text: absoluteUrl(share), tooltips: [t('share.copy'), t('share.copied')] }}
              />
            </Flex>
            <Typography.Text type="secondary">
              {t('share.createdAt', { time: formatTime(share.createTime) })}
            </Typography.Text>
            {/* Staff show it to a driver, or put it in a notice: a phone camera opens the mobile view. */}
            <Flex align="center" gap={12} role="img" aria-label={t('share.qrCode')}>
              <QRCode value={absoluteUrl(share)} type="svg" size={144} bordered={false} />
              <Typography.Text type="secondary">{t('share.qrHint')}</Typography.Text>
            </Flex>
            <Flex gap={8}>
              <Button href={share.url} target="_blank" rel="noopener noreferrer">
                {t('share.open')}
              </Button>
              <Popconfirm
                title={t('share.revokeConfirm')}
                okButtonProps={{ danger: true, loading: revoke.isPending }}
                onConfirm={() => revoke.mutateAsync()}
              >
                <Button danger>{t('share.revoke')}</Button>
              </Popconfirm>
            </Flex>
          </Flex>
        ) : (
          !current.isLoading && (
            <Flex vertical gap={8} align="start">
              {noRoute && <Alert type="warning" showIcon title={t('share.noRoute')} />}
              <Button
                type="primary"
                loading={create.isPending}
                disabled={noRoute}
                onClick={() => create.mutate()}
              >
                {t('share.create')}
              </Button>
            </Flex>
          )
        )}
      </Flex>
    </Modal>
  );
}

import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Image,
  Modal,
  Pagination,
  Popconfirm,
  Select,
  Spin,
  Switch,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@cmp/domain';
import { PICTURE_SCENES, PICTURE_SOURCES, type Picture } from '@cmp/domain/stations/pictures';
import { useDescribeError } from '../../../api/describe-error';
import { ErrorResult } from '../../../app/errors/ErrorResult';
import { formatBytes, useUploadMaxBytes } from '../../../components/Upload/upload-limit';
import { stationHistoryKey } from '../../worksheets/worksheets-api';
import { formatTime } from '../../../components/format';
import { useStationsTenant } from '../../../components/lookups';
import { picturesKey, usePicturesApi } from './pictures-api';
import { useCanChange } from '../../../app/session/use-can-change';

const CARD_WIDTH = 200;
const THUMB_HEIGHT = 140;

interface PictureFilter {
  sourceId?: number;
  sceneId?: number;
  appVisible?: boolean;
  /** Live pictures unless the user asks for deleted ones. */
  deleted: boolean;
}

const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'yes' : 'no');
const fromYesNo = (value: string | undefined) => (value === undefined ? undefined : value === 'yes');

/** The station's pictures as a grid of small renditions; a click previews the large one. */
export function PicturesTab({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('stations');
  const tenant = useStationsTenant();
  const pictures = usePicturesApi();
  const [filter, setFilter] = useState<PictureFilter>({ deleted: false });
  const canChange = useCanChange();
  const [pageNo, setPageNo] = useState(1);

  const listQuery = { resourceId, ...filter, pageNo, pageSize: DEFAULT_PAGE_SIZE };
  const query = useQuery({
    queryKey: [...picturesKey(tenant, resourceId), listQuery],
    queryFn: ({ signal }) => pictures.list(listQuery, signal),
    placeholderData: keepPreviousData,
  });

  const changeFilter = (next: Partial<PictureFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPageNo(1);
  };

  const sourceOptions = Object.values(PICTURE_SOURCES).map((id) => ({
    value: id,
    label: t(`pictures.sources.${id}`),
  }));
  const sceneOptions = Object.values(PICTURE_SCENES).map((id) => ({
    value: id,
    label: t(`pictures.scenes.${id}`),
  }));
  const yesNoOptions = [
    { value: 'yes', label: t('yesNo.yes') },
    { value: 'no', label: t('yesNo.no') },
  ];

  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Flex wrap gap={12} align="center">
          <FilterSelect
            label={t('pictures.source')}
            options={sourceOptions}
            value={filter.sourceId}
            onChange={(sourceId) => changeFilter({ sourceId })}
          />
          <FilterSelect
            label={t('pictures.scene')}
            options={sceneOptions}
            value={filter.sceneId}
            onChange={(sceneId) => changeFilter({ sceneId })}
          />
          <FilterSelect
            label={t('pictures.appVisible')}
            options={yesNoOptions}
            value={yesNo(filter.appVisible)}
            onChange={(value) => changeFilter({ appVisible: fromYesNo(value) })}
          />
          <Checkbox checked={filter.deleted} onChange={(e) => changeFilter({ deleted: e.target.checked })}>
            {t('pictures.showDeleted')}
          </Checkbox>
          <Typography.Text type="secondary">{t('pictures.total', { count: total })}</Typography.Text>
        </Flex>
        {canChange && (
          <PictureUpload resourceId={resourceId} sourceOptions={sourceOptions} sceneOptions={sceneOptions} />
        )}
      </Flex>
      {query.isError ? (
        <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Spin spinning={query.isFetching}>
          {query.isPending ? (
            <div style={{ minHeight: THUMB_HEIGHT }} />
          ) : items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pictures.empty')} />
          ) : (
            <Image.PreviewGroup>
              <Flex wrap gap={12}>
                {items.map((picture) => (
                  <PictureCard key={picture.pictureId} picture={picture} resourceId={resourceId} />
                ))}
              </Flex>
            </Image.PreviewGroup>
          )}
        </Spin>
      )}
      {total > DEFAULT_PAGE_SIZE && (
        <Pagination
          align="end"
          current={pageNo}
          pageSize={DEFAULT_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPageNo}
        />
      )}
    </Flex>
  );
}

function FilterSelect<V extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: V; label: string }[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}) {
  const { t } = useTranslation('components');
  return (
    <Flex align="center" gap={6}>
      <span>{label}</span>
      <Select<V>
        aria-label={label}
        allowClear
        style={{ width: 130 }}
        placeholder={t('searchTable.all')}
        options={options}
        value={value}
        onChange={(next) => onChange(next ?? undefined)}
      />
    </Flex>
  );
}

function useRefreshPictures(resourceId: string) {
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: picturesKey(tenant, resourceId) }),
      queryClient.invalidateQueries({ queryKey: stationHistoryKey(tenant, resourceId) }),
    ]);
}

/** Upload opens a dialog: where the picture comes from, what it shows and whether the app shows it. */
function PictureUpload({
  resourceId,
  sourceOptions,
  sceneOptions,
}: {
  resourceId: string;
  sourceOptions: { value: number; label: string }[];
  sceneOptions: { value: number; label: string }[];
}) {
  const { t } = useTranslation('stations');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const pictures = usePicturesApi();
  const refresh = useRefreshPictures(resourceId);
  const [open, setOpen] = useState(false);
  const [pictureSourceId, setSource] = useState<number>(PICTURE_SOURCES.staff);
  const [pictureSceneId, setScene] = useState<number>(PICTURE_SCENES.other);
  const [appVisible, setAppVisible] = useState(true);
  const maxBytes = useUploadMaxBytes({ enabled: open });
  const [tooLarge, setTooLarge] = useState<string>();

  const upload = useMutation({
    mutationFn: (file: File) =>
      pictures.upload({ resourceId, file, pictureSourceId, pictureSceneId, appVisible }),
    onSuccess: () => {
      setOpen(false);
      void message.success(t('pictures.uploaded'));
      void refresh();
    },
  });

  return (
    <>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('pictures.upload')}
      </Button>
      <Modal
        open={open}
        title={t('pictures.upload')}
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        afterOpenChange={(opened) => opened || upload.reset()}
      >
        <Flex vertical gap={16}>
          <Flex gap={16} wrap>
            <LabelledSelect
              label={t('pictures.uploadSource')}
              options={sourceOptions}
              value={pictureSourceId}
              onChange={setSource}
            />
            <LabelledSelect
              label={t('pictures.uploadScene')}
              options={sceneOptions}
              value={pictureSceneId}
              onChange={setScene}
            />
          </Flex>
          <Checkbox checked={appVisible} onChange={(e) => setAppVisible(e.target.checked)}>
            {t('pictures.uploadAppVisible')}
          </Checkbox>
          <Upload.Dragger
            accept="image/*"
            showUploadList={false}
            disabled={upload.isPending}
            beforeUpload={(file) => {
              // Refused before it is sent: the server would only answer 413 after the whole upload.
              const size = { name: file.name, size: formatBytes(file.size), max: formatBytes(maxBytes) };
              setTooLarge(file.size > maxBytes ? t('components:upload.tooLarge', size) : undefined);
              if (file.size > maxBytes) return Upload.LIST_IGNORE;
              upload.mutate(file);
              // Our own request replaces antd's, which would not read the server's error shape.
              return false;
            }}
          >
            <Spin spinning={upload.isPending}>
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>{upload.isPending ? t('pictures.uploading') : t('pictures.dropHint')}</p>
            </Spin>
          </Upload.Dragger>
          {tooLarge !== undefined && <Alert type="error" showIcon title={tooLarge} />}
          {upload.isError && <Alert type="error" showIcon title={describe(upload.error)} />}
        </Flex>
      </Modal>
    </>
  );
}

function LabelledSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: number; label: string }[];
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Flex align="center" gap={6}>
      <span>{label}</span>
      <Select<number>
        aria-label={label}
        style={{ width: 140 }}
        options={options}
        value={value}
        onChange={onChange}
      />
    </Flex>
  );
}

function PictureCard({ picture, resourceId }: { picture: Picture; resourceId: string }) {
  const { t } = useTranslation('stations');
  const canChange = useCanChange();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const pictures = usePicturesApi();
  const refresh = useRefreshPictures(resourceId);

  const toggle = useMutation({
    mutationFn: (appVisible: boolean) => pictures.setAppVisible(picture.pictureId, appVisible),
    onSuccess: (saved) => {
      void message.success(t(saved.appVisible ? 'pictures.visibleDone' : 'pictures.hiddenDone'));
      void refresh();
    },
    onError: (error) => void message.error(describe(error)),
  });
  const remove = useMutation({
    mutationFn: () => pictures.remove(picture.pictureId),
    onSuccess: () => {
      void message.success(t('pictures.deletedDone'));
      void refresh();
    },
    onError: (error) => void message.error(describe(error)),
  });

  return (
    <Card
      size="small"
      data-testid={`picture-${picture.pictureId}`}
      style={{ width: CARD_WIDTH, opacity: picture.deleted ? 0.6 : 1 }}
      styles={{ body: { padding: 8 } }}
      cover={
        <Image
          src={picture.smallUrl}
          alt={t(`pictures.scenes.${picture.pictureSceneId}`, { defaultValue: '' })}
          height={THUMB_HEIGHT}
          style={{ objectFit: 'cover' }}
          preview={{ src: picture.largeUrl }}
        />
      }
    >
      <Flex vertical gap={6}>
        <Flex wrap gap={4}>
          <Tag>
            {t(`pictures.scenes.${picture.pictureSceneId}`, { defaultValue: String(picture.pictureSceneId) })}
          </Tag>
          <Tag>
            {t(`pictures.sources.${picture.pictureSourceId}`, {
              defaultValue: String(picture.pictureSourceId),
            })}
          </Tag>
          {picture.deleted && <Tag color="error">{t('pictures.deleted')}</Tag>}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(picture.createTime)}
        </Typography.Text>
        {!picture.deleted && (
          <Flex justify="space-between" align="center">
            <Flex align="center" gap={6}>
              <Switch
                size="small"
                aria-label={t('pictures.appVisible')}
                checked={picture.appVisible}
                disabled={!canChange}
                loading={toggle.isPending}
                onChange={(checked) => toggle.mutate(checked)}
              />
              <span style={{ fontSize: 12 }}>
                {t(picture.appVisible ? 'pictures.appVisible' : 'pictures.hidden')}
              </span>
            </Flex>
            {canChange && (
              <Popconfirm
                placement="topRight"
                title={t('pictures.deleteConfirm')}
                description={t('pictures.deleteEffect')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync().catch(() => undefined)}
              >
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  loading={remove.isPending}
                  aria-label={t('pictures.delete')}
                />
              </Popconfirm>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

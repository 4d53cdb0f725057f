import { useMemo, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Radio, Select, Tabs, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  POSTER_RESOURCE_SCOPES,
  PosterConfigTypeSchema,
  type Poster,
  type PosterConfigType,
  type PosterResource,
  type PosterResourceScope,
} from '@cmp/domain/posters/poster-contracts';
import { posterRuleChange } from '@cmp/domain/posters/poster-rule-change';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { SheetImportStatus, useSheetImport } from '../../app/tasks/SheetImport';
import { FileUpload, SearchTable, searchTableQueryKey, type SearchTableColumn } from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import {
  POSTER_BOUND_LIST,
  POSTER_LIST,
  POSTER_RESOURCE_LIST,
  posterKeys,
  posterTemplateUrl,
  usePostersApi,
} from './posters-api';

const CONFIG_TYPES = PosterConfigTypeSchema.options;
/** The ids typed: one a line, or separated by commas or blanks. */
const idsOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,，;；]+/)
      .map((id) => id.trim())
      .filter(Boolean),
  ),
];

/** After a binding changed: the poster, its bound stations and the lists that count them. */
function useRefresh(posterId: number) {
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        posterKeys.detail(tenant, posterId),
        searchTableQueryKey(tenant, POSTER_BOUND_LIST),
        searchTableQueryKey(tenant, POSTER_RESOURCE_LIST),
        searchTableQueryKey(tenant, POSTER_LIST),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

interface BindingValues {
  configType: PosterConfigType | 'none';
  resourceScope: PosterResourceScope;
}

/** Ties the poster to stations or switches how it is tied, confirmed with what happens to its stations. */
function BindingDialog({ poster, open, onClose }: { poster: Poster; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('posters');
  const { message, modal } = App.useApp();
  const label = useEnumLabel();
  const describe = useDescribeError();
  const posters = usePostersApi();
  const refresh = useRefresh(poster.posterId);
  const [form] = Form.useForm<BindingValues>();
  const chosenType = Form.useWatch('configType', form);
  const tied = poster.configType !== null;

  const save = async () => {
    const values = await form.validateFields();
    const next =
      values.configType === 'none'
        ? { configType: null, resourceScope: null }
        : { configType: values.configType, resourceScope: values.resourceScope };
    const run = async () => {
      try {
        if (!tied && next.configType !== null) {
          await posters.tie(poster.posterId, {
            configType: next.configType,
            resourceScope: next.resourceScope!,
          });
          void message.success(t('binding.tiedDone'));
        } else {
          const { posterId: _id, ...change } = posterRuleChange(
            poster.posterId,
            { configType: poster.configType, resourceScope: poster.resourceScope },
            next,
          );
          await posters.switchBinding(poster.posterId, change);
          void message.success(t('binding.switched'));
        }
        onClose();
      } catch (error) {
        void message.error(describe(error));
      } finally {
        await refresh();
      }
    };
    if (!tied) return run();
    const keeps = next.resourceScope === 'part' && next.configType === poster.configType;
    modal.confirm({
      title: t('binding.switchTitle'),
      content:
        keeps || poster.resourceCount === 0
          ? t('binding.switchKeeps')
          : t('binding.switchDrops', { count: poster.resourceCount }),
      okText: t('binding.switchOk'),
      cancelText: t('editor.cancel'),
      okButtonProps: { danger: !keeps && poster.resourceCount > 0 },
      onOk: run,
    });
  };

  return (
    <Modal
      open={open}
      title={tied ? t('binding.switch') : t('binding.tie')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={tied ? t('binding.switch') : t('binding.tie')}
      cancelText={t('editor.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          configType: poster.configType ?? 'ChargeStation',
          resourceScope: poster.resourceScope ?? 'part',
        }}
      >
        <Form.Item name="configType" label={t('binding.configType')} rules={[{ required: true }]}>
          <Select
            options={[
              ...CONFIG_TYPES.map((type) => ({
                value: type,
                label: label('operationListResourceType', type),
              })),
              ...(tied ? [{ value: 'none', label: t('binding.none') }] : []),
            ]}
          />
        </Form.Item>
        {chosenType !== 'none' && (
          <Form.Item name="resourceScope" label={t('binding.scope')} rules={[{ required: true }]}>
            <Radio.Group
              options={POSTER_RESOURCE_SCOPES.map((scope) => ({
                value: scope,
                label: label('posterResourceScope', scope),
              }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function AddByIds({ posterId }: { posterId: number }) {
  const { t } = useTranslation('posters');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const posters = usePostersApi();
  const refresh = useRefresh(posterId);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const bind = useMutation({
    mutationFn: (ids: string[]) => posters.bind(posterId, ids),
    onSuccess: async (answer) => {
      setText([...answer.unknown, ...answer.otherType].join('\n'));
      void message.success(
        t('binding.added', { bound: answer.bound.length, already: answer.alreadyBound.length }),
      );
      await refresh();
    },
  });
  const start = () => {
    const ids = idsOf(text);
    setMissing(ids.length === 0);
    if (ids.length > 0) bind.mutate(ids);
  };
  return (
    <Flex vertical gap={8}>
      <Form layout="vertical" component={false}>
        <Form.Item
          label={t('binding.addByIds')}
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('binding.idsRequired') : undefined}
        >
          <Input.TextArea
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setMissing(false);
            }}
            placeholder={t('binding.idsPlaceholder')}
            autoSize={{ minRows: 3, maxRows: 8 }}
            aria-label={t('binding.addByIds')}
          />
        </Form.Item>
      </Form>
      {bind.isError && <Alert type="error" showIcon title={describe(bind.error)} />}
      {bind.data && bind.data.unknown.length > 0 && (
        <Alert type="warning" showIcon title={t('binding.unknown', { ids: bind.data.unknown.join(', ') })} />
      )}
      {bind.data && bind.data.otherType.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('binding.otherType', { ids: bind.data.otherType.join(', ') })}
        />
      )}
      <Flex justify="flex-end">
        <Button type="primary" loading={bind.isPending} onClick={start}>
          {t('binding.add')}
        </Button>
      </Flex>
    </Flex>
  );
}

function AddBySheet({ posterId }: { posterId: number }) {
  const { t } = useTranslation('posters');
  const tenant = useStationsTenant();
  const posters = usePostersApi();
  const refresh = useRefresh(posterId);
  const sheet = useSheetImport((file) => posters.upload(posterId, file));
  return (
    <Flex vertical gap={12}>
      <Form layout="vertical" component={false}>
        <Form.Item
          label={t('binding.file')}
          validateStatus={sheet.missing ? 'error' : undefined}
          help={sheet.missing ? t('binding.fileRequired') : undefined}
          extra={
            <Flex vertical gap={4}>
              {t('binding.fileHelp')}
              <Typography.Link href={posterTemplateUrl(tenant)} download>
                <DownloadOutlined /> {t('binding.template')}
              </Typography.Link>
            </Flex>
          }
        >
          <FileUpload
            accept=".xlsx"
            label={t('binding.chooseFile')}
            value={sheet.file ?? null}
            disabled={sheet.running}
            onChange={sheet.choose}
          />
        </Form.Item>
      </Form>
      <Flex justify="flex-end">
        <Button
          type="primary"
          loading={sheet.upload.isPending}
          disabled={sheet.running}
          onClick={sheet.start}
        >
          {t('binding.start')}
        </Button>
      </Flex>
      <SheetImportStatus
        sheet={sheet}
        texts={{
          running: t('binding.importing'),
          succeeded: t('binding.imported'),
          withErrors: t('binding.importWithErrors'),
          withErrorsHelp: t('binding.importWithErrorsHelp'),
          errorSheet: t('binding.errorSheet'),
          failed: t('binding.importFailed'),
        }}
        onFinished={() => void refresh()}
      />
    </Flex>
  );
}

function BoundStations({ poster, canChange }: { poster: Poster; canChange: boolean }) {
  const { t } = useTranslation('posters');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const describe = useDescribeError();
  const posters = usePostersApi();
  const refresh = useRefresh(poster.posterId);
  const label = useEnumLabel();
  const columns = useMemo<SearchTableColumn<PosterResource>[]>(
    () => [
      {
        key: 'resourceId',
        title: t('field.resourceId'),
        width: 160,
        sortable: true,
        render: (r) => r.resourceId,
      },
      {
        key: 'resourceName',
        title: t('field.resourceName'),
        width: 200,
        ellipsis: true,
        render: (r) => orDash(r.resourceName),
      },
      {
        key: 'resourceType',
        title: t('field.resourceType'),
        width: 110,
        render: (r) => label('operationListResourceType', r.resourceType),
      },
      {
        key: 'address',
        title: t('field.address'),
        width: 240,
        ellipsis: true,
        render: (r) => orDash(r.address),
      },
      {
        key: 'createTime',
        title: t('field.boundAt'),
        width: 170,
        sortable: true,
        render: (r) => formatTime(r.createTime),
      },
    ],
    [t, label],
  );
  const unbind = (ids: string[], clear: () => void) =>
    modal.confirm({
      title: t('binding.removeTitle', { count: ids.length }),
      content: t('binding.removeContent'),
      okText: t('binding.remove'),
      cancelText: t('editor.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await posters.unbind(poster.posterId, ids);
          void message.success(t('binding.removed', { count: answer.unbound.length }));
          clear();
        } catch (error) {
          void message.error(describe(error));
        }
        await refresh();
      },
    });
  return (
    <SearchTable<PosterResource>
      persistKey={POSTER_BOUND_LIST}
      tenant={tenant}
      rowKey="resourceId"
      title={t('binding.bound')}
      columns={columns}
      rowSelection={canChange ? 'multiple' : undefined}
      selectionActions={({ keys, clear }) => (
        <Button danger onClick={() => unbind(keys.map(String), clear)}>
          {t('binding.removeSelected', { count: keys.length })}
        </Button>
      )}
      request={(params, { signal }) =>
        posters.resources(
          { pageNo: params.pageNo, pageSize: params.pageSize, sort: params.sort, posterId: poster.posterId },
          signal,
        )
      }
    />
  );
}

/**
 * The stations a poster shows at (spec M3.5.5–M3.5.6): how it is tied (a kind of station, every one or some),
 * tied or switched with the original values confirmed, and for some stations the list bound, added by ids or
 * by a sheet (the sheet's wrong rows back as a sheet), and unbound.
 */
export function PosterBindingPanel({ poster }: { poster: Poster }) {
  const { t } = useTranslation('posters');
  const label = useEnumLabel();
  const canChange = useCanChange();
  const [editing, setEditing] = useState(false);
  const tied = poster.configType !== null;
  const summary = tied
    ? t('binding.tied', {
        type: label('operationListResourceType', poster.configType),
        scope: label('posterResourceScope', poster.resourceScope),
      })
    : t('binding.notTied');

  return (
    <Card
      title={t('binding.title')}
      data-testid="poster-binding"
      extra={
        canChange && (
          <Button onClick={() => setEditing(true)}>{tied ? t('binding.switch') : t('binding.tie')}</Button>
        )
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text strong data-testid="poster-bind-type">
          {summary}
        </Typography.Text>
        {poster.resourceScope === 'all' && (
          <Typography.Text type="secondary">
            {t('binding.allStations', { type: label('operationListResourceType', poster.configType) })}
          </Typography.Text>
        )}
        {poster.resourceScope === 'part' && (
          <>
            {canChange && (
              <Tabs
                items={[
                  {
                    key: 'ids',
                    label: t('binding.addByIds'),
                    children: <AddByIds posterId={poster.posterId} />,
                  },
                  {
                    key: 'sheet',
                    label: t('binding.uploadSheet'),
                    children: <AddBySheet posterId={poster.posterId} />,
                  },
                ]}
              />
            )}
            <BoundStations poster={poster} canChange={canChange} />
          </>
        )}
      </Flex>
      {canChange && <BindingDialog poster={poster} open={editing} onClose={() => setEditing(false)} />}
    </Card>
  );
}

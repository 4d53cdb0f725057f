import { useMemo } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import {
  AutoComplete,
  Button,
  Card,
  Col,
  ConfigProvider,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CLIENT_CODES } from '@cmp/domain/shared/clients';
import type { RegionNode } from '@cmp/domain/stations/regions';
import { POSTER_LINK_TYPES, PosterFieldsSchema, type Poster } from '@cmp/domain/posters/poster-contracts';
import { useCanChange } from '../../app/session/use-can-change';
import { EntityForm, ImageUpload, searchTableQueryKey, useEntityFormMode } from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { EditorPage, useEditorId } from '../../components/EntityForm/EditorPage';
import { useEntityEditor } from '../../components/EntityForm/use-entity-editor';
import { formatTime } from '../../components/format';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import {
  dictEntryLabel,
  dictOptions,
  useBizScenes,
  useRegions,
  useStationsTenant,
} from '../../components/lookups';
import { ActivitySelect } from '../activities/ActivitySelect';
import { DateTimeInput } from '../activities/DateTimeInput';
import { PosterBindingPanel } from './PosterBindingPanel';
import { PosterPhonePreview } from './PosterPhonePreview';
import { toPosterFormValues, toPosterRequest, type PosterFormValues } from './poster-form-values';
import { posterEditorPath, posterListPath } from './poster-links';
import {
  POSTER_LIST,
  posterKeys,
  usePoster,
  usePostersApi,
  usePosterVideos,
  useTriggerRules,
} from './posters-api';

const RULE_FIELDS = {
  'poster.unknownActivity': 'activityId',
  'poster.unknownScene': 'businessModule',
  'poster.unknownRegion': 'regionInfo',
} as const;

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}
const toTree = (nodes: readonly RegionNode[]): TreeOption[] =>
  nodes.map((node) => ({
    value: node.regionId,
    title: node.name,
    ...(node.children?.length ? { children: toTree(node.children) } : {}),
  }));

/**
 * One poster (`?id=`), or a new one without it (spec M3.5.1): every field, beside a preview of how it shows on a
 * phone at its trigger; a saved poster also shows the stations it is tied to.
 */
export default function PosterEditorPage() {
  const { t } = useTranslation('posters');
  const tenant = useStationsTenant();
  const id = useEditorId();
  const poster = usePoster(id);
  return (
    <EditorPage
      id={id}
      entity={poster}
      back={{ to: posterListPath(tenant), label: t('editor.back') }}
      notFound={t('editor.notFound')}
      title={poster.data ? `${poster.data.posterName} · #${poster.data.posterId}` : t('editor.createTitle')}
    >
      <PosterForm key={id ?? ''} poster={poster.data} onReload={() => void poster.refetch()} />
      {poster.data ? (
        <PosterBindingPanel poster={poster.data} />
      ) : (
        <Typography.Text type="secondary">{t('binding.saveFirst')}</Typography.Text>
      )}
    </EditorPage>
  );
}

function PosterForm({ poster, onReload }: { poster?: Poster; onReload: () => void }) {
  const tenant = useStationsTenant();
  const posters = usePostersApi();
  const navigate = useNavigate();
  const canChange = useCanChange();
  const { t } = useTranslation('posters');
  const [form] = Form.useForm<PosterFormValues>();
  const initialValues = useMemo(() => toPosterFormValues(poster), [poster]);
  const { mode, setMode, submit, confirmRemove } = useEntityEditor({
    entity: poster,
    form,
    namespace: 'posters',
    idOf: (saved) => saved.posterId,
    paramsOf: (saved) => ({ id: saved.posterId, name: saved.posterName }),
    save: (values, current) =>
      current
        ? posters.update(current.posterId, { ...toPosterRequest(values), version: current.version })
        : posters.create(toPosterRequest(values)),
    remove: (current) => posters.remove(current.posterId, current.version),
    detailKey: (id) => posterKeys.detail(tenant, id),
    staleKeys: () => [searchTableQueryKey(tenant, POSTER_LIST), posterKeys.videos(tenant)],
    editorPath: (id) => posterEditorPath(tenant, id),
    listPath: posterListPath(tenant),
    onReload,
    versionConflict: 'poster.versionConflict',
    ruleFields: RULE_FIELDS,
  });

  return (
    <EntityForm<PosterFormValues>
      form={form}
      mode={mode}
      onModeChange={setMode}
      editable={canChange}
      initialValues={initialValues}
      onSubmit={submit}
      onCancelCreate={() => void navigate(posterListPath(tenant))}
      layout="vertical"
      extra={
        poster &&
        canChange &&
        mode === 'view' && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove?.(poster)}>
            {t('editor.delete')}
          </Button>
        )
      }
    >
      <PosterFields poster={poster} />
    </EntityForm>
  );
}

/** The activity select as a form control: the form hands it its value and its change. */
function ActivityField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (v?: string) => void;
}) {
  return <ActivitySelect id={id} value={value} onChange={(next) => onChange?.(next)} />;
}

function ShareInfoFields({ channel }: { channel: 'momentsShareInfo' | 'weiboShareInfo' }) {
  const { t } = useTranslation('posters');
  const rulesFor = useSchemaRules<Partial<PosterFormValues>>(PosterFieldsSchema, toPosterRequest);
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item
          name={[channel, 'shareTitle']}
          label={t('field.shareTitle')}
          rules={rulesFor([`${channel}.shareTitle`])}
        >
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name={[channel, 'sharePic']}
          label={t('field.sharePic')}
          rules={rulesFor([`${channel}.sharePic`])}
        >
          <Input maxLength={1024} placeholder="https://" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name={[channel, 'description']}
          label={t('field.shareDescription')}
          rules={rulesFor([`${channel}.description`])}
        >
          <Input maxLength={255} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name={[channel, 'landingPage']}
          label={t('field.landingPage')}
          rules={rulesFor([`${channel}.landingPage`])}
        >
          <Input maxLength={1024} placeholder="https://" />
        </Form.Item>
      </Col>
    </Row>
  );
}

function PosterFields({ poster }: { poster?: Poster }) {
  const { t } = useTranslation('posters');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const locale = useDomainLocale();
  const mode = useEntityFormMode();
  const viewing = mode === 'view';
  const rulesFor = useSchemaRules<Partial<PosterFormValues>>(PosterFieldsSchema, toPosterRequest);
  const form = Form.useFormInstance<PosterFormValues>();
  const triggers = useTriggerRules();
  const videos = usePosterVideos();
  const regions = useRegions();
  const scenes = useBizScenes();
  const ruleId = Form.useWatch('ruleId', form);
  const image = Form.useWatch('image', form);
  const title = Form.useWatch('title', form);
  const subTitle = Form.useWatch('subTitle', form);
  const linkType = Form.useWatch('linkType', form);
  const videoTitle = Form.useWatch('videoTitle', form);
  const isPush = Form.useWatch('isPush', form);
  const regionTree = useMemo(() => toTree(regions.data ?? []), [regions.data]);
  // What the server checks across fields is checked again when the field it depends on changes.
  const revalidate =
    (...names: (keyof PosterFormValues)[]) =>
    () =>
      void form.validateFields(names, { recursive: false }).catch(() => undefined);

  return (
    <ConfigProvider componentDisabled={viewing}>
      <Row gutter={24}>
        <Col xs={24} xl={15}>
          <Card size="small" title={t('editor.sections.basic')} style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item
                  name="posterName"
                  label={t('field.posterName')}
                  rules={rulesFor(['posterName'], { required: true })}
                >
                  <Input maxLength={64} showCount />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="ruleId"
                  label={t('field.ruleId')}
                  rules={rulesFor(['ruleId'], { required: true })}
                >
                  <Select
                    placeholder={t('editor.choose')}
                    loading={triggers.isPending}
                    options={(triggers.data?.items ?? []).map((rule) => ({
                      value: rule.id,
                      label: rule.name,
                      disabled: !rule.isActivated,
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="clientCode"
                  label={t('field.clientCode')}
                  rules={rulesFor(['clientCode'], { required: true })}
                >
                  <Select
                    placeholder={t('editor.choose')}
                    options={CLIENT_CODES.map((code) => ({ value: code, label: label('client', code) }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="activityId" label={t('field.activityId')} rules={rulesFor(['activityId'])}>
                  <ActivityField />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="showTimeBegin"
                  label={t('field.showTimeBegin')}
                  rules={rulesFor(['showTimeBegin'], { required: true })}
                >
                  <DateTimeInput onChange={revalidate('showTimeEnd')} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="showTimeEnd"
                  label={t('field.showTimeEnd')}
                  dependencies={['showTimeBegin']}
                  rules={rulesFor(['showTimeEnd'], { required: true })}
                >
                  <DateTimeInput />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="visible" label={t('field.visible')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item
                  name="priority"
                  label={t('field.priority')}
                  extra={t('editor.priorityHelp')}
                  rules={rulesFor(['priority'])}
                >
                  <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="businessModule"
                  label={t('field.businessModule')}
                  rules={rulesFor(['businessModule'])}
                >
                  <Select
                    allowClear
                    placeholder={t('editor.choose')}
                    options={dictOptions(scenes.data ?? [], (entry) =>
                      dictEntryLabel(locale, 'bizScene', entry),
                    )}
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="regionInfo"
                  label={t('field.regionInfo')}
                  extra={t('editor.regionHelp')}
                  rules={rulesFor(['regionInfo'])}
                >
                  <TreeSelect
                    multiple
                    treeCheckable
                    showCheckedStrategy={TreeSelect.SHOW_PARENT}
                    treeData={regionTree}
                    placeholder={t('allRegions')}
                    treeNodeFilterProp="title"
                    allowClear
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item label={t('field.image')} required>
                  <Flex gap={12} align="flex-start">
                    <ImageUpload
                      action={`/api/${tenant}/files`}
                      value={image ?? null}
                      disabled={viewing}
                      onChange={(file) => {
                        form.setFieldValue('image', file.url);
                        void form.validateFields(['image']).catch(() => undefined);
                      }}
                    />
                    <Form.Item name="image" noStyle rules={rulesFor(['image'], { required: true })}>
                      <Input
                        maxLength={1024}
                        placeholder="https://"
                        style={{ flex: 1 }}
                        aria-label={t('field.image')}
                      />
                    </Form.Item>
                  </Flex>
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="title" label={t('field.title')} rules={rulesFor(['title'])}>
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="subTitle" label={t('field.subTitle')} rules={rulesFor(['subTitle'])}>
                  <Input maxLength={128} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="description"
                  label={t('field.description')}
                  rules={rulesFor(['description'])}
                >
                  <Input.TextArea maxLength={512} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card size="small" title={t('editor.sections.link')} style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="linkType" label={t('field.linkType')} rules={rulesFor(['linkType'])}>
                  <Select
                    onChange={revalidate('linkUrl', 'videoUrl')}
                    options={POSTER_LINK_TYPES.map((type) => ({
                      value: type,
                      label: label('posterLinkType', type),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="linkUrlView"
                  label={t('field.linkUrlView')}
                  rules={rulesFor(['linkUrlView'])}
                >
                  <Input maxLength={255} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="linkUrl"
                  label={t('field.linkUrl')}
                  dependencies={['linkType']}
                  rules={rulesFor(['linkUrl'], {
                    required: linkType === 1 || linkType === 2 || linkType === 3,
                  })}
                >
                  <Input maxLength={1024} placeholder={linkType === 1 ? 'https://' : undefined} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="videoTitle" label={t('field.videoTitle')} rules={rulesFor(['videoTitle'])}>
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="videoUrl"
                  label={t('field.videoUrl')}
                  dependencies={['linkType']}
                  extra={t('editor.videoPick')}
                  rules={rulesFor(['videoUrl'], { required: linkType === 4 })}
                >
                  <AutoComplete
                    placeholder="https://"
                    options={(videos.data?.items ?? []).map((video) => ({
                      value: video.link,
                      label: video.description ? `${video.description} · ${video.link}` : video.link,
                    }))}
                    onSelect={(link: string) => {
                      const picked = videos.data?.items.find((video) => video.link === link);
                      if (picked?.description && !form.getFieldValue('videoTitle'))
                        form.setFieldValue('videoTitle', picked.description);
                    }}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card size="small" title={t('editor.sections.share')} style={{ marginBottom: 16 }}>
            <Form.Item
              name="shareInfoId"
              label={t('field.shareInfoId')}
              extra={t('editor.shareInfoHelp')}
              rules={rulesFor(['shareInfoId'])}
            >
              <InputNumber min={1} precision={0} style={{ width: 240 }} />
            </Form.Item>
            <Typography.Text strong>{t('field.momentsShareInfo')}</Typography.Text>
            <ShareInfoFields channel="momentsShareInfo" />
            <Typography.Text strong>{t('field.weiboShareInfo')}</Typography.Text>
            <ShareInfoFields channel="weiboShareInfo" />
            <Row gutter={12}>
              <Col span={6}>
                <Form.Item name="isPush" label={t('field.isPush')} valuePropName="checked">
                  <Switch onChange={revalidate('pushTitle')} />
                </Form.Item>
              </Col>
              <Col span={18}>
                <Form.Item
                  name="pushTitle"
                  label={t('field.pushTitle')}
                  dependencies={['isPush']}
                  rules={rulesFor(['pushTitle'], { required: isPush === true })}
                >
                  <Input maxLength={64} disabled={viewing || !isPush} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          {poster && (
            <Typography.Text type="secondary">
              {t('editor.record', {
                creator: poster.creator,
                createdAt: formatTime(poster.createTime),
                updatedAt: formatTime(poster.updateTime),
              })}
            </Typography.Text>
          )}
        </Col>
        <Col xs={24} xl={9}>
          <div style={{ position: 'sticky', top: 16 }}>
            <PosterPhonePreview
              ruleId={ruleId}
              image={image}
              title={title}
              subTitle={subTitle}
              linkType={linkType}
              videoTitle={videoTitle}
            />
          </div>
        </Col>
      </Row>
    </ConfigProvider>
  );
}

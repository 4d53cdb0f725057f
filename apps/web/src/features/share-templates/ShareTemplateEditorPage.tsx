import { useMemo } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Col, ConfigProvider, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  SHARE_TYPES,
  ShareTemplateFieldsSchema,
  type SharePicture,
  type ShareTemplate,
  type ShareTemplateCreate,
  type ShareType,
} from '@cmp/domain/share-templates/share-templates';
import { useCanChange } from '../../app/session/use-can-change';
import { EntityForm, searchTableQueryKey, useEntityFormMode } from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { EditorPage, useEditorId } from '../../components/EntityForm/EditorPage';
import { useEntityEditor } from '../../components/EntityForm/use-entity-editor';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { ShareCardPreview } from './ShareCardPreview';
import { SharePicturesEditor } from './SharePicturesEditor';
import { shareTemplateEditorPath, shareTemplateListPath } from './share-template-links';
import {
  SHARE_TEMPLATE_LIST,
  shareTemplateKeys,
  useShareTemplate,
  useShareTemplatesApi,
} from './share-templates-api';

interface FormValues {
  shareType?: ShareType;
  shareInfoId?: string;
  shareTitle?: string;
  description?: string;
  landingPage?: string;
  sharePic: SharePicture[];
}

const toFormValues = (template?: ShareTemplate): FormValues => ({
  shareType: template?.shareType,
  shareInfoId: template?.shareInfoId ?? '',
  shareTitle: template?.shareTitle ?? '',
  description: template?.description ?? '',
  landingPage: template?.landingPage ?? '',
  sharePic: template?.sharePic ?? [],
});

const toRequest = (values: Partial<FormValues>): ShareTemplateCreate => ({
  shareType: values.shareType as ShareType,
  shareInfoId: values.shareInfoId ?? '',
  shareTitle: values.shareTitle ?? '',
  description: values.description ?? '',
  landingPage: values.landingPage ?? '',
  sharePic: (values.sharePic ?? []).map((p) => p.fileId),
});

const RULE_FIELDS = {
  'shareTemplates.shareInfoIdTaken': 'shareInfoId',
  'shareTemplates.pictureNotFound': 'sharePic',
} as const;

/**
 * One share template (`?id=`), or a new one without it (spec M3.5.7): type, share info id, title,
 * description, landing page and up to 5 pictures, beside a preview of the card as a chat shows it.
 */
export default function ShareTemplateEditorPage() {
  const { t } = useTranslation('shareTemplates');
  const tenant = useStationsTenant();
  const id = useEditorId();
  const template = useShareTemplate(id);
  return (
    <EditorPage
      id={id}
      entity={template}
      back={{ to: shareTemplateListPath(tenant), label: t('editor.back') }}
      notFound={t('editor.notFound')}
      title={
        template.data
          ? `${template.data.shareTitle} · #${template.data.shareTempletId}`
          : t('editor.createTitle')
      }
    >
      <ShareTemplateForm key={id ?? ''} template={template.data} onReload={() => void template.refetch()} />
    </EditorPage>
  );
}

function ShareTemplateForm({ template, onReload }: { template?: ShareTemplate; onReload: () => void }) {
  const { t } = useTranslation('shareTemplates');
  const tenant = useStationsTenant();
  const templates = useShareTemplatesApi();
  const navigate = useNavigate();
  const canChange = useCanChange();
  const [form] = Form.useForm<FormValues>();
  const initialValues = useMemo(() => toFormValues(template), [template]);
  const { mode, setMode, submit, confirmRemove } = useEntityEditor({
    entity: template,
    form,
    namespace: 'shareTemplates',
    idOf: (saved) => saved.shareTempletId,
    paramsOf: (saved) => ({ id: saved.shareTempletId, title: saved.shareTitle }),
    save: (values, current) =>
      current
        ? templates.update(current.shareTempletId, { ...toRequest(values), version: current.version })
        : templates.create(toRequest(values)),
    remove: (current) => templates.remove(current.shareTempletId, current.version),
    detailKey: (id) => shareTemplateKeys.detail(tenant, id),
    staleKeys: () => [searchTableQueryKey(tenant, SHARE_TEMPLATE_LIST)],
    editorPath: (id) => shareTemplateEditorPath(tenant, id),
    listPath: shareTemplateListPath(tenant),
    onReload,
    versionConflict: 'shareTemplates.versionConflict',
    ruleFields: RULE_FIELDS,
  });

  return (
    <EntityForm<FormValues>
      form={form}
      mode={mode}
      onModeChange={setMode}
      editable={canChange}
      initialValues={initialValues}
      onSubmit={submit}
      onCancelCreate={() => void navigate(shareTemplateListPath(tenant))}
      layout="vertical"
      extra={
        template &&
        canChange &&
        mode === 'view' && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove?.(template)}>
            {t('editor.delete')}
          </Button>
        )
      }
    >
      <ShareTemplateFields template={template} />
    </EntityForm>
  );
}

function ShareTemplateFields({ template }: { template?: ShareTemplate }) {
  const { t } = useTranslation('shareTemplates');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const mode = useEntityFormMode();
  const rulesFor = useSchemaRules<Partial<FormValues>>(ShareTemplateFieldsSchema, toRequest);
  const form = Form.useFormInstance<FormValues>();
  const title = Form.useWatch('shareTitle', form);
  const description = Form.useWatch('description', form);
  const landingPage = Form.useWatch('landingPage', form);
  const pictures = Form.useWatch('sharePic', form);
  const viewing = mode === 'view';

  return (
    <ConfigProvider componentDisabled={viewing}>
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Form.Item
            name="shareType"
            label={t('field.shareType')}
            rules={rulesFor(['shareType'], { required: true })}
          >
            <Select
              placeholder={t('editor.choose')}
              options={SHARE_TYPES.map((type) => ({ value: type, label: label('shareType', type) }))}
            />
          </Form.Item>
          <Form.Item
            name="shareInfoId"
            label={t('field.shareInfoId')}
            extra={t('editor.shareInfoIdHelp')}
            rules={rulesFor(['shareInfoId'], { required: true })}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="shareTitle"
            label={t('field.shareTitle')}
            rules={rulesFor(['shareTitle'], { required: true })}
          >
            <Input maxLength={64} showCount />
          </Form.Item>
          <Form.Item name="description" label={t('field.description')} rules={rulesFor(['description'])}>
            <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Form.Item
            name="landingPage"
            label={t('field.landingPage')}
            rules={rulesFor(['landingPage'], { required: true })}
          >
            <Input maxLength={1024} placeholder="https://" />
          </Form.Item>
          <Form.Item name="sharePic" label={t('field.sharePic')} rules={rulesFor(['sharePic'])}>
            <SharePicturesEditor tenant={tenant} disabled={viewing} />
          </Form.Item>
          {template && (
            <Typography.Paragraph type="secondary">
              {t('editor.record', {
                creator: orDash(template.creator),
                createdAt: formatTime(template.createdAt),
                updater: orDash(template.updater),
                updatedAt: formatTime(template.updatedAt),
              })}
            </Typography.Paragraph>
          )}
        </Col>
        <Col xs={24} lg={10}>
          <ShareCardPreview
            title={title}
            description={description}
            pictureUrl={pictures?.[0]?.url}
            landingPage={landingPage}
          />
        </Col>
      </Row>
    </ConfigProvider>
  );
}

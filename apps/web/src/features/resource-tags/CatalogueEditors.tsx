import { useMemo } from 'react';
import { App, Drawer, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG_BIZ_CODES, TAG_PROVIDERS } from '@cmp/domain/tags/tag-catalog';
import {
  TagCreateSchema,
  TagGroupCreateSchema,
  TagGroupUpdateSchema,
  TagTooltipSaveSchema,
  type CatalogueGroup,
  type CatalogueTag,
  type TagCatalogueOptions,
  type TagCreate,
  type TagGroupCreate,
  type TagTooltipSave,
} from '@cmp/domain/tags/tag-catalogue-editing';
import { TAG_INPUT_TYPES } from '@cmp/domain/tags/tag-contracts';
import { useDescribeError } from '../../api/describe-error';
import {
  EditorModal,
  EntityForm,
  NumberField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useResourceTagsApi } from './resource-tags-api';

/** The group form's values: a new group's request; an existing group's code and kind are shown, not sent. */
type GroupValues = TagGroupCreate;

const toUpdate = ({
  tagGroupCode: _code,
  tagProviderCode: _provider,
  bizCode: _bizCode,
  tagType: _tagType,
  ...update
}: GroupValues) => update;

/**
 * Saves through `save` and says `saved`; a refusal stays in the form (EntityForm shows the message) so the
 * user can correct it.
 */
function useSubmit<V>(save: (values: V) => Promise<unknown>, saved: (values: V) => string, done: () => void) {
  const { message } = App.useApp();
  const describe = useDescribeError();
  return async (values: V) => {
    try {
      await save(values);
    } catch (error) {
      throw new Error(describe(error));
    }
    void message.success(saved(values));
    done();
  };
}

/**
 * Creates a tag group or edits one. The drawer closes only through the form's Cancel, which asks before
 * unsaved changes are dropped.
 */
export function GroupDrawer({
  open,
  group,
  categories,
  onClose,
  onSaved,
}: {
  open: boolean;
  group: CatalogueGroup | null;
  categories: TagCatalogueOptions['categories'];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('resourceTags');
  return (
    <Drawer
      open={open}
      size={560}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      title={group ? t('group.editTitle', { name: group.tagGroupName }) : t('group.createTitle')}
    >
      {open && <GroupForm group={group} categories={categories} onClose={onClose} onSaved={onSaved} />}
    </Drawer>
  );
}

function GroupForm({
  group,
  categories,
  onClose,
  onSaved,
}: {
  group: CatalogueGroup | null;
  categories: TagCatalogueOptions['categories'];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('resourceTags');
  const label = useEnumLabel();
  const api = useResourceTagsApi();
  const [form] = Form.useForm<GroupValues>();
  const recommending = Form.useWatch('recommendationTag', form) ?? group?.recommendationTag ?? false;
  const rulesFor = useSchemaRules<GroupValues>(
    group ? TagGroupUpdateSchema : TagGroupCreateSchema,
    (values) => (group ? toUpdate(values) : values),
  );
  const initialValues = useMemo<GroupValues>(
    () =>
      group
        ? {
            tagGroupCode: group.tagGroupCode,
            tagGroupName: group.tagGroupName,
            tagCategoryCode: group.tagCategoryCode,
            tagProviderCode: group.tagProviderCode,
            bizCode: group.bizCode,
            tagType: group.tagType,
            unit: group.unit,
            min: group.min,
            max: group.max,
            manualUpdateAllowed: group.manualUpdateAllowed,
            enable: group.enable,
            recommendationTag: group.recommendationTag,
            recommendationText: group.recommendationText,
            relationGroupCode: group.relationGroupCode,
            description: group.description,
            remark: group.remark,
          }
        : {
            tagGroupCode: '',
            tagGroupName: '',
            tagCategoryCode: categories[0]?.code ?? 1,
            tagProviderCode: 'cmo',
            bizCode: 'ChargeStation',
            tagType: 'select',
            manualUpdateAllowed: true,
            enable: true,
            recommendationTag: false,
          },
    [group, categories],
  );
  const submit = useSubmit<GroupValues>(
    (values) => {
      const request = { ...initialValues, ...values };
      return group ? api.updateGroup(group.tagGroupCode, toUpdate(request)) : api.createGroup(request);
    },
    (values) => t(group ? 'group.saved' : 'group.created', { name: values.tagGroupName }),
    () => {
      onClose();
      onSaved();
    },
  );
  const fixed = group !== null;

  return (
    <EntityForm<GroupValues>
      form={form}
      name="tag-group"
      mode={group ? 'edit' : 'create'}
      onModeChange={(next) => next === 'view' && onClose()}
      layout="vertical"
      initialValues={initialValues}
      onSubmit={submit}
    >
      {fixed && <Typography.Paragraph type="secondary">{t('group.fixedHint')}</Typography.Paragraph>}
      <TextField
        name="tagGroupCode"
        label={t('field.tagGroupCode')}
        maxLength={64}
        disabled={fixed}
        rules={fixed ? [] : rulesFor(['tagGroupCode'], { required: true })}
      />
      <TextField
        name="tagGroupName"
        label={t('field.tagGroupName')}
        maxLength={64}
        rules={rulesFor(['tagGroupName'], { required: true })}
      />
      <SelectField
        name="tagCategoryCode"
        label={t('field.tagCategory')}
        options={categories.map((c) => ({ value: c.code, label: label('tagCategory', c.code, c.name) }))}
        rules={rulesFor(['tagCategoryCode'], { required: true })}
      />
      <SelectField
        name="tagProviderCode"
        label={t('field.tagProvider')}
        disabled={fixed}
        options={TAG_PROVIDERS.map((value) => ({ value, label: label('tagProvider', value) }))}
      />
      <SelectField
        name="bizCode"
        label={t('field.bizCode')}
        disabled={fixed}
        options={TAG_BIZ_CODES.map((value) => ({ value, label: label('resourceType', value) }))}
      />
      <SelectField
        name="tagType"
        label={t('field.tagType')}
        disabled={fixed}
        options={TAG_INPUT_TYPES.map((value) => ({ value, label: label('tagInputType', value) }))}
      />
      <TextField name="unit" label={t('field.unit')} maxLength={16} rules={rulesFor(['unit'])} />
      <NumberField name="min" label={t('field.min')} rules={rulesFor(['min'])} />
      <NumberField name="max" label={t('field.max')} dependencies={['min']} rules={rulesFor(['max'])} />
      <SwitchField name="manualUpdateAllowed" label={t('field.manualUpdateAllowed')} />
      <SwitchField name="enable" label={t('field.enable')} />
      <SwitchField name="recommendationTag" label={t('field.recommendationTag')} />
      <TextField
        name="recommendationText"
        label={t('field.recommendationText')}
        maxLength={64}
        disabled={!recommending}
        dependencies={['recommendationTag']}
        rules={rulesFor(['recommendationText'], { required: recommending })}
      />
      <TextField
        name="relationGroupCode"
        label={t('field.relationGroupCode')}
        maxLength={64}
        rules={rulesFor(['relationGroupCode'])}
      />
      <TextAreaField
        name="description"
        label={t('field.description')}
        rows={2}
        maxLength={255}
        rules={rulesFor(['description'])}
      />
      <TextAreaField
        name="remark"
        label={t('field.remark')}
        rows={2}
        maxLength={255}
        rules={rulesFor(['remark'])}
      />
    </EntityForm>
  );
}

/** Edits the explanation shown beside a group's input in the stations' tag editor. */
export function TooltipModal({
  group,
  onClose,
  onSaved,
}: {
  group: CatalogueGroup;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('resourceTags');
  const api = useResourceTagsApi();
  const rulesFor = useSchemaRules<TagTooltipSave>(TagTooltipSaveSchema, (values) => values);
  const submit = useSubmit<TagTooltipSave>(
    (values) => api.saveTooltip(group.tagGroupCode, values.tooltipText ?? ''),
    () => t('tooltip.saved', { name: group.tagGroupName }),
    () => {
      onClose();
      onSaved();
    },
  );
  return (
    <EditorModal title={t('tooltip.title', { name: group.tagGroupName })}>
      <EntityForm<TagTooltipSave>
        name="tag-tooltip"
        mode="edit"
        onModeChange={(next) => next === 'view' && onClose()}
        layout="vertical"
        initialValues={{ tooltipText: group.tooltipText ?? '' }}
        onSubmit={submit}
      >
        <TextAreaField
          name="tooltipText"
          label={t('field.tooltipText')}
          tooltip={t('tooltip.hint')}
          rows={4}
          maxLength={500}
          rules={rulesFor(['tooltipText'])}
        />
      </EntityForm>
    </EditorModal>
  );
}

/** Adds a tag to a group or edits one; a tag's code is fixed once it exists. */
export function TagModal({
  group,
  tag,
  onClose,
  onSaved,
}: {
  group: CatalogueGroup;
  tag: CatalogueTag | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('resourceTags');
  const api = useResourceTagsApi();
  const rulesFor = useSchemaRules<TagCreate>(TagCreateSchema, (values) => values);
  const initialValues = useMemo<TagCreate>(
    () =>
      tag
        ? {
            tagCode: tag.tagCode,
            tagName: tag.tagName,
            tagPriority: tag.tagPriority,
            description: tag.description,
          }
        : {
            tagCode: '',
            tagName: '',
            tagPriority: Math.max(0, ...group.tagList.map((item) => item.tagPriority)) + 1,
          },
    [group, tag],
  );
  const submit = useSubmit<TagCreate>(
    (values) => {
      const { tagCode, ...update } = { ...initialValues, ...values };
      return tag
        ? api.updateTag(group.tagGroupCode, tag.tagCode, update)
        : api.createTag(group.tagGroupCode, { tagCode, ...update });
    },
    (values) => t(tag ? 'tag.saved' : 'tag.created', { name: values.tagName }),
    () => {
      onClose();
      onSaved();
    },
  );
  return (
    <EditorModal
      title={
        tag ? t('tag.editTitle', { name: tag.tagName }) : t('tag.createTitle', { group: group.tagGroupName })
      }
    >
      <EntityForm<TagCreate>
        name="tag"
        mode={tag ? 'edit' : 'create'}
        onModeChange={(next) => next === 'view' && onClose()}
        layout="vertical"
        initialValues={initialValues}
        onSubmit={submit}
      >
        <TextField
          name="tagCode"
          label={t('field.tagCode')}
          maxLength={64}
          disabled={tag !== null}
          rules={tag ? [] : rulesFor(['tagCode'], { required: true })}
        />
        <TextField
          name="tagName"
          label={t('field.tagName')}
          maxLength={64}
          rules={rulesFor(['tagName'], { required: true })}
        />
        <NumberField
          name="tagPriority"
          label={t('field.tagPriority')}
          min={0}
          max={9999}
          precision={0}
          rules={rulesFor(['tagPriority'], { required: true })}
        />
        <TextAreaField
          name="description"
          label={t('field.description')}
          rows={2}
          maxLength={255}
          rules={rulesFor(['description'])}
        />
      </EntityForm>
    </EditorModal>
  );
}

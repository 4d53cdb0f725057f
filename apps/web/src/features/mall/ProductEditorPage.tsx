import { useMemo } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Col,
  ConfigProvider,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PRODUCT_ITEM_TYPES, ProductCreateSchema, type Product } from '@cmp/domain/mall/product-contracts';
import { useCanChange } from '../../app/session/use-can-change';
import { EntityForm, ImageUpload, searchTableQueryKey, useEntityFormMode } from '../../components';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { EditorPage, useEditorId } from '../../components/EntityForm/EditorPage';
import { useEntityEditor } from '../../components/EntityForm/use-entity-editor';
import { formatTime } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { mallKeys, PRODUCT_LIST, useMallApi, useProduct } from './mall-api';
import { productEditorPath, productListPath } from './mall-links';
import { NEW_ITEM, toFormValues, toRequest, type ProductFormValues } from './product-form-values';

const RULE_FIELDS = {
  'mall.nameExists': 'name',
  'mall.unknownCouponBatch': 'items',
  'mall.unknownOperator': 'operatorIds',
} as const;

/**
 * One product (`?id=`), or a new one without it (spec M3.9.1): every field, prices typed in yuan and sent
 * in cents, and its items; leaving with unsaved changes asks first.
 */
export default function ProductEditorPage() {
  const { t } = useTranslation('mall');
  const tenant = useStationsTenant();
  const id = useEditorId();
  const product = useProduct(id);
  return (
    <EditorPage
      id={id}
      entity={product}
      back={{ to: productListPath(tenant), label: t('editor.back') }}
      notFound={t('editor.notFound')}
      title={product.data ? `${product.data.name} · #${product.data.id}` : t('editor.createTitle')}
    >
      <ProductForm key={id ?? ''} product={product.data} onReload={() => void product.refetch()} />
    </EditorPage>
  );
}

function ProductForm({ product, onReload }: { product?: Product; onReload: () => void }) {
  const tenant = useStationsTenant();
  const mall = useMallApi();
  const navigate = useNavigate();
  const canChange = useCanChange();
  const [form] = Form.useForm<ProductFormValues>();
  const initialValues = useMemo(() => toFormValues(product), [product]);
  const { mode, setMode, submit } = useEntityEditor({
    entity: product,
    form,
    namespace: 'mall',
    idOf: (saved) => saved.id,
    paramsOf: (saved) => ({ id: saved.id, name: saved.name }),
    save: (values, current) =>
      current
        ? mall.update(current.id, { ...toRequest(values), version: current.version })
        : mall.create(toRequest(values)),
    detailKey: (id) => mallKeys.product(tenant, id),
    staleKeys: () => [searchTableQueryKey(tenant, PRODUCT_LIST)],
    editorPath: (id) => productEditorPath(tenant, id),
    listPath: productListPath(tenant),
    onReload,
    versionConflict: 'mall.productVersionConflict',
    ruleFields: RULE_FIELDS,
  });
  return (
    <EntityForm<ProductFormValues>
      form={form}
      mode={mode}
      onModeChange={setMode}
      editable={canChange}
      initialValues={initialValues}
      onSubmit={submit}
      onCancelCreate={() => void navigate(productListPath(tenant))}
      layout="vertical"
    >
      <ProductFields product={product} />
    </EntityForm>
  );
}

function ProductFields({ product }: { product?: Product }) {
  const { t } = useTranslation('mall');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const mode = useEntityFormMode();
  const rulesFor = useSchemaRules<Partial<ProductFormValues>>(ProductCreateSchema, toRequest);
  const form = Form.useFormInstance<ProductFormValues>();
  const image = Form.useWatch('imageUrl', form);
  const viewing = mode === 'view';
  return (
    <ConfigProvider componentDisabled={viewing}>
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Form.Item name="name" label={t('field.name')} rules={rulesFor(['name'], { required: true })}>
            <Input maxLength={64} showCount />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="unitPrice"
                label={t('field.unitPrice')}
                rules={rulesFor(['unitPrice'], { required: true })}
              >
                <InputNumber
                  min={0.01}
                  max={1_000_000}
                  precision={2}
                  step={1}
                  style={{ width: '100%' }}
                  suffix={t('editor.yuan')}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="originalPrice"
                label={t('field.originalPrice')}
                dependencies={['unitPrice']}
                rules={rulesFor(['originalPrice'])}
              >
                <InputNumber
                  min={0.01}
                  max={1_000_000}
                  precision={2}
                  step={1}
                  style={{ width: '100%' }}
                  suffix={t('editor.yuan')}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="advertisement"
            label={t('field.advertisement')}
            rules={rulesFor(['advertisement'])}
          >
            <Input maxLength={128} showCount />
          </Form.Item>
          <Form.Item name="usageScope" label={t('field.usageScope')} rules={rulesFor(['usageScope'])}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="expireInDays" label={t('field.expireInDays')} rules={rulesFor(['expireInDays'])}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="description" label={t('field.description')} rules={rulesFor(['description'])}>
            <Input.TextArea maxLength={1024} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item name="productDisplay" label={t('field.productDisplay')} valuePropName="checked">
            <Switch checkedChildren={t('display.on')} unCheckedChildren={t('display.off')} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item label={t('field.imageUrl')} extra={t('editor.imageHelp')}>
            <Flex gap={12} align="flex-start">
              <ImageUpload
                action={`/api/${tenant}/files`}
                value={image || null}
                disabled={viewing}
                onChange={(file) => {
                  form.setFieldValue('imageUrl', file.url);
                  void form.validateFields(['imageUrl']).catch(() => undefined);
                }}
              />
              <Form.Item name="imageUrl" noStyle rules={rulesFor(['imageUrl'])}>
                <Input
                  maxLength={1024}
                  placeholder="https://"
                  style={{ flex: 1 }}
                  aria-label={t('field.imageUrl')}
                />
              </Form.Item>
            </Flex>
          </Form.Item>
          <Form.Item
            name="groupIds"
            label={t('field.groupIds')}
            extra={t('editor.groupsHelp')}
            rules={rulesFor(['groupIds'])}
          >
            <Select mode="tags" open={false} tokenSeparators={[',', ' ']} aria-label={t('field.groupIds')} />
          </Form.Item>
          <Form.Item
            name="operatorIds"
            label={t('field.operatorIds')}
            extra={t('editor.operatorsHelp')}
            rules={rulesFor(['operatorIds'])}
          >
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',', ' ']}
              aria-label={t('field.operatorIds')}
              labelRender={({ value }) => product?.operatorNames[String(value)] ?? String(value)}
            />
          </Form.Item>
          <Form.Item name="landingPage" label={t('field.landingPage')} rules={rulesFor(['landingPage'])}>
            <Input maxLength={1024} placeholder="https://" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Typography.Title level={5}>{t('field.items')}</Typography.Title>
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4}>
                {fields.map((field, index) => (
                  <Row key={field.key} gutter={12} align="top">
                    <Col xs={24} md={4}>
                      <Form.Item
                        name={[field.name, 'itemType']}
                        label={index === 0 ? t('field.itemType') : undefined}
                        rules={rulesFor([`items.${index}.itemType`], { required: true })}
                      >
                        <Select
                          aria-label={t('field.itemType')}
                          options={PRODUCT_ITEM_TYPES.map((type) => ({
                            value: type,
                            label: label('productItemType', type),
                          }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={6}>
                      <Form.Item
                        name={[field.name, 'itemCode']}
                        label={index === 0 ? t('field.itemCode') : undefined}
                        rules={rulesFor([`items.${index}.itemCode`], { required: true })}
                      >
                        <Input maxLength={64} aria-label={t('field.itemCode')} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'itemName']}
                        label={index === 0 ? t('field.itemName') : undefined}
                        rules={rulesFor([`items.${index}.itemName`], { required: true })}
                      >
                        <Input maxLength={64} aria-label={t('field.itemName')} />
                      </Form.Item>
                    </Col>
                    <Col xs={18} md={4}>
                      <Form.Item
                        name={[field.name, 'itemCount']}
                        label={index === 0 ? t('field.itemCount') : undefined}
                        rules={rulesFor([`items.${index}.itemCount`], { required: true })}
                      >
                        <InputNumber
                          min={1}
                          max={999}
                          precision={0}
                          style={{ width: '100%' }}
                          aria-label={t('field.itemCount')}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={6} md={2}>
                      {!viewing && fields.length > 1 && (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('editor.removeItem')}
                          style={index === 0 ? { marginTop: 30 } : undefined}
                          onClick={() => remove(field.name)}
                        />
                      )}
                    </Col>
                  </Row>
                ))}
                {!viewing && fields.length < 20 && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ ...NEW_ITEM })}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('editor.addItem')}
                  </Button>
                )}
                <Typography.Text type="secondary">{t('editor.couponHelp')}</Typography.Text>
                <Typography.Text type="secondary">{t('editor.goodsHelp')}</Typography.Text>
              </Flex>
            )}
          </Form.List>
          {product && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
              {t('field.creator')} {product.creator} · {t('field.createTime')}{' '}
              {formatTime(product.createTime)} · {t('field.updateTime')} {formatTime(product.updateTime)}
            </Typography.Paragraph>
          )}
        </Col>
      </Row>
    </ConfigProvider>
  );
}

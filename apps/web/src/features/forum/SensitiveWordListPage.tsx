import { useMemo, useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MATCH_RULES,
  SENSITIVE_WORD_BULK_LIMIT,
  SensitiveWordListQuerySchema,
  SensitiveWordText,
  type MatchRule,
  type SensitiveWord,
} from '@cmp/domain/forum/forum-contracts';
import { useDescribeError } from '../../api/describe-error';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  searchTableQueryKey,
  type SearchFilter,
  type SearchTableColumn,
} from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { FORUM, SENSITIVE_WORD_LIST, forumKeys, useForumApi } from './forum-api';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The tenant's rule for a match on intake: hold for review or only flag. */
function RuleCard() {
  const { t } = useTranslation('forum');
  const tenant = useStationsTenant();
  const forum = useForumApi();
  const canChange = useCanChange();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const rule = useQuery({ queryKey: forumKeys.rule(tenant), queryFn: ({ signal }) => forum.rule(signal) });
  const [saving, setSaving] = useState(false);

  const save = async (matchRule: MatchRule) => {
    setSaving(true);
    try {
      queryClient.setQueryData(forumKeys.rule(tenant), await forum.saveRule(matchRule));
      void message.success(t('words.ruleSaved'));
    } catch (error) {
      void message.error(describe(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('words.rule')} size="small">
      {rule.isError ? (
        <ErrorResult error={rule.error} onRetry={() => void rule.refetch()} />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('words.ruleHelp')}</Typography.Text>
          <Radio.Group
            value={rule.data?.matchRule}
            disabled={!canChange || saving || rule.isPending}
            onChange={(event) => void save(event.target.value as MatchRule)}
            options={MATCH_RULES.map((value) => ({
              value,
              label: t(value === 'hold' ? 'words.ruleHold' : 'words.ruleFlag'),
            }))}
          />
          {rule.data && (
            <Typography.Text type="secondary">
              {t('words.count', { count: rule.data.words })}
              {rule.data.updatedBy ? ` · ${rule.data.updatedBy} ${formatTime(rule.data.updatedAt)}` : ''}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Card>
  );
}

/** One word, or many (one a line), checked against the word's rules before they are sent. */
function AddDialog({ bulk, open, onClose }: { bulk: boolean; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('forum');
  const tenant = useStationsTenant();
  const forum = useForumApi();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ words: string }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async ({ words }: { words: string }) => {
    const list = words
      .split(/\r?\n/)
      .map((w) => w.trim())
      .filter((w) => w.length > 0);
    const bad = list.find((w) => !SensitiveWordText.safeParse(w).success);
    if (list.length === 0 || bad !== undefined || list.length > SENSITIVE_WORD_BULK_LIMIT) {
      setError(bad ?? t('words.bulkHelp'));
      return;
    }
    setSaving(true);
    try {
      if (bulk) {
        void message.success(t('words.bulkDone', await forum.addWords(list)));
      } else {
        const added = await forum.addWord(list[0]!);
        void message.success(t('words.added', { word: added.word }));
      }
      form.resetFields();
      setError(undefined);
      onClose();
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setSaving(false);
    }
    await queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, SENSITIVE_WORD_LIST) });
    await queryClient.invalidateQueries({ queryKey: forumKeys.rule(tenant) });
  };

  return (
    <Modal
      open={open}
      title={t(bulk ? 'words.bulkTitle' : 'words.addTitle')}
      okText={t('confirm.ok')}
      cancelText={t('confirm.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="words"
          label={t('field.word')}
          extra={bulk ? t('words.bulkHelp') : undefined}
          validateStatus={error ? 'error' : undefined}
          help={error}
          rules={[{ required: true, message: t('words.bulkHelp') }]}
        >
          {bulk ? <Input.TextArea rows={8} /> : <Input maxLength={64} />}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The tenant's sensitive words (matched on every post and reply on intake): find, add, add many, delete, export. */
export default function SensitiveWordListPage() {
  const { t } = useTranslation('forum');
  const tenant = useStationsTenant();
  const forum = useForumApi();
  const canChange = useCanChange();
  const { message, modal } = App.useApp();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<'one' | 'bulk'>();

  const remove = (word: SensitiveWord) =>
    modal.confirm({
      title: t('words.deleteTitle', { word: word.word }),
      content: t('words.deleteContent'),
      okText: t('words.delete'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await forum.deleteWord(word.wordId);
          void message.success(t('words.deleted'));
        } catch (error) {
          void message.error(describe(error));
        }
        await queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, SENSITIVE_WORD_LIST) });
        await queryClient.invalidateQueries({ queryKey: forumKeys.rule(tenant) });
      },
    });

  const filters = useMemo<SearchFilter[]>(
    () => [{ type: 'input', name: 'word', label: t('field.word') }],
    [t],
  );
  const columns = useMemo<SearchTableColumn<SensitiveWord>[]>(
    () => [
      { key: 'word', title: t('field.word'), width: 200, render: (w) => w.word },
      { key: 'createdBy', title: t('field.createdBy'), width: 160, render: (w) => orDash(w.createdBy) },
      {
        key: 'createdAt',
        title: t('field.createdAt'),
        width: 180,
        sortable: true,
        render: (w) => formatTime(w.createdAt),
      },
      ...(canChange
        ? [
            {
              key: 'operation',
              title: '',
              width: 90,
              render: (w: SensitiveWord) => (
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(w)}>
                  {t('words.delete')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    // `remove` reads only stable values from its closure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canChange],
  );

  return (
    <Flex vertical gap={16}>
      <RuleCard />
      <SearchTable<SensitiveWord>
        querySchema={SensitiveWordListQuerySchema}
        persistKey={SENSITIVE_WORD_LIST}
        tenant={tenant}
        rowKey="wordId"
        title={t('words.title')}
        columns={columns}
        filters={filters}
        empty={t('words.empty')}
        request={(params, { signal }) =>
          forum.words(
            { pageNo: params.pageNo, pageSize: params.pageSize, sort: params.sort, word: text(params.word) },
            signal,
          )
        }
        actions={({ params, columns: shown }) => [
          ...(canChange
            ? [
                <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setAdding('one')}>
                  {t('words.add')}
                </Button>,
                <Button key="bulk" onClick={() => setAdding('bulk')}>
                  {t('words.bulkAdd')}
                </Button>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${FORUM}/sensitive-words/export`}
            query={{ word: text(params.word) }}
            columns={shown.filter((key) => key !== 'operation')}
            fileName="sensitive-words"
          />,
        ]}
      />
      <AddDialog bulk={adding === 'bulk'} open={adding !== undefined} onClose={() => setAdding(undefined)} />
    </Flex>
  );
}

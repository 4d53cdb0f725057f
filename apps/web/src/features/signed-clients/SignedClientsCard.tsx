import type { ReactNode } from 'react';
import { Button, Card, Empty, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { ClientSecretModal, type ShownSecret } from './ClientSecretModal';

/**
 * The screen of one kind of signed client: its list (with its loading, error and empty states), the
 * button and dialog that create or edit one, and the dialog that shows a secret the one time it is
 * answered. The kind's screen gives the texts, the columns and the form.
 */
export function SignedClientsCard<Row extends object>({
  title,
  intro,
  createLabel,
  emptyText,
  onCreate,
  query,
  rowKey,
  columns,
  form,
  secret,
}: {
  title: ReactNode;
  intro: string;
  createLabel: string;
  emptyText: string;
  onCreate: () => void;
  query: UseQueryResult<Row[]>;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  /** The create or edit dialog: closed when `content` is null. */
  form: { title: string; width: number; onClose: () => void; content: ReactNode };
  secret: { shown: ShownSecret | null; ns: string; idLabel: string; onClose: () => void };
}) {
  return (
    <Card
      title={title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {createLabel}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {query.isError ? (
        <ErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<Row>
          rowKey={rowKey}
          size="middle"
          columns={columns}
          dataSource={query.data ?? []}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: 1400 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        />
      )}
      <Modal
        open={form.content !== null}
        onCancel={form.onClose}
        footer={null}
        destroyOnHidden
        width={form.width}
        title={form.title}
      >
        {form.content}
      </Modal>
      <ClientSecretModal
        secret={secret.shown}
        ns={secret.ns}
        idLabel={secret.idLabel}
        onClose={secret.onClose}
      />
    </Card>
  );
}

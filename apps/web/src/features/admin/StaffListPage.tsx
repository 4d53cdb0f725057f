import { useMemo, useState } from 'react';
import { Alert, Button, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, TENANT_LABELS, type StaffUser } from '@cmp/domain';
import { SearchTable, type SearchFilter, type SearchTableColumn } from '../../components';
import { useCurrentUser } from '../../app/session/current-user';
import { ExportButton } from '../../app/tasks/ExportButton';
import { IssuedPasswordModal } from './IssuedPasswordModal';
import { listStaff, STAFF_EXPORT_PATH, staffListQuery } from './staff-api';
import { StaffDrawer, type StaffEditorTarget } from './StaffDrawer';
import { STAFF_LIST, useListTenant, type IssuedPassword } from './staff-hooks';
import { StaffRowActions } from './StaffRowActions';
import { adminTenants } from './staff-rules';
import styles from './StaffListPage.module.css';

const formatTime = (iso: string | null): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

/**
 * Staff administration: the accounts within the admin's scope (every account for the system
 * administrator, the staff of its tenants for a tenant admin), their roles there, and what it may do.
 */
export default function StaffListPage() {
  const { t } = useTranslation('admin');
  const tenant = useListTenant();
  const me = useCurrentUser();
  const administered = useMemo(() => adminTenants(me), [me]);
  const [editor, setEditor] = useState<StaffEditorTarget | null>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'keyword', label: t('filter.keyword'), placeholder: t('filter.keywordHint') },
      {
        type: 'select',
        name: 'tenant',
        label: t('filter.tenant'),
        options: administered.map((value) => ({ value, label: TENANT_LABELS[value] })),
      },
      {
        type: 'select',
        name: 'disabled',
        label: t('filter.status'),
        options: [
          { value: 'false', label: t('status.enabled') },
          { value: 'true', label: t('status.disabled') },
        ],
      },
      {
        type: 'select',
        name: 'role',
        label: t('filter.role'),
        options: STAFF_ROLES.map((role) => ({ value: role, label: t(`common:role.${role}`) })),
      },
      {
        type: 'datetimeRange',
        name: 'createdAt',
        names: ['createdAtBegin', 'createdAtEnd'],
        label: t('filter.createdAt'),
      },
      {
        type: 'datetimeRange',
        name: 'lastSignInAt',
        names: ['lastSignInAtBegin', 'lastSignInAtEnd'],
        label: t('filter.lastSignInAt'),
      },
    ],
    [t, administered],
  );

  const columns = useMemo<SearchTableColumn<StaffUser>[]>(
    () => [
      {
        key: 'userName',
        title: t('field.userName'),
        sortable: true,
        width: 150,
        fixed: 'left',
        ellipsis: true,
        render: (user) => user.userName,
      },
      { key: 'displayName', title: t('field.displayName'), width: 130, ellipsis: true },
      {
        key: 'roles',
        title: t('field.roles'),
        width: 300,
        render: (user) =>
          user.roles.length === 0 && !user.systemAdmin && !user.rolesElsewhere ? (
            '-'
          ) : (
            // One line even for all three tenants: rows of one height read better than stacked tags.
            <Space size={4}>
              {user.systemAdmin && <Tag color="gold">{t('list.systemAdmin')}</Tag>}
              {user.roles.map(({ tenant: roleTenant, role }) => (
                <Tag key={roleTenant}>{`${TENANT_LABELS[roleTenant]} · ${t(`common:role.${role}`)}`}</Tag>
              ))}
              {user.rolesElsewhere && (
                <Tooltip title={t('list.rolesElsewhereHint')}>
                  <Tag>{t('list.rolesElsewhere')}</Tag>
                </Tooltip>
              )}
            </Space>
          ),
      },
      {
        key: 'mail',
        title: t('field.mail'),
        width: 200,
        ellipsis: true,
        render: (user) => user.mail ?? '-',
      },
      {
        key: 'mobilePhoneNumber',
        title: t('field.mobilePhoneNumber'),
        hiddenByDefault: true,
        width: 140,
        render: (user) => user.mobilePhoneNumber ?? '-',
      },
      {
        key: 'disabled',
        title: t('field.status'),
        width: 90,
        render: (user) =>
          user.disabled ? (
            <Tag color="error">{t('status.disabled')}</Tag>
          ) : (
            <Tag color="success">{t('status.enabled')}</Tag>
          ),
      },
      {
        key: 'lastSignInAt',
        title: t('field.lastSignInAt'),
        sortable: true,
        width: 180,
        render: (user) => <span className={styles.nowrap}>{formatTime(user.lastSignInAt)}</span>,
      },
      {
        key: 'createdAt',
        title: t('field.createdAt'),
        sortable: true,
        hiddenByDefault: true,
        width: 180,
        render: (user) => <span className={styles.nowrap}>{formatTime(user.createdAt)}</span>,
      },
      {
        key: 'actions',
        title: t('list.actions'),
        fixed: 'right',
        width: 230,
        render: (user) => (
          <StaffRowActions
            user={user}
            onView={() => setEditor({ kind: 'existing', userId: user.userId })}
            onIssued={setIssued}
          />
        ),
      },
    ],
    [t],
  );

  const scope = me.systemAdmin
    ? t('scope.system')
    : t('scope.tenant', { tenants: administered.map((value) => TENANT_LABELS[value]).join(t('scope.and')) });

  return (
    <>
      <Alert type="info" showIcon title={scope} className={styles.scope} />
      <SearchTable<StaffUser>
        persistKey={STAFF_LIST}
        tenant={tenant}
        rowKey="userId"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => listStaff(params, signal)}
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={STAFF_EXPORT_PATH}
            query={staffListQuery(params)}
            columns={shown}
            fileName="staff"
          />,
          <Button
            key="create"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditor({ kind: 'create' })}
          >
            {t('list.create')}
          </Button>,
        ]}
      />
      <StaffDrawer target={editor} onClose={() => setEditor(null)} onIssued={setIssued} />
      <IssuedPasswordModal issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}

import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RELATION_REASON_MAX_LENGTH, type Relation } from '@cmp/domain/accounts/relation-contracts';
import { useDescribeError } from '../../api/describe-error';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useCanChange } from '../../app/session/use-can-change';
import { accountName } from './relation-parts';
import { useRefreshAfterRelationChange, useRelationsApi } from './relations-api';

/**
 * Unbinds a live relation after the user confirms in a dialog that will not go on without a reason. Offered
 * to operators only, and only while the relation is bound. The dialog is mounted at the first click, each
 * opening afresh (its key): a closed dialog with its mutation in every row of a list was a noticeable part
 * of the relation list's first render.
 */
export function UnbindRelationButton({ relation }: { relation: Relation }) {
  const { t } = useTranslation('relations');
  const canChange = useCanChange();
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);

  if (relation.state !== 'bind' || !canChange) return null;

  return (
    <>
      <Button
        danger
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        {t('unbind.action')}
      </Button>
      {openings > 0 && (
        <UnbindRelationDialog key={openings} relation={relation} open={open} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function UnbindRelationDialog({
  relation,
  open,
  onClose,
}: {
  relation: Relation;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('relations');
  const label = useEnumLabel();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const relations = useRelationsApi();
  const refresh = useRefreshAfterRelationChange();
  const [reason, setReason] = useState('');

  const unbind = useMutation({
    mutationFn: () => relations.unbind({ relation_id: relation.relationId, unbind_reason: reason.trim() }),
    onSuccess: (unbound) => {
      onClose();
      void message.success(t('unbind.done', { relationId: unbound.relationId }));
      void refresh(unbound.resourceId);
    },
  });

  return (
    <Modal
      open={open}
      title={t('unbind.title', { account: accountName(relation) })}
      okText={t('unbind.submit')}
      cancelText={t('unbind.cancel')}
      okButtonProps={{ danger: true, loading: unbind.isPending, disabled: reason.trim() === '' }}
      onOk={() => unbind.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('unbind.question', { relationType: label('relationType', relation.relationType) })}
      </Typography.Paragraph>
      {/* Room below for the character count, which antd draws under the box. */}
      <div style={{ marginBottom: 24 }}>
        <Input.TextArea
          aria-label={t('field.unbindReason')}
          placeholder={t('unbind.reasonHint')}
          rows={3}
          maxLength={RELATION_REASON_MAX_LENGTH}
          showCount
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {unbind.isError && (
        <Alert type="error" showIcon title={describe(unbind.error)} style={{ marginTop: 16 }} />
      )}
    </Modal>
  );
}

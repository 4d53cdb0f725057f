import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Worksheet } from '@cmp/domain/stations/worksheets';
import { useDescribeError } from '../../api/describe-error';
import { useRefreshAfterWorksheetChange, useWorksheetsApi } from './worksheets-api';
import { useCanChange } from '../../app/session/use-can-change';

const REMARK_MAX = 512;

interface WorksheetCloseButtonProps {
  worksheet: Worksheet;
  /** A link-style button for table rows; a plain one on the detail page. */
  variant?: 'link' | 'button';
}

/** Closes an open worksheet after the user confirms in a dialog that also takes the closing remark. */
export function WorksheetCloseButton({ worksheet, variant = 'button' }: WorksheetCloseButtonProps) {
  const { t } = useTranslation('worksheets');
  const canChange = useCanChange();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const worksheets = useWorksheetsApi();
  const refresh = useRefreshAfterWorksheetChange();
  const [open, setOpen] = useState(false);
  const [remark, setRemark] = useState('');

  const close = useMutation({
    mutationFn: () => worksheets.close(worksheet.worksheetId, { closeRemark: remark }),
    onSuccess: (closed) => {
      setOpen(false);
      void message.success(t('close.closed', { worksheetId: closed.worksheetId }));
      void refresh(closed);
    },
  });

  if (worksheet.status !== 'open' || !canChange) return null;

  return (
    <>
      <Button
        danger
        type={variant === 'link' ? 'link' : 'default'}
        size={variant === 'link' ? 'small' : 'middle'}
        onClick={() => {
          close.reset();
          setRemark('');
          setOpen(true);
        }}
      >
        {t('list.close')}
      </Button>
      <Modal
        open={open}
        title={t('close.title', { worksheetId: worksheet.worksheetId })}
        okText={t('close.confirm')}
        cancelText={t('close.cancel')}
        okButtonProps={{ danger: true, loading: close.isPending }}
        onOk={() => close.mutate()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('close.question')}</Typography.Paragraph>
        <Typography.Paragraph strong>{worksheet.title}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('field.closeRemark')}
          placeholder={t('close.remarkHint')}
          rows={3}
          maxLength={REMARK_MAX}
          showCount
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
        {close.isError && (
          <Alert type="error" showIcon title={describe(close.error)} style={{ marginTop: 16 }} />
        )}
      </Modal>
    </>
  );
}

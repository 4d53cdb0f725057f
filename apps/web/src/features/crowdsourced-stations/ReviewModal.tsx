import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CONTENT_MAX_LENGTH,
  NOTIFICATION_TITLE_MAX_LENGTH,
  REJECT_REASON_MAX_LENGTH,
  REPORT_REVIEW_STATUSES,
  type CrowdsourcedStation,
  type ReportReview,
} from '@cmp/domain/stations/crowdsourced-stations';
import { useFormRules } from '../../components';
import { useCrowdsourcedApi, useRefreshAfterReportChange } from './crowdsourced-api';
import { useReportFailure } from './report-detail-hooks';

type Decision = ReportReview['stationStatus'];

interface ReviewValues {
  decision: Decision;
  rejectReason?: string;
  sendNotification: boolean;
  notificationTitle?: string;
  notificationContent?: string;
}

/**
 * The review as the contract takes it: the reason only with a rejection, title and content only with a
 * notification, each trimmed as the server keeps it.
 */
function reviewOf(values: ReviewValues, version: number): ReportReview {
  const rejected = values.decision === REPORT_REVIEW_STATUSES.rejected;
  return {
    stationStatus: values.decision,
    sendNotification: values.sendNotification,
    ...(rejected && { rejectReason: values.rejectReason?.trim() }),
    ...(values.sendNotification && {
      notificationTitle: values.notificationTitle?.trim(),
      notificationContent: values.notificationContent?.trim(),
    }),
    version,
  };
}

interface ReviewModalProps {
  open: boolean;
  report: CrowdsourcedStation;
  onClose: () => void;
}

/**
 * Approves or rejects a report, asking what ReportReviewSchema asks: a reason to reject, and a title and
 * content when the reporter is to be notified (which needs a reporter account). A refusal of the server
 * shows in the dialog, which stays open.
 */
export function ReviewModal({ open, report, onClose }: ReviewModalProps) {
  const { t } = useTranslation('crowdsourcedReview');
  const { message } = App.useApp();
  const rules = useFormRules();
  const reports = useCrowdsourcedApi();
  const refresh = useRefreshAfterReportChange();
  const failureOf = useReportFailure();
  const [form] = Form.useForm<ReviewValues>();
  const decision = Form.useWatch('decision', form);
  const notify = Form.useWatch('sendNotification', form);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const canNotify = report.creatorAccountId !== null;

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const reviewed = await reports.review(report.objectId, reviewOf(values, report.version));
      const approved = reviewed.stationStatus === REPORT_REVIEW_STATUSES.approved;
      void message.success(t(approved ? 'review.approved' : 'review.rejected'));
      onClose();
      void refresh();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('review.title')}
      width={560}
      okText={t('review.submit')}
      cancelText={t('review.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => setFailure(undefined)}
      destroyOnHidden
    >
      <Form<ReviewValues> form={form} layout="vertical" initialValues={{ sendNotification: false }}>
        <Form.Item name="decision" label={t('review.decision')} rules={[rules.required()]}>
          <Radio.Group
            options={[
              { value: REPORT_REVIEW_STATUSES.approved, label: t('review.approve') },
              { value: REPORT_REVIEW_STATUSES.rejected, label: t('review.reject') },
            ]}
          />
        </Form.Item>
        {decision === REPORT_REVIEW_STATUSES.rejected && (
          <Form.Item
            name="rejectReason"
            label={t('review.rejectReason')}
            rules={[rules.required(), rules.maxLength(REJECT_REASON_MAX_LENGTH)]}
          >
            <Input.TextArea
              rows={3}
              maxLength={REJECT_REASON_MAX_LENGTH}
              showCount
              placeholder={t('review.rejectReasonHint')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="sendNotification"
          label={t('review.notify')}
          valuePropName="checked"
          extra={
            canNotify ? undefined : (
              <Typography.Text type="secondary">{t('review.noReporter')}</Typography.Text>
            )
          }
        >
          <Switch disabled={!canNotify} />
        </Form.Item>
        {notify && (
          <>
            <Form.Item
              name="notificationTitle"
              label={t('review.notificationTitle')}
              rules={[rules.required(), rules.maxLength(NOTIFICATION_TITLE_MAX_LENGTH)]}
            >
              <Input maxLength={NOTIFICATION_TITLE_MAX_LENGTH} />
            </Form.Item>
            <Form.Item
              name="notificationContent"
              label={t('review.notificationContent')}
              rules={[rules.required(), rules.maxLength(NOTIFICATION_CONTENT_MAX_LENGTH)]}
            >
              <Input.TextArea rows={4} maxLength={NOTIFICATION_CONTENT_MAX_LENGTH} showCount />
            </Form.Item>
          </>
        )}
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}

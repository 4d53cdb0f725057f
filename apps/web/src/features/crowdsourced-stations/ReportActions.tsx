import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  REPORT_ONLINE_STATUSES,
  REPORT_REVIEW_STATUSES,
  type CrowdsourcedStation,
} from '@cmp/domain/stations/crowdsourced-stations';
import { useCanChange } from '../../app/session/use-can-change';
import { useStationsTenant } from '../../components/lookups';
import { useCrowdsourcedApi, useRefreshAfterReportChange } from './crowdsourced-api';
import { OnlineForm } from './OnlineForm';
import { useReportFailure } from './report-detail-hooks';
import { ReportEditForm } from './ReportEditForm';
import { reportListPath } from './report-links';
import { ReviewModal } from './ReviewModal';

type Dialog = 'review' | 'online' | 'edit';

/**
 * What an operator can do with a report that is not online yet: review it, bring it online once approved,
 * edit or delete it. Viewers, and online reports, get none. The dialogs stay mounted when the report goes
 * online, so the drawer that brought it online can still show the new station.
 */
export function ReportActions({ report }: { report: CrowdsourcedStation }) {
  const { t } = useTranslation('crowdsourcedReview');
  const canChange = useCanChange();
  const [dialog, setDialog] = useState<Dialog>();
  if (!canChange) return null;
  const close = () => setDialog(undefined);
  return (
    <>
      {report.onlineStatus !== REPORT_ONLINE_STATUSES.online && (
        <Space wrap>
          <Button type="primary" onClick={() => setDialog('review')}>
            {t('actions.review')}
          </Button>
          {report.stationStatus === REPORT_REVIEW_STATUSES.approved && (
            <Button onClick={() => setDialog('online')}>{t('actions.online')}</Button>
          )}
          <Button onClick={() => setDialog('edit')}>{t('actions.edit')}</Button>
          <DeleteReportButton report={report} />
        </Space>
      )}
      <ReviewModal open={dialog === 'review'} report={report} onClose={close} />
      <OnlineForm open={dialog === 'online'} report={report} onClose={close} />
      <ReportEditForm open={dialog === 'edit'} report={report} onClose={close} />
    </>
  );
}

/** Deletes the report once the user confirms, then goes back to the list. */
function DeleteReportButton({ report }: { report: CrowdsourcedStation }) {
  const { t } = useTranslation('crowdsourcedReview');
  const { modal, message } = App.useApp();
  const tenant = useStationsTenant();
  const navigate = useNavigate();
  const reports = useCrowdsourcedApi();
  const refresh = useRefreshAfterReportChange();
  const failureOf = useReportFailure();

  const confirm = () =>
    modal.confirm({
      title: t('remove.title', { name: report.stationName }),
      content: t('remove.content'),
      okText: t('remove.ok'),
      cancelText: t('remove.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await reports.remove(report.objectId, report.version);
        } catch (error) {
          void message.error(failureOf(error));
          return;
        }
        void message.success(t('remove.done'));
        // Away first: refreshed while still shown, the deleted report would flash as not found.
        await navigate(reportListPath(tenant));
        void refresh();
      },
    });

  return (
    <Button danger onClick={confirm}>
      {t('actions.remove')}
    </Button>
  );
}

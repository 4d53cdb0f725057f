import { useMemo } from 'react';
import { Alert, App, Drawer, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrowdsourcedStation } from '@cmp/domain/stations/crowdsourced-stations';
import type { Operator } from '@cmp/domain/stations/operators';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { EntityForm, type FormDeclaration } from '../../components';
import { useOperators } from '../../components/lookups';
import { useCrowdsourcedApi, useRefreshAfterReportChange } from './crowdsourced-api';
import { useReportFailure } from './report-detail-hooks';
import { reportEditValuesOf, reportUpdateOf, type ReportEditValues } from './report-edit-form';
import { useReportSections } from './StaffReportForm';

interface ReportEditFormProps {
  open: boolean;
  report: CrowdsourcedStation;
  onClose: () => void;
}

/**
 * Every field of a report, edited in a drawer with the staff report form's sections. The drawer closes only
 * through Save or Cancel, and Cancel (like leaving the page) asks before dropping changes.
 */
export function ReportEditForm({ open, report, onClose }: ReportEditFormProps) {
  const { t } = useTranslation('crowdsourcedReview');
  return (
    <Drawer
      open={open}
      size={760}
      title={t('edit.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
    >
      {open && <EditBody report={report} onClose={onClose} />}
    </Drawer>
  );
}

function EditBody({ report, onClose }: { report: CrowdsourcedStation; onClose: () => void }) {
  const operators = useOperators();
  if (operators.isPending) return <Skeleton active />;
  if (operators.isError)
    return <ErrorResult error={operators.error} onRetry={() => void operators.refetch()} />;
  return <EditFields report={report} operators={operators.data} onClose={onClose} />;
}

function EditFields({
  report,
  operators,
  onClose,
}: {
  report: CrowdsourcedStation;
  operators: readonly Operator[];
  onClose: () => void;
}) {
  const { t } = useTranslation('crowdsourcedReview');
  const { message } = App.useApp();
  const reports = useCrowdsourcedApi();
  const refresh = useRefreshAfterReportChange();
  const failureOf = useReportFailure();
  const reportSections = useReportSections(operators);
  const initialValues = useMemo(() => reportEditValuesOf(report), [report]);
  const sections = useMemo<FormDeclaration<ReportEditValues>>(
    () =>
      reportSections.map((section) =>
        section.key === 'reporter'
          ? {
              ...section,
              fields: [
                ...section.fields,
                { type: 'element', key: 'creatorNote', render: () => <CreatorChangeNote report={report} /> },
              ],
            }
          : section,
      ),
    [reportSections, report],
  );

  const submit = async (values: ReportEditValues) => {
    const nameOf = (operatorId: string) => operators.find((o) => o.operatorId === operatorId)?.operatorName;
    try {
      await reports.update(report.objectId, reportUpdateOf(values, report, nameOf));
    } catch (error) {
      throw new Error(failureOf(error));
    }
    void message.success(t('edit.done'));
    void refresh();
  };

  return (
    <EntityForm<ReportEditValues>
      mode="edit"
      layout="vertical"
      initialValues={initialValues}
      sections={sections}
      onSubmit={submit}
      onModeChange={(mode) => mode === 'view' && onClose()}
    />
  );
}

/** Another reporter moves the discoverer relation: at once for a report about a station, else on going online. */
function CreatorChangeNote({ report }: { report: CrowdsourcedStation }) {
  const { t } = useTranslation('crowdsourcedReview');
  const creator: unknown = Form.useWatch('creatorAccountId', Form.useFormInstance());
  const given = typeof creator === 'string' && creator.trim() !== '' ? creator.trim() : null;
  if (given === report.creatorAccountId) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        report.stationId
          ? t('edit.creatorMovesRelation', { stationId: report.stationId })
          : t('edit.creatorOnOnline')
      }
    />
  );
}

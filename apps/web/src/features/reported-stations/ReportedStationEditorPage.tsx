import { useCallback, useMemo, useState } from 'react';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Result, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ReportedStation } from '@cmp/domain/stations/reported-stations';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useCanChange } from '../../app/session/use-can-change';
import { EntityForm, searchTableQueryKey, type EntityFormMode } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { reportedStationEditorPath, reportedStationListPath } from './reported-station-links';
import {
  toCreateBody,
  toFormValues,
  toUpdateBody,
  type ReportedStationFormValues,
} from './reported-station-form';
import {
  REPORTED_STATION_LIST,
  reportedStationKeys,
  useReportedStation,
  useReportedStationsApi,
} from './reported-stations-api';
import { useSaveError } from './save-errors';
import { useReportedStationSections } from './use-reported-station-sections';

/**
 * One operator-reported station (`?connectorId=`), or a new one without it (spec C3.11.1–C3.11.3, §7.7):
 * every field in sections, operators save and delete it, viewers only read it.
 */
export default function ReportedStationEditorPage() {
  const { t } = useTranslation('reportedStations');
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const connectorId = searchParams.get('connectorId') || undefined;
  const station = useReportedStation(connectorId);

  const back = (
    <Link to={reportedStationListPath(tenant)}>
      <ArrowLeftOutlined /> {t('editor.back')}
    </Link>
  );
  if (connectorId !== undefined) {
    if (station.isPending) return <PageLoading />;
    if (station.isError) {
      return station.error instanceof ApiError && station.error.status === 404 ? (
        <Result status="404" title={t('editor.notFound')} extra={back} />
      ) : (
        <ErrorResult error={station.error} onRetry={() => void station.refetch()} />
      );
    }
  }
  return (
    <Flex vertical gap={16}>
      {back}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {station.data ? `${station.data.stationName} · ${station.data.connectorId}` : t('editor.createTitle')}
      </Typography.Title>
      {/* A new station, once created, is another entity: its form starts over in view mode. */}
      <ReportedStationForm
        key={connectorId ?? ''}
        station={station.data}
        onReload={() => void station.refetch()}
      />
    </Flex>
  );
}

function ReportedStationForm({ station, onReload }: { station?: ReportedStation; onReload: () => void }) {
  const { t } = useTranslation('reportedStations');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const stations = useReportedStationsApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canChange = useCanChange();
  const [form] = Form.useForm<ReportedStationFormValues>();
  const [mode, setMode] = useState<EntityFormMode>(station ? 'view' : 'create');
  const sections = useReportedStationSections(station);
  const initialValues = useMemo(() => toFormValues(station), [station]);
  const reload = useCallback(() => {
    setMode('view');
    onReload();
  }, [onReload]);
  const asError = useSaveError(form, reload);

  const keep = async (saved: ReportedStation) => {
    queryClient.setQueryData(reportedStationKeys.detail(tenant, saved.connectorId), saved);
    await queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, REPORTED_STATION_LIST) });
  };

  const submit = async (values: ReportedStationFormValues, submitMode: 'create' | 'edit') => {
    let saved: ReportedStation;
    try {
      saved =
        submitMode === 'create' || !station
          ? await stations.create(toCreateBody(values))
          : await stations.update(station.connectorId, toUpdateBody(values, station.version));
    } catch (error) {
      throw asError(error);
    }
    // View mode in the same update as the saved station, so its values replace the form's.
    setMode('view');
    void keep(saved);
    if (submitMode === 'create') {
      void message.success(t('editor.created', { connectorId: saved.connectorId }));
      void navigate(reportedStationEditorPath(tenant, saved.connectorId), { replace: true });
    } else {
      void message.success(t('editor.saved'));
    }
  };

  const remove = (current: ReportedStation) =>
    modal.confirm({
      title: t('editor.deleteTitle', { stationName: current.stationName }),
      content: t('editor.deleteContent'),
      okText: t('editor.deleteOk'),
      cancelText: t('editor.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await stations.remove(current.connectorId, current.version);
        } catch (error) {
          void message.error(asError(error).message);
          return;
        }
        queryClient.removeQueries({ queryKey: reportedStationKeys.detail(tenant, current.connectorId) });
        await queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, REPORTED_STATION_LIST) });
        void message.success(t('editor.deleted', { connectorId: current.connectorId }));
        void navigate(reportedStationListPath(tenant));
      },
    });

  return (
    <EntityForm<ReportedStationFormValues>
      form={form}
      mode={mode}
      onModeChange={setMode}
      editable={canChange}
      initialValues={initialValues}
      onSubmit={submit}
      layout="vertical"
      sections={sections}
      extra={
        station &&
        canChange &&
        mode === 'view' && (
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(station)}>
            {t('editor.delete')}
          </Button>
        )
      }
    />
  );
}

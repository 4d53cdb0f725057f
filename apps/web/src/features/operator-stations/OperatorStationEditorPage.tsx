import { useCallback, useMemo, useState } from 'react';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Result, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { VirtualStation } from '@cmp/domain/stations/virtual-stations';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';
import { useCanChange } from '../../app/session/use-can-change';
import { EntityForm, searchTableQueryKey, type EntityFormMode } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { operatorStationEditorPath, operatorStationListPath } from './operator-station-links';
import {
  toCreateBody,
  toFormValues,
  toUpdateBody,
  type OperatorStationFormValues,
} from './operator-station-form';
import {
  OPERATOR_STATION_LIST,
  operatorStationKeys,
  useOperatorStation,
  useOperatorStationsApi,
} from './operator-stations-api';
import { useSaveError } from './save-errors';
import { useOperatorStationSections } from './use-operator-station-sections';

/**
 * One operator-reported station (`?connectorId=`), or a new one without it (spec C3.11.1–C3.11.3, §7.7):
 * every field in sections, operators save and delete it, viewers only read it.
 */
export default function OperatorStationEditorPage() {
  const { t } = useTranslation('operatorStations');
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const connectorId = searchParams.get('connectorId') || undefined;
  const station = useOperatorStation(connectorId);

  const back = (
    <Link to={operatorStationListPath(tenant)}>
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
      <OperatorStationForm
        key={connectorId ?? ''}
        station={station.data}
        onReload={() => void station.refetch()}
      />
    </Flex>
  );
}

function OperatorStationForm({ station, onReload }: { station?: VirtualStation; onReload: () => void }) {
  const { t } = useTranslation('operatorStations');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const stations = useOperatorStationsApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canChange = useCanChange();
  const [form] = Form.useForm<OperatorStationFormValues>();
  const [mode, setMode] = useState<EntityFormMode>(station ? 'view' : 'create');
  const sections = useOperatorStationSections(station);
  const initialValues = useMemo(() => toFormValues(station), [station]);
  const reload = useCallback(() => {
    setMode('view');
    onReload();
  }, [onReload]);
  const asError = useSaveError(form, reload);

  const keep = async (saved: VirtualStation) => {
    queryClient.setQueryData(operatorStationKeys.detail(tenant, saved.connectorId), saved);
    await queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, OPERATOR_STATION_LIST) });
  };

  const submit = async (values: OperatorStationFormValues, submitMode: 'create' | 'edit') => {
    let saved: VirtualStation;
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
      void navigate(operatorStationEditorPath(tenant, saved.connectorId), { replace: true });
    } else {
      void message.success(t('editor.saved'));
    }
  };

  const remove = (current: VirtualStation) =>
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
        queryClient.removeQueries({ queryKey: operatorStationKeys.detail(tenant, current.connectorId) });
        await queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, OPERATOR_STATION_LIST) });
        void message.success(t('editor.deleted', { connectorId: current.connectorId }));
        void navigate(operatorStationListPath(tenant));
      },
    });

  return (
    <EntityForm<OperatorStationFormValues>
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

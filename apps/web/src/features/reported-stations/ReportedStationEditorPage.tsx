import { useMemo } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ReportedStation } from '@cmp/domain/stations/reported-stations';
import { useCanChange } from '../../app/session/use-can-change';
import { EntityForm, searchTableQueryKey } from '../../components';
import { EditorPage } from '../../components/EntityForm/EditorPage';
import { useEntityEditor } from '../../components/EntityForm/use-entity-editor';
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
  return (
    <EditorPage
      id={connectorId}
      entity={station}
      back={{ to: reportedStationListPath(tenant), label: t('editor.back') }}
      notFound={t('editor.notFound')}
      title={
        station.data ? `${station.data.stationName} · ${station.data.connectorId}` : t('editor.createTitle')
      }
    >
      {/* A new station, once created, is another entity: its form starts over in view mode. */}
      <ReportedStationForm
        key={connectorId ?? ''}
        station={station.data}
        onReload={() => void station.refetch()}
      />
    </EditorPage>
  );
}

/** The field a refused rule is about: the party that does not exist, or the connector already taken. */
const RULE_FIELDS: Readonly<Record<string, string>> = {
  'reportedStations.unknownOperator': 'operatorId',
  'reportedStations.unknownEquipmentOwner': 'equipmentOwnerId',
  'reportedStations.unknownSubOperator': 'subOperatorId',
  'reportedStations.connectorTaken': 'connectorId',
};

function ReportedStationForm({ station, onReload }: { station?: ReportedStation; onReload: () => void }) {
  const { t } = useTranslation('reportedStations');
  const tenant = useStationsTenant();
  const stations = useReportedStationsApi();
  const canChange = useCanChange();
  const [form] = Form.useForm<ReportedStationFormValues>();
  const sections = useReportedStationSections(station);
  const initialValues = useMemo(() => toFormValues(station), [station]);
  const { mode, setMode, submit, confirmRemove } = useEntityEditor({
    entity: station,
    form,
    namespace: 'reportedStations',
    idOf: (saved) => saved.connectorId,
    paramsOf: (saved) => ({ connectorId: saved.connectorId, stationName: saved.stationName }),
    save: (values, current) =>
      current
        ? stations.update(current.connectorId, toUpdateBody(values, current.version))
        : stations.create(toCreateBody(values)),
    remove: (current) => stations.remove(current.connectorId, current.version),
    detailKey: (connectorId) => reportedStationKeys.detail(tenant, connectorId),
    staleKeys: () => [searchTableQueryKey(tenant, REPORTED_STATION_LIST)],
    editorPath: (connectorId) => reportedStationEditorPath(tenant, connectorId),
    listPath: reportedStationListPath(tenant),
    onReload,
    versionConflict: 'station.versionConflict',
    ruleFields: RULE_FIELDS,
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
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove?.(station)}>
            {t('editor.delete')}
          </Button>
        )
      }
    />
  );
}

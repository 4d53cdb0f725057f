import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReportedStation } from '@cmp/domain/stations/reported-stations';
import type { SearchTableColumn } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { reportedStationEditorPath } from './reported-station-links';

/** A party by its name, or by its id when the portal no longer knows it. */
const party = (name: string | null, id: string | null) => orDash(name ?? id);

/** The reported station list's columns, keyed as the export's. */
export function useReportedStationColumns(): SearchTableColumn<ReportedStation>[] {
  const { t } = useTranslation('reportedStations');
  const tenant = useStationsTenant();
  const label = useEnumLabel();

  return useMemo(
    () => [
      {
        key: 'connectorId',
        title: t('field.connectorId'),
        width: 180,
        fixed: 'left',
        ellipsis: true,
        render: (s) => <Link to={reportedStationEditorPath(tenant, s.connectorId)}>{s.connectorId}</Link>,
      },
      {
        key: 'stationName',
        title: t('field.stationName'),
        width: 200,
        sortable: true,
        ellipsis: true,
        render: (s) => s.stationName,
      },
      {
        key: 'operator',
        title: t('field.operatorId'),
        width: 160,
        ellipsis: true,
        render: (s) => party(s.operatorName, s.operatorId),
      },
      {
        key: 'subOperator',
        title: t('field.subOperatorId'),
        width: 160,
        ellipsis: true,
        render: (s) => party(s.subOperatorName, s.subOperatorId),
      },
      {
        key: 'equipmentOwner',
        title: t('field.equipmentOwnerId'),
        width: 160,
        ellipsis: true,
        render: (s) => party(s.equipmentOwnerName, s.equipmentOwnerId),
      },
      {
        key: 'source',
        title: t('field.source'),
        width: 110,
        render: (s) => label('reportedStationSource', s.source),
      },
      {
        key: 'area',
        title: t('field.areaCode'),
        width: 200,
        ellipsis: true,
        render: (s) => s.areaName ?? s.areaCode,
      },
      { key: 'address', title: t('field.address'), width: 240, ellipsis: true, render: (s) => s.address },
      {
        key: 'stationStatus',
        title: t('field.stationStatus'),
        width: 100,
        render: (s) => label('stationStatus', s.stationStatus),
      },
      {
        key: 'dcEquipmentNumber',
        title: t('field.dcEquipmentNumber'),
        width: 100,
        align: 'right',
        render: (s) => s.dcEquipmentNumber,
      },
      {
        key: 'acEquipmentNumber',
        title: t('field.acEquipmentNumber'),
        width: 100,
        align: 'right',
        render: (s) => s.acEquipmentNumber,
      },
      {
        key: 'createdAt',
        title: t('field.createdAt'),
        width: 170,
        sortable: true,
        render: (s) => formatTime(s.createdAt),
      },
      {
        key: 'updatedAt',
        title: t('field.updatedAt'),
        width: 170,
        sortable: true,
        render: (s) => formatTime(s.updatedAt),
      },
      {
        key: 'stationId',
        title: t('field.stationId'),
        width: 160,
        hiddenByDefault: true,
        ellipsis: true,
        render: (s) => orDash(s.stationId),
      },
      {
        key: 'serviceTel',
        title: t('field.serviceTel'),
        width: 140,
        hiddenByDefault: true,
        render: (s) => orDash(s.serviceTel),
      },
      {
        key: 'creator',
        title: t('field.creator'),
        width: 140,
        hiddenByDefault: true,
        ellipsis: true,
        render: (s) => orDash(s.creator),
      },
      {
        key: 'updater',
        title: t('field.updater'),
        width: 140,
        hiddenByDefault: true,
        ellipsis: true,
        render: (s) => orDash(s.updater),
      },
    ],
    [t, tenant, label],
  );
}

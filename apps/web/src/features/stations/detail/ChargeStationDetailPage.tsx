import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { TariffCalendar } from '../../activities/TariffCalendar';
import { RemoteOperationsTab } from '../../remote-operations/RemoteOperationsTab';
import { ChargeStationBasicInfoForm } from './ChargeStationBasicInfoForm';
import { OfflineActions } from './OfflineActions';
import { StationLoadGate, StationTabs } from './StationDetailLayout';
import { StationHeader } from './StationHeader';
import { useChargeStation, useOperatorInfo, useResourceIdParam } from './station-detail-hooks';

/** `/resources/charge-station?resourceId=`: a charge station's header, actions and tabs. */
export default function ChargeStationDetailPage() {
  const { t } = useTranslation('stationDetail');
  const { t: tRemote } = useTranslation('remoteOperations');
  const { t: tActivities } = useTranslation('activities');
  const resourceId = useResourceIdParam();
  const station = useChargeStation(resourceId);
  const operatorInfo = useOperatorInfo(resourceId, station.isSuccess);
  const reload = () => {
    void station.refetch();
    void operatorInfo.refetch();
  };

  return (
    <StationLoadGate resourceId={resourceId} states={[station, operatorInfo]}>
      {() =>
        station.data &&
        operatorInfo.data && (
          <Flex vertical gap={16}>
            <Card>
              <StationHeader
                station={station.data}
                kind={t('kind.chargeStation')}
                extra={<OfflineActions station={station.data} />}
              />
            </Card>
            <StationTabs
              resourceId={resourceId}
              basic={
                <ChargeStationBasicInfoForm
                  info={station.data}
                  operatorInfo={operatorInfo.data}
                  onReload={reload}
                />
              }
              extra={[
                {
                  key: 'tariff-calendar',
                  label: tActivities('calendar.title'),
                  children: <TariffCalendar resourceId={resourceId} />,
                },
                {
                  key: 'remote-operations',
                  label: tRemote('tab.title'),
                  children: <RemoteOperationsTab resourceId={resourceId} />,
                },
              ]}
            />
          </Flex>
        )
      }
    </StationLoadGate>
  );
}

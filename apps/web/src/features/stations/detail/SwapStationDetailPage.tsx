import { Card, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { StationLoadGate, StationTabs } from './StationDetailLayout';
import { StationHeader } from './StationHeader';
import { useOperatorInfo, useResourceIdParam, useSwapStation } from './station-detail-hooks';
import { SwapParkingForm, SwapQueueAdjustForm } from './SwapSideForms';
import { SwapStationBasicInfoForm } from './SwapStationBasicInfoForm';

/** `/resources/swap-station?resourceId=`: a swap station's header and tabs; its parking and queue forms. */
export default function SwapStationDetailPage() {
  const { t } = useTranslation('stationDetail');
  const resourceId = useResourceIdParam();
  const station = useSwapStation(resourceId);
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
              <StationHeader station={station.data} kind={t('kind.swapStation')} />
            </Card>
            <StationTabs
              resourceId={resourceId}
              basic={
                <Flex vertical>
                  <SwapStationBasicInfoForm
                    info={station.data}
                    operatorInfo={operatorInfo.data}
                    onReload={reload}
                  />
                  <Row gutter={[16, 0]}>
                    <Col xs={24} lg={12}>
                      <SwapParkingForm info={station.data} onReload={reload} />
                    </Col>
                    <Col xs={24} lg={12}>
                      <SwapQueueAdjustForm info={station.data} onReload={reload} />
                    </Col>
                  </Row>
                </Flex>
              }
            />
          </Flex>
        )
      }
    </StationLoadGate>
  );
}

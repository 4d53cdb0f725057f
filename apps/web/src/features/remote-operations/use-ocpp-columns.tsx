import { useMemo } from 'react';
import { Badge, Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '@cmp/domain/stations/resource-basic-info';
import type { PowerCharger } from '@cmp/domain/stations/remote-operations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { ChargePointAccess } from './ChargePointAccess';
import { ChargerCommands } from './ChargerCommands';
import { ChargerConfiguration } from './ChargerConfiguration';

type Connector = Equipment['connectors'][number];

const OCPP_STATUS_COLORS: Record<string, string> = {
  Available: 'success',
  Preparing: 'processing',
  Charging: 'processing',
  SuspendedEV: 'warning',
  SuspendedEVSE: 'warning',
  Finishing: 'processing',
  Reserved: 'default',
  Unavailable: 'default',
  Faulted: 'error',
};

/**
 * What the equipment tab adds for chargers that speak OCPP: per charger whether it is online and registered,
 * what it said about itself and when it last spoke, with its commands; per connector its OCPP status, error
 * code and running session. `chargers` is keyed by charge point id, the equipment's id.
 */
export function useOcppColumns(chargers: Map<string, PowerCharger> | undefined): {
  /** Online and registered, shown early: it decides what can be done with the charger. */
  state: TableColumnsType<Equipment>;
  /** What the charger said about itself and when, and its commands. */
  equipment: TableColumnsType<Equipment>;
  connector: TableColumnsType<Connector>;
} {
  const { t } = useTranslation('remoteOperations');
  const label = useEnumLabel();

  return useMemo(() => {
    // Nothing to add for equipment OCPP does not list (a swap station's), nor before it answered.
    if (!chargers || chargers.size === 0) return { state: [], equipment: [], connector: [] };
    const ocppOf = (connector: Connector) =>
      [...chargers.values()]
        .flatMap((charger) => charger.connectors)
        .find((c) => c.connectorId === connector.connectorId);

    const state: TableColumnsType<Equipment> = [
      {
        key: 'ocpp',
        title: t('ocpp.title'),
        width: 170,
        render: (_, e) => {
          const charger = chargers.get(e.equipmentId);
          if (!charger) return '-';
          return (
            <Space size={4} wrap>
              <Badge
                status={charger.online ? 'success' : 'default'}
                text={charger.online ? t('ocpp.online') : t('ocpp.offline')}
              />
              {!charger.registered && <Tag>{t('ocpp.unregistered')}</Tag>}
            </Space>
          );
        },
      },
    ];
    const equipment: TableColumnsType<Equipment> = [
      {
        key: 'device',
        title: t('ocpp.device'),
        width: 200,
        ellipsis: true,
        render: (_, e) => {
          const charger = chargers.get(e.equipmentId);
          if (!charger?.vendor && !charger?.model && !charger?.firmwareVersion) return '-';
          return [charger.vendor, charger.model, charger.firmwareVersion].map(orDash).join(' / ');
        },
      },
      {
        key: 'lastMessageAt',
        title: t('ocpp.lastMessageAt'),
        width: 170,
        render: (_, e) => formatTime(chargers.get(e.equipmentId)?.lastMessageAt),
      },
      {
        key: 'commands',
        title: t('ocpp.actions'),
        width: 280,
        fixed: 'right',
        render: (_, e) => (
          <Flex gap={4} align="center" wrap>
            <ChargerCommands charger={chargers.get(e.equipmentId)} />
            <ChargerConfiguration charger={chargers.get(e.equipmentId)} />
            <ChargePointAccess chargePointId={e.equipmentId} charger={chargers.get(e.equipmentId)} />
          </Flex>
        ),
      },
    ];

    const connector: TableColumnsType<Connector> = [
      {
        key: 'ocppStatus',
        title: t('ocpp.status'),
        width: 130,
        render: (_, c) => {
          const status = ocppOf(c)?.status;
          return status ? (
            <Tag color={OCPP_STATUS_COLORS[status]}>{label('connectorOcppStatus', status)}</Tag>
          ) : (
            '-'
          );
        },
      },
      {
        key: 'errorCode',
        title: t('ocpp.errorCode'),
        width: 140,
        render: (_, c) => {
          const code = ocppOf(c)?.errorCode;
          // A code outside OCPP 1.6's list (a vendor's) shows as the charger sent it.
          const text = label('chargePointErrorCode', code);
          return code && code !== 'NoError' ? <Typography.Text type="danger">{text}</Typography.Text> : text;
        },
      },
      {
        key: 'chargeSessionId',
        title: t('ocpp.chargeSessionId'),
        width: 110,
        render: (_, c) => orDash(ocppOf(c)?.chargeSessionId),
      },
    ];
    return { state, equipment, connector };
  }, [t, label, chargers]);
}

import { useState } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PowerCharger } from '@cmp/domain/stations/remote-operations';
import { useCanChange } from '../../app/session/use-can-change';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { CommandModal, type CommandType } from './CommandModal';

/** The commands by OCPP 1.6 feature profile, each profile a group of the menu. */
const COMMAND_GROUPS: readonly { profile: string; commands: readonly CommandType[] }[] = [
  {
    profile: 'core',
    commands: [
      'RESET_SOFT',
      'RESET_HARD',
      'UNLOCK_CONNECTOR',
      'REMOTE_START',
      'REMOTE_STOP',
      'CHANGE_AVAILABILITY',
      'TRIGGER_MESSAGE',
      'GET_DIAGNOSTICS',
      'GET_CONFIGURATION',
      'CHANGE_CONFIGURATION',
      'CLEAR_CACHE',
    ],
  },
  { profile: 'localList', commands: ['SEND_LOCAL_LIST', 'GET_LOCAL_LIST_VERSION'] },
  { profile: 'reservation', commands: ['RESERVE_NOW', 'CANCEL_RESERVATION'] },
  {
    profile: 'smartCharging',
    commands: ['SET_CHARGING_PROFILE', 'CLEAR_CHARGING_PROFILE', 'GET_COMPOSITE_SCHEDULE'],
  },
];

/**
 * The commands a charger takes, each confirmed in its own dialog. Disabled, saying why, where they can only
 * fail: for viewers, for a charger not registered as a charge point, and for one that is offline.
 */
export function ChargerCommands({ charger }: { charger: PowerCharger | undefined }) {
  const { t } = useTranslation('remoteOperations');
  const canChange = useCanChange();
  const label = useEnumLabel();
  const [operation, setOperation] = useState<CommandType | null>(null);

  const blocked = !canChange
    ? t('command.viewerHint')
    : !charger?.registered
      ? t('command.unregisteredHint')
      : !charger.online
        ? t('command.offlineHint')
        : undefined;
  const items: MenuProps['items'] = COMMAND_GROUPS.map(({ profile, commands }) => ({
    type: 'group',
    key: profile,
    label: t(`command.profile.${profile}`),
    children: commands.map((command) => ({
      key: command,
      label: label('remoteOperationType', command),
      danger: command === 'RESET_HARD',
    })),
  }));

  const button = (
    <Button size="small" disabled={blocked !== undefined}>
      {t('command.menu')} <DownOutlined />
    </Button>
  );
  return (
    <>
      {blocked === undefined ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            style: { maxHeight: 440, overflowY: 'auto' },
            onClick: ({ key }) => setOperation(key as CommandType),
          }}
        >
          {button}
        </Dropdown>
      ) : (
        // A disabled button gets no pointer events: the wrapper carries the tooltip.
        <Tooltip title={blocked}>
          <span style={{ display: 'inline-block' }}>{button}</span>
        </Tooltip>
      )}
      {charger && <CommandModal operation={operation} charger={charger} onClose={() => setOperation(null)} />}
    </>
  );
}

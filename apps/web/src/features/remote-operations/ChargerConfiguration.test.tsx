import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TEST_OPERATOR } from '../../components/test-utils';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { renderTab } from '../stations/tabs/render-tab';
import { ChargerConfiguration } from './ChargerConfiguration';
import { operationLog, powerCharger } from './test-remote-operations';

const LIST = 'GET /api/nio/remote-operations';
const COMMAND = 'POST /api/nio/charge-points/CS-1-E1/commands';

/** A read of every key, and a newer read of one key only, which the configuration must not show. */
const reads = {
  total: 2,
  items: [
    operationLog(9, {
      operationType: 'GET_CONFIGURATION',
      command: 'GetConfiguration',
      commandInfo: { key: ['HeartbeatInterval'] },
      answer: { configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '999' }] },
    }),
    operationLog(8, {
      operationType: 'GET_CONFIGURATION',
      command: 'GetConfiguration',
      commandInfo: {},
      answer: {
        configurationKey: [
          { key: 'HeartbeatInterval', readonly: false, value: '300' },
          { key: 'NumberOfConnectors', readonly: true, value: '2' },
        ],
        unknownKey: [],
      },
    }),
  ],
};
const rowOf = async (key: string) => (await screen.findByRole('cell', { name: key })).closest('tr')!;

describe('ChargerConfiguration', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it("should show the charger's last read of every key, offer a change of writable keys only, and read again", async () => {
    const calls = fakeApi({ [LIST]: () => ok(reads), [COMMAND]: () => ok(operationLog(10)) });
    const { user } = renderTab(<ChargerConfiguration charger={powerCharger()} />);
    await user.click(screen.getByRole('button', { name: '配置' }));

    const heartbeat = await rowOf('HeartbeatInterval');
    expect(within(heartbeat).getByText('300')).toBeInTheDocument();
    expect(within(heartbeat).getByText('可修改')).toBeInTheDocument();
    expect(within(heartbeat).getByRole('button', { name: '修改' })).toBeEnabled();
    const connectors = await rowOf('NumberOfConnectors');
    expect(within(connectors).getByText('只读')).toBeInTheDocument();
    expect(within(connectors).queryByRole('button', { name: '修改' })).toBeNull();
    expect(screen.queryByText('999')).toBeNull();
    expect(calls.find((c) => c.path === '/api/nio/remote-operations')?.query.get('operation_type')).toBe(
      'GET_CONFIGURATION',
    );

    await user.click(screen.getByRole('button', { name: '从充电桩读取配置' }));
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({ operationType: 'GET_CONFIGURATION' });
  });

  it("should hide a secret key's new value as it is typed, and send it as typed", async () => {
    const secret = {
      total: 1,
      items: [
        operationLog(8, {
          operationType: 'GET_CONFIGURATION',
          command: 'GetConfiguration',
          commandInfo: {},
          answer: { configurationKey: [{ key: 'AuthorizationKey', readonly: false }], unknownKey: [] },
        }),
      ],
    };
    const calls = fakeApi({ [LIST]: () => ok(secret), [COMMAND]: () => ok(operationLog(10)) });
    const { user } = renderTab(<ChargerConfiguration charger={powerCharger()} />);
    await user.click(screen.getByRole('button', { name: '配置' }));
    await user.click(within(await rowOf('AuthorizationKey')).getByRole('button', { name: '修改' }));

    const value = await screen.findByLabelText('新值');
    expect(value).toHaveAttribute('type', 'password');
    await user.type(value, 'A1B2C3D4E5F6');
    await user.click(screen.getByRole('button', { name: /发\s*送/ }));
    await expect
      .poll(() => calls.find((c) => c.method === 'POST')?.body)
      .toEqual({
        operationType: 'CHANGE_CONFIGURATION',
        key: 'AuthorizationKey',
        value: 'A1B2C3D4E5F6',
      });
  });

  it('should let a viewer read the configuration but neither change a key nor ask the charger', async () => {
    fakeApi({ [LIST]: () => ok(reads) });
    const viewer = { ...TEST_OPERATOR, roles: [{ tenant: 'nio' as const, role: 'viewer' as const }] };
    const { user } = renderTab(<ChargerConfiguration charger={powerCharger()} />, undefined, viewer);
    await user.click(screen.getByRole('button', { name: '配置' }));
    const heartbeat = await rowOf('HeartbeatInterval');
    expect(within(heartbeat).getByRole('button', { name: '修改' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '从充电桩读取配置' })).toBeDisabled();
  });

  it('should say when the configuration was never read', async () => {
    fakeApi({ [LIST]: () => ok({ total: 0, items: [] }) });
    const { user } = renderTab(<ChargerConfiguration charger={powerCharger()} />);
    await user.click(screen.getByRole('button', { name: '配置' }));
    expect(await screen.findByText('尚未读取过此充电桩的配置')).toBeInTheDocument();
  });
});

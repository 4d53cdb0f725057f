import { expect } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import type { PowerCharger, RemoteCommand, RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import type { App } from '../app.js';
import { SimulatedCharger, type SimulatedChargerOptions } from '../ocpp-sim/simulated-charger.js';

/**
 * What the OCPP tests share: a portal listening on a real socket, chargers registered through the API
 * and connected as the simulator (or a bare OCPP client for messages the simulator sends only on its
 * own), commands sent through HTTP.
 */
export class OcppTestKit {
  private readonly started: { stop(): Promise<unknown> }[] = [];

  constructor(
    private readonly app: App,
    /** `ws://host:port` of the listening portal. */
    readonly wsOrigin: string,
    private readonly operator: string,
  ) {}

  async register(chargePointId: string): Promise<string> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/nio/charge-points',
      headers: { cookie: this.operator },
      payload: { chargePointId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ password: string }>().password;
  }

  /** A simulated charger with two connectors, started (connected, booted, every connector reported). */
  async charger(
    chargePointId: string,
    password: string,
    options: Partial<SimulatedChargerOptions> = {},
  ): Promise<SimulatedCharger> {
    const charger = new SimulatedCharger({
      endpoint: `${this.wsOrigin}/ocpp`,
      chargePointId,
      password,
      connectors: 2,
      firmwareStepMs: 20,
      ...options,
    });
    this.started.push(charger);
    await charger.start();
    return charger;
  }

  /** A bare OCPP 1.6 client, for messages a test sends itself. */
  async client(chargePointId: string, password: string): Promise<RPCClient> {
    const client = this.unconnectedClient(chargePointId, password);
    await client.connect();
    return client;
  }

  /**
   * A bare client not yet connected, checking its own messages against the 1.6 schemas unless told not to
   * (so that the portal is the one to judge them), offering the given subprotocols; stopped with the kit.
   */
  unconnectedClient(
    chargePointId: string,
    password: string,
    { protocols = ['ocpp1.6'], strictMode = true }: { protocols?: string[]; strictMode?: boolean } = {},
  ): RPCClient {
    const client = new RPCClient({
      endpoint: `${this.wsOrigin}/ocpp`,
      identity: chargePointId,
      password,
      protocols,
      strictMode,
      reconnect: false,
    } as ConstructorParameters<typeof RPCClient>[0]);
    this.started.push({ stop: () => client.close({ force: true }) });
    return client;
  }

  async command(
    chargePointId: string,
    command: RemoteCommand,
    { cookie = this.operator, app = this.app } = {},
  ) {
    return app.inject({
      method: 'POST',
      url: `/api/nio/charge-points/${encodeURIComponent(chargePointId)}/commands`,
      headers: { cookie, origin: 'http://localhost:80' },
      payload: command,
    });
  }

  async issued(chargePointId: string, command: RemoteCommand): Promise<RemoteOperationLog> {
    const response = await this.command(chargePointId, command);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RemoteOperationLog>();
  }

  async operation(logId: number): Promise<RemoteOperationLog> {
    const response = await this.app.inject({
      method: 'GET',
      url: `/api/nio/remote-operations/${logId}`,
      headers: { cookie: this.operator },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RemoteOperationLog>();
  }

  async powerChargers(groupId: string, cookie = this.operator): Promise<PowerCharger[]> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/nio/power-chargers/search',
      headers: { cookie },
      payload: { group_id: groupId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: PowerCharger[] }>().items;
  }

  async stopAll(): Promise<void> {
    await Promise.allSettled(this.started.splice(0).map((c) => c.stop()));
  }
}

/** Polls until `probe` answers something other than undefined, or fails after `ms`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

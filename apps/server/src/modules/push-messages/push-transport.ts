import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { DeliveryChannel } from '@cmp/domain/push-messages/push-messages';

/** Where messages go: the broker, or nowhere but the outbox the apps fetch from. */
export interface PushTransport {
  readonly channel: DeliveryChannel;
  /** Resolves when the broker acknowledged the message (QoS 1 PUBACK); rejects on an error or a timeout. */
  publish(topic: string, payload: string): Promise<void>;
  /** Waits, at most the publish timeout, for the connection a first message needs. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded default: no broker, the messages wait for the apps' signed fetch. */
export const OUTBOX_TRANSPORT: PushTransport = {
  channel: 'outbox',
  publish: async () => undefined,
  ready: async () => undefined,
  close: async () => undefined,
};

export class PublishTimeout extends Error {}

/**
 * One MQTT connection per process, opened on the first message. Each publish waits for its PUBACK at most
 * `timeoutMs`: a broker that hangs fails the messages of the push that waits on it, and nothing else. The
 * client reconnects by itself; a message cut off by a lost connection is failed here and tried again by
 * its push (at least once: the app drops a repeat by the message's id).
 */
export class MqttTransport implements PushTransport {
  readonly channel = 'mqtt' as const;
  private client: MqttClient | undefined;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  private connection(): MqttClient {
    if (this.client) return this.client;
    this.client = mqtt.connect(this.url, {
      clientId: `cmp-portal-${randomUUID()}`,
      connectTimeout: this.timeoutMs,
      reconnectPeriod: 1_000,
      clean: true,
    });
    // Errors are the publishes' to report; an unhandled 'error' event would end the process.
    this.client.on('error', () => undefined);
    return this.client;
  }

  publish(topic: string, payload: string): Promise<void> {
    const client = this.connection();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new PublishTimeout(`no PUBACK from the broker in ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      if (!client.connected) {
        // Offline: the client would keep the message and send it on reconnect, after we gave up on it.
        clearTimeout(timer);
        reject(new Error('the broker is not connected'));
        return;
      }
      client.publish(topic, payload, { qos: 1 }, (error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  /** Waits for the connection at most the timeout, so a push's first chunk is not failed by the handshake. */
  async ready(): Promise<void> {
    const client = this.connection();
    if (client.connected) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        client.off('connect', done);
        resolve();
      };
      const timer = setTimeout(done, this.timeoutMs);
      client.on('connect', done);
    });
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await client.endAsync(true);
  }
}

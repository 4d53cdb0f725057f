import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The portal as chargers and links from outside reach it (the OCPP endpoint, firmware downloads):
 * PUBLIC_URL, else the address this server listens on. Never the request's Host header, which the
 * caller writes: a link built from it points wherever the caller says.
 */
export function portalBaseUrl(publicUrl: string | undefined, server: Server | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const address = server?.address() as AddressInfo | string | null | undefined;
  if (!address || typeof address === 'string') return 'http://localhost';
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

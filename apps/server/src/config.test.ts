import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tileOriginOf } from './config.js';

describe('loadConfig', () => {
  it('should work on one machine with no variables set', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', demoData: true, logLevel: 'info' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../../data'));
  });

  it('should read a relative DATA_DIR from where npm was started', () => {
    expect(loadConfig({ DATA_DIR: 'portal-data', INIT_CWD: '/srv/cmp' }).dataDir).toBe(
      '/srv/cmp/portal-data',
    );
  });

  it('should read the documented variables', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
      DEMO_DATA: 'off',
      SESSION_IDLE_MINUTES: '15',
    });

    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://root@127.0.0.1:5432/test',
      demoData: false,
      sessionIdleMinutes: 15,
    });
  });

  it('should refuse to start naming every bad variable', () => {
    const load = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short', DEMO_DATA: 'maybe' });

    expect(load).toThrow(ConfigError);
    const message = (() => {
      try {
        load();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message.split('\n')[0]).toBe('Invalid environment variables:');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 10 characters',
      'DEMO_DATA',
    ]) {
      expect(message).toContain(`  ${name}`);
    }
  });

  it('should read the tile server, or off for maps without tiles', () => {
    expect(loadConfig({})).toMatchObject({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap contributors',
    });
    expect(
      loadConfig({
        TILE_URL: 'http://tiles.internal:8080/{z}/{x}/{y}.png',
        TILE_ATTRIBUTION: 'Internal tiles',
      }),
    ).toMatchObject({
      tileUrl: 'http://tiles.internal:8080/{z}/{x}/{y}.png',
      tileAttribution: 'Internal tiles',
    });
    expect(loadConfig({ TILE_URL: 'off' }).tileUrl).toBeNull();
  });

  it.each([
    ['https://tile.example.org/tiles.png'],
    ['tiles/{z}/{x}/{y}.png'],
    ['ftp://tile.example.org/{z}/{x}/{y}.png'],
    ['https://{s}org/{z}/{x}/{y}.png'],
  ])('should refuse the tile URL %s', (value) => {
    expect(() => loadConfig({ TILE_URL: value })).toThrow(
      'TILE_URL: TILE_URL must be an http(s) URL template with {z}, {x} and {y}, or off',
    );
  });

  it('should derive the image origin of a tile template', () => {
    expect(tileOriginOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileOriginOf('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(tileOriginOf('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(tileOriginOf('https://{s}.org/{z}/{x}/{y}.png')).toBeNull();
  });
});

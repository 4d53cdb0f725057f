import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildWeb, isCurrent, webSourceStamp, STAMP_FILE } from './source-stamp';

const spawnSync = vi.hoisted(() => vi.fn(() => ({ status: 0 })));
vi.mock('node:child_process', () => ({ spawnSync }));

describe('the web build stamp', () => {
  let root: string;
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-stamp-'));
    write('apps/web/src/main.tsx', 'render()');
    write('apps/web/index.html', '<div id="root"></div>');
    write('packages/domain/src/index.ts', 'export const a = 1;');
    write('package-lock.json', '{}');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('should stay the same while nothing the build reads changes', () => {
    const before = webSourceStamp(root);
    write('apps/web/src/main.test.tsx', 'it()');
    write('apps/web/dist/assets/index-1.js', 'built');
    write('apps/web/node_modules/x/index.js', 'dependency');
    write('README.md', 'docs');

    expect(webSourceStamp(root)).toBe(before);
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx'],
    ['the page', 'apps/web/index.html'],
    ['a domain source', 'packages/domain/src/index.ts'],
    ['the lockfile', 'package-lock.json'],
  ])('should change when %s changes', (_, file) => {
    const before = webSourceStamp(root);
    write(file, 'changed');

    expect(webSourceStamp(root)).not.toBe(before);
  });

  it('should change when a source file is added', () => {
    const before = webSourceStamp(root);
    write('packages/domain/src/more.ts', 'export const b = 2;');

    expect(webSourceStamp(root)).not.toBe(before);
  });

  it('should call a build current only when it is complete and stamped with these sources', () => {
    const dist = path.join(root, 'apps/web/dist');
    const stamp = webSourceStamp(root);
    expect(isCurrent(dist, stamp)).toBe(false);

    write('apps/web/dist/index.html', '<html>');
    expect(isCurrent(dist, stamp)).toBe(false);

    write(`apps/web/dist/${STAMP_FILE}`, `${stamp}\n`);
    expect(isCurrent(dist, stamp)).toBe(true);
    expect(isCurrent(dist, 'f'.repeat(64))).toBe(false);
  });

  it('should build for production even when started by a test runner', () => {
    // Vitest runs this with NODE_ENV=test, as it runs the server that the browser tests start.
    expect(process.env.NODE_ENV).toBe('test');
    const dist = path.join(root, 'apps/web/dist');
    write('apps/web/dist/index.html', '<html>');

    buildWeb('f'.repeat(64), dist);

    expect(spawnSync).toHaveBeenCalledWith(
      'npm',
      ['run', 'build', '-w', 'apps/web'],
      expect.objectContaining({ env: expect.objectContaining({ NODE_ENV: 'production' }) }),
    );
    expect(isCurrent(dist, 'f'.repeat(64))).toBe(true);
  });
});

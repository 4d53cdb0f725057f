import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

describe('the tables tests reset', () => {
  it('should name every tables file, so that no table keeps rows from one test into the next', () => {
    const tablesFiles = (fs.readdirSync(SRC, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.tables.ts'))
      .map((file) => `../${file.split(path.sep).join('/').replace(/\.ts$/, '.js')}`)
      .sort();
    const exported = [
      ...fs.readFileSync(path.join(SRC, 'test/all-tables.ts'), 'utf8').matchAll(/from '([^']+)'/g),
    ]
      .map((match) => match[1]!)
      .sort();
    expect(exported).toEqual(tablesFiles);
  });
});

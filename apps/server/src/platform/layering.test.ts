import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PLATFORM = import.meta.dirname;

const sourcesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });

describe('the platform layer', () => {
  it('should import no business module, so every module can build on it', () => {
    const offending = sourcesUnder(PLATFORM).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)]
        .map((match) => match[1]!)
        .filter((specifier) =>
          path.resolve(path.dirname(file), specifier).includes(`${path.sep}modules${path.sep}`),
        )
        .map((specifier) => `${path.relative(PLATFORM, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});

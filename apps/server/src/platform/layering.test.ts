import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '..');
const PLATFORM = path.join(SOURCE, 'platform');
const MODULES = path.join(SOURCE, 'modules');

/**
 * Test code is left out: a test or a fixture sets its scene by writing the rows of other modules directly
 * (a station for a comment, an account for a coupon), which the running portal never does.
 */
const isTestCode = (file: string) => /\.(test|fixtures)\.ts$/.test(file) || file.endsWith('-test-kit.ts');

const sourcesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return entry.name.endsWith('.ts') && !isTestCode(entry.name) ? [full] : [];
  });

/** Every file a source imports, by static import, re-export or dynamic `import()`, resolved to its path. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/\bfrom\s+'([^']+)'/g),
    ...text.matchAll(/\bimport\s*\(\s*'([^']+)'\s*\)/g),
    ...text.matchAll(/^import\s+'([^']+)'/gm),
  ].map((match) => match[1]!);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts'));
}

/** The module a path belongs to (`comments` for modules/comments/…), or undefined outside modules/. */
const moduleOf = (file: string): string | undefined => {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
};

/**
 * What a module may import of another: its services (`*.service.ts`: the calls and the types they take and
 * answer) and its read-only views (`*.views.ts`). A table definition may name another module's table for a
 * foreign key, and a view may be built on another module's view.
 */
function mayImport(from: string, target: string): boolean {
  const name = path.basename(target);
  if (name.endsWith('.service.ts') || name.endsWith('.views.ts')) return true;
  return /\.(tables|views)\.ts$/.test(from) && name.endsWith('.tables.ts');
}

const relative = (file: string) => path.relative(SOURCE, file);

describe('the layering of the server', () => {
  it('should keep the platform free of business modules, so every module can build on it', () => {
    const offending = sourcesUnder(PLATFORM).flatMap((file) =>
      importsOf(file)
        .filter((target) => moduleOf(target) !== undefined)
        .map((target) => `${relative(file)} imports ${relative(target)}`),
    );
    expect(offending).toEqual([]);
  });

  it("should let a module read another only through that module's services and views", () => {
    const offending = sourcesUnder(MODULES).flatMap((file) => {
      const own = moduleOf(file);
      return importsOf(file)
        .filter((target) => {
          const other = moduleOf(target);
          return other !== undefined && other !== own && !mayImport(file, target);
        })
        .map((target) => `${relative(file)} imports ${relative(target)}`);
    });
    expect(offending).toEqual([]);
  });

  it('should have no cycle between modules', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of sourcesUnder(MODULES)) {
      const own = moduleOf(file)!;
      for (const target of importsOf(file)) {
        const other = moduleOf(target);
        if (other === undefined || other === own) continue;
        if (!edges.has(own)) edges.set(own, new Set());
        edges.get(own)!.add(other);
      }
    }
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (module: string, trail: string[]) => {
      if (trail.includes(module)) {
        cycles.push([...trail.slice(trail.indexOf(module)), module].join(' → '));
        return;
      }
      if (done.has(module)) return;
      for (const next of edges.get(module) ?? []) visit(next, [...trail, module]);
      done.add(module);
    };
    for (const module of [...edges.keys()].sort()) visit(module, []);
    expect(cycles).toEqual([]);
  });

  it('should read a dynamic import and a re-export as imports, so that neither can hide a reach-in', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layering-'));
    try {
      const file = path.join(dir, 'modules', 'a', 'a.service.ts');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(
        file,
        "const b = await import('../b/b.repo.js');\nexport { c } from '../c/c.tables.js';\n",
      );
      const targets = importsOf(file);
      expect(targets.map((target) => path.relative(dir, target)).sort()).toEqual([
        path.join('modules', 'b', 'b.repo.ts'),
        path.join('modules', 'c', 'c.tables.ts'),
      ]);
      expect(targets.map((target) => mayImport(file, target))).toEqual([false, false]);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});

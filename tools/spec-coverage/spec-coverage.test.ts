import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationsOf, countsTable, problemsOf, readCoverageTable, statusLine } from './coverage-table';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TABLE = 'docs/spec-coverage.md';

describe('docs/spec-coverage.md', () => {
  const markdown = fs.readFileSync(path.join(ROOT, TABLE), 'utf8');
  const rows = readCoverageTable(markdown);

  it('should cite only paths, symbols and test names that exist, and mark done only what users reach', () => {
    console.log(`${TABLE}: rows by area and status\n${countsTable(rows)}`);
    const problems = rows.flatMap((row) =>
      problemsOf(row, ROOT).map((problem) => `${row.id} (line ${row.line}): ${problem}`),
    );
    expect(problems).toEqual([]);
    // It reads every cited file (about 3 s alone); beside the other suites' workers it takes longer.
  }, 60_000);

  it('should say its counts by status as the rows are', () => {
    expect(markdown.split('\n').find((line) => line.startsWith('**Status today**'))).toBe(statusLine(rows));
  });

  it('should hold one row per id', () => {
    const ids = rows.map((row) => row.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});

describe('the table reader', () => {
  it('should give each quoted test name to the path before it', () => {
    expect(citationsOf('`apps/a.test.ts` "one", "two"; `e2e/tests/b.e2e.ts` "three"')).toEqual([
      { file: 'apps/a.test.ts', symbol: undefined, testNames: ['one', 'two'] },
      { file: 'e2e/tests/b.e2e.ts', symbol: undefined, testNames: ['three'] },
    ]);
  });

  it('should split a symbol off its path and skip backticked words that are not paths', () => {
    expect(citationsOf('`packages/domain/src/x.ts#rule` and `done`')).toEqual([
      { file: 'packages/domain/src/x.ts', symbol: 'rule', testNames: [] },
    ]);
  });

  it('should refuse a done row that only the domain package holds', () => {
    const [row] = readCoverageTable(
      '| C9.1 | a rule | done | `packages/domain/package.json` | `packages/domain/package.json` | #4 |',
    );
    expect(problemsOf(row!, ROOT)).toEqual([
      'done, but no route or screen under apps/ is named in "Implemented in"',
      'done, but no HTTP, web component or browser test is named in "Tested in"',
    ]);
  });

  it('should name a missing file and a missing test name', () => {
    const [row] = readCoverageTable(
      '| C9.2 | x | partial | `apps/nowhere.ts` | `packages/domain/package.json` "no such test" | #4 |',
    );
    expect(problemsOf(row!, ROOT)).toEqual([
      'apps/nowhere.ts does not exist',
      'packages/domain/package.json has no test "no such test"',
    ]);
  });
});

describe('the done rule and quoted test names', () => {
  /** A small repository of its own, so that the cases do not move with the portal's tests. */
  const files: Record<string, string> = {
    'apps/server/src/things/things.routes.ts': 'export const thingRoutes = 1;',
    'apps/server/src/test/test-app.ts': `
      export async function createTestContext() {
        const signIn = (userName: string) => app.inject({ method: 'POST', url: '/api/auth/sign-in' });
        return { app, signIn };
      }`,
    'apps/server/src/test/signed.ts': `
      export const sendSigned = (sut: Sut, path: string) => sut.app.inject({ method: 'POST', url: path });`,
    'apps/server/src/things/things.test.ts': `
      import { sendSigned } from '../test/signed.js';
      const KIND = 'gadget';
      describe('things', () => {
        const list = (query: string) => sut.app.inject({ method: 'GET', url: '/api/nio/things' + query });
        it('should list the things through the API', async () => {
          expect((await sut.app.inject({ method: 'GET', url: '/api/nio/things' })).statusCode).toBe(200);
        });
        it('should sort the things', async () => {
          expect((await list('?sort=name:asc')).json()).toEqual([]);
        });
        it('should take a thing the app back end signs', async () => {
          expect((await sendSigned(sut, '/api/app/things')).statusCode).toBe(201);
        });
        it('should compute the thing rule', () => {
          expect(rule(1)).toBe(2);
        });
        it('should keep a thing after signing in', async () => {
          await sut.signIn('admin');
          expect(await repo.count()).toBe(1);
        });
        it.each(['a', 'b'])('should find thing %s', async (name) => {
          expect((await list('?name=' + name)).statusCode).toBe(200);
        });
        it(\`should name the \${KIND} kind\`, async () => {
          expect((await list('?kind=' + KIND)).statusCode).toBe(200);
        });
        for (const kind of ['x', 'y']) {
          it(\`should find kind \${kind}\`, async () => {
            expect((await list('?kind=' + kind)).statusCode).toBe(200);
          });
        }
      });`,
    'apps/web/src/features/things/ThingsPage.test.tsx': `
      it('should show the things', async () => {
        render(<ThingsPage />);
      });`,
    'e2e/tests/things.e2e.ts': `
      it('should open the things screen', async () => {
        await page.goto('/things');
      });`,
    'packages/domain/src/things.test.ts': `
      it('should refuse a thing without a name', () => {
        expect(rule('')).toBe(false);
      });`,
  };
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-coverage-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const doneRow = (testedIn: string) =>
    readCoverageTable(
      `| C9.3 | x | done | \`apps/server/src/things/things.routes.ts\` | ${testedIn} | #5 |`,
    )[0]!;
  const NOT_AT_USERS_LEVEL = 'done, but no HTTP, web component or browser test is named in "Tested in"';
  const SERVER_TEST = 'apps/server/src/things/things.test.ts';

  it('should refuse a done row that cites only unit tests', () => {
    const row = doneRow(
      `\`${SERVER_TEST}\` "should compute the thing rule"; \`packages/domain/src/things.test.ts\` "should refuse a thing without a name"`,
    );
    expect(problemsOf(row, root)).toEqual([
      `${NOT_AT_USERS_LEVEL} (${SERVER_TEST} "should compute the thing rule" sends no request)`,
    ]);
  });

  it('should not count a server test that calls the API only to sign in', () => {
    const row = doneRow(`\`${SERVER_TEST}\` "should keep a thing after signing in"`);
    expect(problemsOf(row, root)).toEqual([
      `${NOT_AT_USERS_LEVEL} (${SERVER_TEST} "should keep a thing after signing in" sends no request)`,
    ]);
  });

  it('should count a test that calls the API through inject, directly or through a helper', () => {
    for (const name of [
      'should list the things through the API',
      'should sort the things',
      'should take a thing the app back end signs',
    ]) {
      expect(problemsOf(doneRow(`\`${SERVER_TEST}\` "${name}"`), root), name).toEqual([]);
    }
  });

  it('should count a server test file with a test that sends a request when no name is quoted', () => {
    expect(problemsOf(doneRow(`\`${SERVER_TEST}\``), root)).toEqual([]);
  });

  it('should count a web component test and a browser test', () => {
    expect(problemsOf(doneRow('`apps/web/src/features/things/ThingsPage.test.tsx`'), root)).toEqual([]);
    expect(problemsOf(doneRow('`e2e/tests/things.e2e.ts` "should open the things screen"'), root)).toEqual(
      [],
    );
  });

  it('should refuse a quoted name that is only part of a test title', () => {
    const row = doneRow(`\`${SERVER_TEST}\` "should list the things"`);
    expect(problemsOf(row, root)).toEqual([
      `${SERVER_TEST} has no test "should list the things" (only part of "should list the things through the API")`,
      NOT_AT_USERS_LEVEL,
    ]);
  });

  it('should match it.each titles with their placeholders, and template titles only when their parts are constants', () => {
    expect(problemsOf(doneRow(`\`${SERVER_TEST}\` "should find thing %s"`), root)).toEqual([]);
    expect(problemsOf(doneRow(`\`${SERVER_TEST}\` "should name the gadget kind"`), root)).toEqual([]);
    expect(problemsOf(doneRow(`\`${SERVER_TEST}\` "should find kind x"`), root)).toEqual([
      `${SERVER_TEST} has no test "should find kind x"`,
      NOT_AT_USERS_LEVEL,
    ]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
  });

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
      'done, but no HTTP or browser test under apps/ or e2e/ is named in "Tested in"',
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

import fs from 'node:fs';
import path from 'node:path';
import { testsOf, type TestCase } from './test-source';

export const STATUSES = ['done', 'partial', 'planned', 'n/a'] as const;
export type Status = (typeof STATUSES)[number];

/** A path the table cites, with the test names quoted after it (in the Tested-in column). */
export interface Citation {
  file: string;
  symbol?: string;
  testNames: string[];
}

export interface CoverageRow {
  id: string;
  line: number;
  status: string;
  implementedIn: Citation[];
  testedIn: Citation[];
}

/** Splits a Markdown table row on the pipes that are not escaped (`\|` stays in its cell). */
const cellsOf = (line: string): string[] =>
  line
    .replace(/^\|/, '')
    .replace(/\|\s*$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/**
 * The citations of a cell: each `path` or `path#symbol` in backticks, and the "quoted" test names after
 * it, which belong to that path. Backticked words without a slash (`done`, `sort`) are not paths.
 */
export function citationsOf(cell: string): Citation[] {
  const citations: Citation[] = [];
  for (const token of cell.matchAll(/`([^`]+)`|"((?:[^"\\]|\\.)*)"/g)) {
    const [, code, quoted] = token;
    if (code !== undefined) {
      if (!code.includes('/')) continue;
      const [file, symbol] = code.split('#') as [string, string | undefined];
      citations.push({ file, symbol, testNames: [] });
    } else if (quoted !== undefined && citations.length > 0) {
      citations.at(-1)!.testNames.push(quoted.replace(/\\"/g, '"'));
    }
  }
  return citations;
}

export function readCoverageTable(markdown: string): CoverageRow[] {
  return markdown.split('\n').flatMap((line, index) => {
    if (!/^\| [CM]\d/.test(line)) return [];
    const [id, , status, implementedIn, testedIn] = cellsOf(line);
    return [
      {
        id: id!,
        line: index + 1,
        status: status!,
        implementedIn: citationsOf(implementedIn ?? ''),
        testedIn: citationsOf(testedIn ?? ''),
      },
    ];
  });
}

/** Where a row is reachable by users: a route or screen lives under apps/. */
const isAppPath = (file: string) => file.startsWith('apps/');
/** Files whose quoted names are test titles; other files (a decision, a document) are quoted by their text. */
const isTestFile = (file: string) => /\.(test|e2e)\.tsx?$/.test(file);
const isServerTest = (file: string) => file.startsWith('apps/server/') && /\.test\.ts$/.test(file);
/** A web component test renders a screen; a browser test drives the built portal. */
const isScreenTest = (file: string) =>
  (file.startsWith('apps/web/') && file.endsWith('.test.tsx')) ||
  (file.startsWith('e2e/') && file.endsWith('.e2e.ts'));

/** What is wrong with a row's evidence, in words; empty when the row holds. */
export function problemsOf(row: CoverageRow, root: string): string[] {
  const problems: string[] = [];
  if (!(STATUSES as readonly string[]).includes(row.status)) problems.push(`unknown status "${row.status}"`);
  const read = (file: string): string | undefined => {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) return undefined;
    return fs.statSync(full).isDirectory() ? '' : fs.readFileSync(full, 'utf8');
  };
  /** Why each cited server test is not at the user's level, for the done rule's message. */
  const belowUsers: string[] = [];
  let usersLevel = false;
  for (const citation of [...row.implementedIn, ...row.testedIn]) {
    const text = read(citation.file);
    if (text === undefined) {
      problems.push(`${citation.file} does not exist`);
      continue;
    }
    if (citation.symbol && !new RegExp(`\\b${escape(citation.symbol)}\\b`).test(text)) {
      problems.push(`${citation.file} has no ${citation.symbol}`);
    }
    if (!isTestFile(citation.file)) {
      for (const name of citation.testNames) {
        if (!text.includes(name)) problems.push(`${citation.file} has no test "${name}"`);
      }
      continue;
    }
    const tests = testsOf(root, citation.file);
    const quoted = citation.testNames.flatMap((name) => {
      const test = tests.find((t) => t.title === name);
      if (!test) problems.push(`${citation.file} has no test "${name}"${partOf(name, tests)}`);
      return test ? [{ name, test }] : [];
    });
    if (!row.testedIn.includes(citation)) continue;
    if (isScreenTest(citation.file)) usersLevel = true;
    if (!isServerTest(citation.file)) continue;
    if (citation.testNames.length === 0) {
      if (tests.some((t) => t.sendsRequest)) usersLevel = true;
      else belowUsers.push(`${citation.file} has no test that sends a request`);
      continue;
    }
    for (const { name, test } of quoted) {
      if (test.sendsRequest) usersLevel = true;
      else belowUsers.push(`${citation.file} "${name}" sends no request`);
    }
  }
  if (row.status === 'done') {
    if (!row.implementedIn.some((c) => isAppPath(c.file))) {
      problems.push('done, but no route or screen under apps/ is named in "Implemented in"');
    }
    if (!usersLevel) {
      problems.push(
        `done, but no HTTP, web component or browser test is named in "Tested in"${
          belowUsers.length > 0 ? ` (${belowUsers.join('; ')})` : ''
        }`,
      );
    }
  }
  return problems;
}

/** A hint when a quoted name is only part of a title, which does not name that test. */
function partOf(name: string, tests: TestCase[]): string {
  const whole = tests.filter((t) => t.title?.includes(name));
  return whole.length > 0 ? ` (only part of ${whole.map((t) => `"${t.title}"`).join(', ')})` : '';
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The table's own summary line, as the rows make it. */
export function statusLine(rows: CoverageRow[]): string {
  const count = (status: Status) => rows.filter((row) => row.status === status).length;
  return `**Status today** (${rows.length} rows): ${STATUSES.map((status) => `${count(status)} ${status}`).join(', ')}.`;
}

/** Counts by area (C1, C3, M2, …) and status, as a Markdown table. */
export function countsTable(rows: CoverageRow[]): string {
  const areas = [...new Set(rows.map((row) => row.id.split('.')[0]!))];
  const count = (area: string | undefined, status: Status) =>
    rows.filter((row) => (area === undefined || row.id.split('.')[0] === area) && row.status === status)
      .length;
  const line = (name: string, area: string | undefined) =>
    `| ${name} | ${STATUSES.map((status) => count(area, status)).join(' | ')} |`;
  return [
    `| area | ${STATUSES.join(' | ')} |`,
    `|---|${STATUSES.map(() => '---').join('|')}|`,
    ...areas.map((area) => line(area, area)),
    line(`all (${rows.length})`, undefined),
  ].join('\n');
}

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One `it(…)`/`test(…)` of a test file, as its source declares it. */
export interface TestCase {
  /**
   * The title as the runner shows it before any `.each` formatting (`%s` stays), or undefined when a
   * template literal builds it from values only the run knows: no quoted name can stand for such a test.
   */
  title: string | undefined;
  /**
   * Whether its own body calls the portal over HTTP: `inject`, `fetch`, `http.request`, or a helper of the
   * file or of the test helpers it imports that does.
   */
  sendsRequest: boolean;
}

const TEST_FUNCTIONS = new Set(['it', 'test']);
const TEST_MODIFIERS = new Set(['only', 'skip', 'todo', 'fails', 'concurrent', 'sequential']);
/** Forms that take a table or a condition and answer the function that declares the test. */
const TEST_FACTORIES = new Set(['each', 'for', 'skipIf', 'runIf']);

/**
 * The context's own helpers (`signIn`, `userWith`, `systemAdmin`) reach the API only to open a session: a
 * test that does nothing else over HTTP tests no feature through it.
 */
const SESSION_HELPERS = 'apps/server/src/test/test-app.ts';

/** Helper files a server test may import its requests from; production code never sends one. */
const isTestSupport = (file: string) =>
  file.includes('/src/test/') || /(\.fixtures|-test-kit|\.test)\.tsx?$/.test(file);

interface Helpers {
  /** Names of plain functions (`function f`, `const f = () => …`) that send a request. */
  functions: Set<string>;
  /** Names of methods (class members, object literal members) that send a request. */
  methods: Set<string>;
}

const parsed = new Map<string, ts.SourceFile>();
const parse = (full: string): ts.SourceFile => {
  let source = parsed.get(full);
  if (!source) {
    source = ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(full, source);
  }
  return source;
};

const read = new Map<string, TestCase[]>();

/** The tests a file declares, in source order. */
export function testsOf(root: string, file: string): TestCase[] {
  const full = path.join(root, file);
  let tests = read.get(full);
  if (!tests) {
    tests = declaredTests(root, full);
    read.set(full, tests);
  }
  return tests;
}

function declaredTests(root: string, full: string): TestCase[] {
  const source = parse(full);
  const helpers = requestHelpers(root, full);
  const constants = constantStrings(source);
  const tests: TestCase[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isTestCall(node.expression)) {
      const [title, ...rest] = node.arguments;
      const body = rest.find((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg));
      if (title !== undefined) {
        tests.push({
          title: titleOf(title, constants),
          sendsRequest: body !== undefined && sendsRequest(body, helpers),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return tests;
}

/** `it`, `test`, and their forms `it.each([…])`, `it.only`, `test.skipIf(x)`, … */
function isTestCall(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return TEST_FUNCTIONS.has(callee.text);
  if (ts.isPropertyAccessExpression(callee)) {
    return TEST_MODIFIERS.has(callee.name.text) && isTestCall(callee.expression);
  }
  if (ts.isCallExpression(callee) && ts.isPropertyAccessExpression(callee.expression)) {
    const factory = callee.expression;
    return TEST_FACTORIES.has(factory.name.text) && isTestCall(factory.expression);
  }
  return false;
}

/** A title's text; a template literal only when each of its parts is a constant string of the file. */
function titleOf(node: ts.Expression, constants: Map<string, string>): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isTemplateExpression(node)) return undefined;
  let title = node.head.text;
  for (const span of node.templateSpans) {
    const value = ts.isIdentifier(span.expression) ? constants.get(span.expression.text) : undefined;
    if (value === undefined) return undefined;
    title += value + span.literal.text;
  }
  return title;
}

/** `const NAME = 'text'` (or a number) declared once in the file, so that the name has one value. */
function constantStrings(source: ts.SourceFile): Map<string, string> {
  const values = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const name = node.name.text;
      const list = node.parent;
      const constant = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
      const init = node.initializer;
      const literal =
        init !== undefined &&
        (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init) || ts.isNumericLiteral(init));
      if (seen.has(name) || !constant || !literal) values.delete(name);
      else values.set(name, init.text);
      seen.add(name);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return values;
}

/**
 * The functions and methods of a test file and of the test helpers it imports (transitively) that send a
 * request, directly or through one another.
 */
function requestHelpers(root: string, testFile: string): Helpers {
  const files = new Set<string>();
  const follow = (full: string) => {
    if (files.has(full)) return;
    files.add(full);
    for (const statement of parse(full).statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const imported = resolveImport(full, statement.moduleSpecifier.text);
      if (imported !== undefined && isTestSupport(imported)) follow(imported);
    }
  };
  follow(testFile);
  const declared: { name: string; method: boolean; body: ts.Node }[] = [];
  for (const full of files) {
    if (path.relative(root, full) === SESSION_HELPERS) continue;
    const visit = (node: ts.Node) => {
      const named = namedFunction(node);
      if (named) declared.push({ ...named, body: node });
      ts.forEachChild(node, visit);
    };
    visit(parse(full));
  }
  const helpers: Helpers = { functions: new Set(), methods: new Set() };
  for (let grown = true; grown;) {
    grown = false;
    for (const { name, method, body } of declared) {
      const known = method ? helpers.methods : helpers.functions;
      if (!known.has(name) && sendsRequest(body, helpers)) {
        known.add(name);
        grown = true;
      }
    }
  }
  return helpers;
}

function namedFunction(node: ts.Node): { name: string; method: boolean } | undefined {
  const isFunction = (n: ts.Node | undefined) =>
    n !== undefined && (ts.isArrowFunction(n) || ts.isFunctionExpression(n));
  if (ts.isFunctionDeclaration(node) && node.name) return { name: node.name.text, method: false };
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isFunction(node.initializer)) {
    return { name: node.name.text, method: false };
  }
  if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name))
    return { name: node.name.text, method: true };
  if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && isFunction(node.initializer)) {
    return { name: node.name.text, method: true };
  }
  if (ts.isPropertyDeclaration(node) && ts.isIdentifier(node.name) && isFunction(node.initializer)) {
    return { name: node.name.text, method: true };
  }
  return undefined;
}

/** Whether code calls `x.inject(…)`, `fetch(…)`, `http.request(…)`, or a known helper that sends a request. */
function sendsRequest(node: ts.Node, helpers: Helpers): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(n)) found = isRequest(n.expression, helpers);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

function isRequest(callee: ts.Expression, helpers: Helpers): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'fetch' || helpers.functions.has(callee.text);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const method = callee.name.text;
  if (method === 'inject' || helpers.methods.has(method)) return true;
  return (
    ts.isIdentifier(callee.expression) &&
    ['http', 'https'].includes(callee.expression.text) &&
    ['request', 'get'].includes(method)
  );
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, base, path.join(base, 'index.ts')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

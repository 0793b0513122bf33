// Docusaurus's and React's internals are reached through one seam,
// packages/docusaurus-internals. Outside it, each module specifier a script
// gives an import, import(), require(), require.resolve(), import.meta.resolve()
// or a createRequire() function (and each import type, `declare module` and
// `/// <reference types>`) that names @docusaurus/*, react or react-dom must
// be a public entry point; and no tracked file names a `lib/` file of
// @docusaurus/* or an internal file of react-dom or react.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');
const seam = 'packages/docusaurus-internals/';

// Docusaurus's configuration docs give this preset for babel.config.js, and
// its site template has it so: the one internal path named outside the seam.
// (Built from parts, so that this file does not name it.)
const babelPreset = ['@docusaurus/core', 'lib', 'babel', 'preset'].join('/');
const allowedIn = new Map([['babel.config.js', new Set([babelPreset])]]);

// @docusaurus/Link, @docusaurus/router and the rest of Docusaurus's client
// API are aliases its bundler config makes, declared by module-type-aliases.
const clientApi = new Set(
  [
    ...readFileSync(
      path.join(
        root,
        'node_modules/@docusaurus/module-type-aliases/src/index.d.ts',
      ),
      'utf8',
    ).matchAll(/^declare module '(@docusaurus\/[^']+)'/gm),
  ].map((match) => match[1]),
);

/** @param {string} specifier */
function packageOf(specifier) {
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, length).join('/');
  const rest = parts.slice(length).join('/');
  return {name, subpath: rest ? `./${rest}` : '.'};
}

/** @type {Map<string, Set<string> | null>} */
const entryPointsCache = new Map();
/**
 * The subpaths a package publishes: the keys of its `exports` map but its
 * patterns (`./lib/*` exposes files, not entry points), or, without a map,
 * the bare name alone. Null when the package is not installed.
 * @param {string} name
 */
function entryPoints(name) {
  if (!entryPointsCache.has(name)) {
    /** @type {{exports?: unknown} | undefined} */
    let manifest;
    try {
      manifest = JSON.parse(
        readFileSync(
          path.join(root, 'node_modules', name, 'package.json'),
          'utf8',
        ),
      );
    } catch {
      manifest = undefined;
    }
    const exportsMap = manifest?.exports;
    const keys =
      exportsMap &&
      typeof exportsMap === 'object' &&
      !Array.isArray(exportsMap) &&
      Object.keys(exportsMap).some((key) => key.startsWith('.'))
        ? Object.keys(exportsMap).filter((key) => !key.includes('*'))
        : ['.'];
    entryPointsCache.set(name, manifest ? new Set(keys) : null);
  }
  return entryPointsCache.get(name);
}

/**
 * Why a specifier is not a public entry point, or null if it is one or names
 * none of the packages watched.
 * @param {string} specifier
 * @param {boolean} dynamic only the text before a `${…}` is known
 */
export function specifierProblem(specifier, dynamic = false) {
  if (dynamic)
    return /^(@docusaurus\/|react(-dom)?(\/|$))/.test(specifier)
      ? 'a path built at run time'
      : null;
  const {name, subpath} = packageOf(specifier);
  if (!/^(@docusaurus\/[^/]+|react|react-dom)$/.test(name)) return null;
  if (clientApi.has(specifier)) return null;
  const published = entryPoints(name);
  if (!published) return `${name} is not installed`;
  if (published.has(subpath)) return null;
  return `not an entry point of ${name} (it publishes ${[...published].join(', ')})`;
}

/**
 * Each module specifier the source gives, with its line.
 * @param {string} file
 * @param {string} text
 * @returns {{specifier: string, dynamic: boolean, line: number}[]}
 */
export function specifiersOf(file, text) {
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.[mc]?ts$/.test(file)
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JSX;
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    kind,
  );
  /** @type {{specifier: string, dynamic: boolean, line: number}[]} */
  const found = [];
  /** @param {ts.Node | undefined} node */
  const add = (node) => {
    if (!node) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (ts.isStringLiteralLike(node))
      found.push({specifier: node.text, dynamic: false, line});
    else if (ts.isTemplateExpression(node))
      found.push({specifier: node.head.text, dynamic: true, line});
  };

  // The names a file gives createRequire()'s functions, `require` among them.
  const requires = new Set(['require']);
  /** @param {ts.Node} node */
  const isCreateRequire = (node) =>
    ts.isCallExpression(node) &&
    /(^|\.)createRequire$/.test(node.expression.getText(source));
  /** @param {ts.Node} node */
  const collect = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      isCreateRequire(node.initializer)
    )
      requires.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(source);
  /** @param {ts.Expression} callee */
  const isRequire = (callee) =>
    (ts.isIdentifier(callee) && requires.has(callee.text)) ||
    isCreateRequire(callee);

  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) ||
        ts.isExportDeclaration(node) ||
        ts.isJSDocImportTag(node)) &&
      node.moduleSpecifier
    )
      add(node.moduleSpecifier);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal);
    else if (ts.isExternalModuleReference(node)) add(node.expression);
    else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name))
      add(node.name);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        isRequire(callee) ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === 'resolve' &&
          (isRequire(callee.expression) ||
            ts.isMetaProperty(callee.expression)))
      )
        add(node.arguments[0]);
    }
    // @type {import('…')} and the rest of JSDoc in scripts.
    for (const doc of /** @type {{jsDoc?: ts.Node[]}} */ (node).jsDoc ?? [])
      visit(doc);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const reference of source.typeReferenceDirectives)
    found.push({
      specifier: reference.fileName,
      dynamic: false,
      line: source.getLineAndCharacterOfPosition(reference.pos).line + 1,
    });
  return found;
}

const scripts = execFileSync(
  'git',
  ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.mts', '*.cts', '*.js'].concat([
    '*.jsx',
    '*.mjs',
    '*.cjs',
    `:!${seam}`,
  ]),
  {cwd: root, encoding: 'utf8'},
)
  .split('\0')
  .filter(Boolean);

test('no script outside packages/docusaurus-internals imports or resolves what Docusaurus, react or react-dom does not publish', () => {
  const problems = [];
  for (const file of scripts) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const {specifier, dynamic, line} of specifiersOf(file, text)) {
      if (allowedIn.get(file)?.has(specifier)) continue;
      const problem = specifierProblem(specifier, dynamic);
      if (problem) problems.push(`${file}:${line}: ${specifier}: ${problem}`);
    }
  }
  assert.deepEqual(
    problems,
    [],
    'reach these through @nodekeeper/docusaurus-internals (its README lists each internal)',
  );
});

test('the scan reads the specifiers the site gives', () => {
  assert.ok(scripts.length > 100, `${scripts.length} scripts`);
  const watched = new Set(
    [
      'src/theme/AnnouncementBar/index.tsx',
      'docusaurus.config.ts',
      'babel.config.js',
    ]
      .flatMap((file) =>
        specifiersOf(file, readFileSync(path.join(root, file), 'utf8')),
      )
      .map(({specifier}) => specifier),
  );
  for (const specifier of [
    'react',
    '@docusaurus/theme-common/internal',
    '@docusaurus/types',
    babelPreset,
  ])
    assert.ok(watched.has(specifier), `${specifier} not found`);
});

test('each way to give a specifier is read, and a deep one is named', () => {
  // Built from parts, so that this file does not name an internal path.
  const deep = ['@docusaurus', 'core', 'lib', 'client', 'exports', 'Link.js'];
  const internal = deep.join('/');
  const reactDom = ['react-dom', 'cjs', 'react-dom.production.min.js'].join(
    '/',
  );
  const source = [
    `import Link from '${internal}';`,
    `import '${internal}';`,
    `export {x} from '${internal}';`,
    `const a = import('${internal}');`,
    `const b = require('${reactDom}');`,
    `const c = require.resolve('${internal}');`,
    `const d = import.meta.resolve('${internal}');`,
    `const fromCore = createRequire(import.meta.url);`,
    `const e = fromCore('${internal}');`,
    `const f = fromCore.resolve('${internal}');`,
    `const g = createRequire(import.meta.url).resolve('${internal}');`,
    `const h = require(\`@docusaurus/core/\${name}\`);`,
    `/** @type {import('${internal}').X} */`,
    `const i = 1;`,
    `import {useTabs} from '@docusaurus/theme-common/internal';`,
    `import Translate from '@docusaurus/Translate';`,
    `import {createRoot} from 'react-dom/client';`,
    `import {jsx} from 'react/jsx-runtime';`,
    `const j = require('react-dom/server');`,
  ].join('\n');
  const problems = specifiersOf('sample.mjs', source)
    .filter(({specifier, dynamic}) => specifierProblem(specifier, dynamic))
    .map(({line}) => line);
  assert.deepEqual(problems, [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13]);
  assert.ok(
    specifierProblem(
      ['@docusaurus', 'plugin-content-docs', 'lib', 'props.js'].join('/'),
    ),
    'a file its exports map exposes by a pattern is no entry point',
  );
  assert.equal(
    specifierProblem('@docusaurus/plugin-content-docs/client'),
    null,
  );
});

// (The brackets keep this line from matching itself.)
const internalPath = String.raw`(@docusaurus/[a-z-]+/lib/|react(-dom)?/[c]js/)`;

// The patches change those files; the dated records tell what was.
const outsideTheSeam = [`:!${seam}`, ':!patches/', ':!decisions/'];

test('no file outside packages/docusaurus-internals names a Docusaurus or react-dom internal', () => {
  let found = '';
  try {
    found = execFileSync(
      'git',
      ['grep', '-nE', internalPath, '--', '.', ...outsideTheSeam],
      {cwd: root, encoding: 'utf8'},
    );
  } catch (error) {
    // git grep exits with 1 when nothing matches.
    if (/** @type {{status?: number}} */ (error).status !== 1) throw error;
  }
  const lines = found.split('\n').filter((line) => {
    if (!line) return false;
    const file = line.slice(0, line.indexOf(':'));
    let text = line.slice(file.length);
    for (const specifier of allowedIn.get(file) ?? [])
      text = text.replaceAll(specifier, '');
    return new RegExp(internalPath).test(text);
  });
  assert.deepEqual(
    lines,
    [],
    'reach these through @nodekeeper/docusaurus-internals (its README lists each internal)',
  );
});

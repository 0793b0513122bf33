import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {test} from 'node:test';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import codeBlocks from '../../plugins/content/code-blocks/index.mjs';
import {tempDirSync} from '../support/temp-dir.mjs';
import {highlightedLines} from '../../plugins/content/code-blocks/lines.mjs';
import {prismWith} from '../../plugins/content/code-blocks/prism.mjs';
import {
  codeColours,
  darkCodeTheme,
  lightCodeTheme,
} from '../../plugins/content/code-blocks/themes.mjs';
import remarkCodeBlocks, {
  moduleResolver,
} from '../../plugins/content/code-blocks/remark.mjs';
import {codeBlocks as fencedBlocks} from '../docs/markdown.mjs';

const magicComments = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
  {className: 'code-block-error-line', line: 'error-next-line'},
];
const prism = prismWith(['bash', 'php']);

/**
 * Runs the remark step over one fenced block of tests/unit/page.md, fence on line 10; returns the block and the warnings.
 * @param {string | null} lang
 * @param {string | null} meta
 * @param {string} value
 */
function fenced(lang, meta, value) {
  /** @type {string[]} */
  const warnings = [];
  const transform = remarkCodeBlocks({
    additionalLanguages: ['bash', 'php'],
    magicComments,
    warn: (message) => warnings.push(message),
  });
  // Of a node's position, the remark step reads the line it starts on.
  const code = /** @type {import('mdast').Code} */ ({
    type: 'code',
    lang,
    meta,
    value,
    position: {start: {line: 10}},
  });
  transform(
    {type: 'root', children: [{type: 'blockquote', children: [code]}]},
    {path: `${process.cwd()}/tests/unit/page.md`},
  );
  const html = code.data?.hProperties?.highlightedHtml;
  assert.ok(typeof html === 'string');
  return {code, html, warnings};
}

/**
 * The class lists of the lines in `html`.
 * @param {string} html
 */
const lineClasses = (html) =>
  [...html.matchAll(/<span class="(token-line[^"]*)"/g)].map(
    ([, classes]) => classes,
  );
/** @param {string} html */
const highlighted = (html) =>
  lineClasses(html).flatMap((classes, index) =>
    classes.includes('theme-code-block-highlighted-line') ? [index + 1] : [],
  );

test("yaml, php and bash are highlighted into the theme's markup, one token-line a line", () => {
  const yaml = highlightedLines(prism, 'version: 1\n\nnodes: []', {
    language: 'yaml',
    lineClassNames: {},
  });
  assert.equal(lineClasses(yaml).length, 3);
  assert.match(yaml, /<span class="token key atrule">version<\/span>/);
  const php = highlightedLines(prism, '<?php $body = f();', {
    language: 'php',
    lineClassNames: {},
  });
  assert.match(php, /<span class="token variable">\$body<\/span>/);
  assert.match(
    highlightedLines(prism, 'echo hi', {language: 'bash', lineClassNames: {}}),
    /<span class="token builtin class-name">echo<\/span>/,
  );
});

test("code is tokenised as prism-react-renderer tokenises it, with Prism's hooks: the text in JSX is plain", () => {
  const jsx = highlightedLines(
    prism,
    'const A = () => <button>Click to get a new number</button>;',
    {language: 'jsx', lineClassNames: {}},
  );
  assert.match(
    jsx,
    /<span class="token plain-text">Click to get a new number<\/span>/,
  );
  assert.doesNotMatch(jsx, /<span class="token keyword">new<\/span>/);
});

test("a token's style classes are its types' styles merged in order, property by property, in both modes", () => {
  const {css, typeClasses} = codeColours(lightCodeTheme, darkCodeTheme);
  const html = highlightedLines(prism, '<uses-permission android:name="x"/>', {
    language: 'markup',
    lineClassNames: {},
    typeClasses,
  });
  // The prefix is `tag attr-name namespace`: the namespace sets only
  // opacity, so the colour is the attribute name's, not the tag's.
  const classes = /<span class="token ([^"]*)">android:<\/span>/
    .exec(html)?.[1]
    .split(' ');
  assert.deepEqual(classes?.slice(0, 3), ['tag', 'attr-name', 'namespace']);
  const declarationOf = (/** @type {string} */ className) =>
    new RegExp(`\\.token\\.${className} \\{ ([^}]*) \\}`).exec(css)?.[1];
  assert.deepEqual(
    classes?.slice(3).map(declarationOf).sort(),
    [
      `color: ${darkCodeTheme.styles.find(({types}) => types.includes('attr-name'))?.style.color};`,
      `color: ${lightCodeTheme.styles.find(({types}) => types.includes('attr-name'))?.style.color};`,
      'opacity: 0.8;',
    ].sort(),
  );
});

test('code is escaped, and a language Prism has no grammar for is plain text', () => {
  assert.equal(
    highlightedLines(prism, 'a < b && "c"', {
      language: 'text',
      lineClassNames: {},
    }),
    '<span class="token-line"><span class="token plain">a &lt; b &amp;&amp; &quot;c&quot;</span><br></span>',
  );
});

test('a range highlights its lines, with a title and line numbers in any order', () => {
  const {html} = fenced(
    'yaml',
    'showLineNumbers {2,4-5} title="a {9} title"',
    'a: 1\nb: 2\nc: 3\nd: 4\ne: 5\n',
  );
  assert.deepEqual(highlighted(html), [2, 4, 5]);
  assert.deepEqual(
    [...html.matchAll(/data-line="(\d+)"/g)].map(([, n]) => Number(n)),
    [1, 2, 3, 4, 5],
  );
});

test('showLineNumbers=N numbers the lines from N, with no style attribute', () => {
  const {html} = fenced('bash', 'showLineNumbers=41', 'echo a\necho b');
  assert.deepEqual(
    [...html.matchAll(/data-line="(\d+)"/g)].map(([, n]) => Number(n)),
    [41, 42],
  );
  assert.doesNotMatch(html, /style=/);
});

for (const [language, source] of [
  [
    'js',
    'a;\n// highlight-next-line\nb;\n/* highlight-start */\nc;\nd;\n/* highlight-end */\ne;',
  ],
  [
    'tsx',
    'a;\n{/* highlight-next-line */}\nb;\n// highlight-start\nc;\nd;\n// highlight-end\ne;',
  ],
  [
    'yaml',
    'a: 1\n# highlight-next-line\nb: 2\n# highlight-start\nc: 3\nd: 4\n# highlight-end\ne: 5',
  ],
  [
    'html',
    '<a>\n<!-- highlight-next-line -->\n<b>\n<!-- highlight-start -->\n<c>\n<d>\n<!-- highlight-end -->\n<e>',
  ],
  [
    'sql',
    'a;\n-- highlight-next-line\nb;\n/* highlight-start */\nc;\nd;\n/* highlight-end */\ne;',
  ],
  [
    'lua',
    'a\n-- highlight-next-line\nb\n-- highlight-start\nc\nd\n-- highlight-end\ne',
  ],
  [
    'tex',
    'a\n% highlight-next-line\nb\n% highlight-start\nc\nd\n% highlight-end\ne',
  ],
]) {
  test(`magic comments in ${language} highlight their lines and leave the code the copy button copies`, () => {
    const {code, html} = fenced(language, null, source);
    assert.deepEqual(highlighted(html), [2, 3, 4]);
    assert.equal(code.value.split('\n').length, 5);
    assert.doesNotMatch(code.value, /highlight-/);
  });
}

test('a custom magic comment gives its line its own class', () => {
  const {code, html} = fenced('yaml', null, 'a: 1\n# error-next-line\nb: 2');
  assert.equal(code.value, 'a: 1\nb: 2');
  assert.deepEqual(lineClasses(html), [
    'token-line',
    'token-line code-block-error-line',
  ]);
});

for (const [what, meta, value, message] of /** @type {const} */ ([
  [
    'a range that does not parse',
    '{a}',
    'a: 1',
    /^Error: tests\/unit\/page\.md:10: code block: \{a\} is not a line range/,
  ],
  [
    'a range that goes down',
    'title="x" {3-1}',
    'a: 1\nb: 2\nc: 3',
    /tests\/unit\/page\.md:10: code block: \{3-1\}: the range 3-1 must go from a first line/,
  ],
  [
    'a range past the last line',
    '{2,7}',
    'a: 1\nb: 2',
    /tests\/unit\/page\.md:10: code block: \{2,7\}: line 7 is past the end of the block, which has 2 lines/,
  ],
  [
    'showLineNumbers=x',
    'showLineNumbers=x',
    'a: 1',
    /tests\/unit\/page\.md:10: code block: showLineNumbers=x: the first line's number must be a whole number/,
  ],
  [
    'a highlight-start with no end',
    null,
    'a: 1\n# highlight-start\nb: 2',
    /tests\/unit\/page\.md:10: code block: line 12: highlight-start has no highlight-end after it/,
  ],
  [
    'a highlight-end with no start',
    null,
    'a: 1\n# highlight-end',
    /tests\/unit\/page\.md:10: code block: line 12: highlight-end with no highlight-start before it/,
  ],
  [
    'a highlight-start inside another',
    null,
    '# highlight-start\n# highlight-start\n# highlight-end',
    /line 12: highlight-start inside the one opened on line 11/,
  ],
  [
    'file= and code of its own',
    'file=./x.yaml',
    'a: 1',
    /tests\/unit\/page\.md:10: code block: it has both file=\.\/x\.yaml and code of its own/,
  ],
  [
    'file= naming no file',
    'file=./missing.yaml',
    '',
    /tests\/unit\/page\.md:10: code block: file=\.\/missing\.yaml: there is no file tests\/unit\/missing\.yaml/,
  ],
  [
    'file= with lines the file does not have',
    'file=../fixtures/code-blocks/docs/code-blocks/example.yaml#L5-L99',
    '',
    /#L5-L99 is not a range of the file's 7 lines/,
  ],
])) {
  test(`${what} stops the build, naming the file and line`, () => {
    assert.throws(() => fenced('yaml', meta, value), message);
  });
}

test('file= shows the lines of a file, all of them or a range', () => {
  const file = '../fixtures/code-blocks/docs/code-blocks/example.yaml';
  assert.equal(
    fenced('yaml', `file=${file}#L2-L3`, '').code.value,
    'version: 1\nproject: example',
  );
  assert.equal(
    fenced('yaml', `title="x" file=${file}`, '').code.value.split('\n').length,
    7,
  );
});

for (const [what, lang, warning] of /** @type {const} */ ([
  [
    'a language the site does not know',
    'cobolx',
    /^tests\/unit\/page\.md:10: the site cannot highlight "cobolx", so this code block is shown as plain text/,
  ],
  [
    'no language',
    null,
    /^tests\/unit\/page\.md:10: this code block names no language, so it is shown as plain text/,
  ],
])) {
  test(`${what}: plain text, and a warning names the file and line`, () => {
    const {html, warnings} = fenced(lang, null, 'a <b>');
    assert.equal(
      html,
      '<span class="token-line"><span class="token plain">a &lt;b&gt;</span><br></span>',
    );
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], warning);
  });
}

test('text and the languages the site knows give no warning', () => {
  for (const lang of ['text', 'yaml', 'bash', 'php', 'json', 'JS'])
    assert.deepEqual(fenced(lang, null, 'a').warnings, [], lang);
});

test('a <CodeBlock> language or metastring that is not a string is as if not given: plain text and a warning', () => {
  /** @type {string[]} */
  const warnings = [];
  const tree = unified()
    .use(remarkParse)
    .use(remarkMdx)
    .parse(
      "import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock language metastring={2}>{'a <b>'}</CodeBlock>\n",
    );
  remarkCodeBlocks({
    additionalLanguages: [],
    magicComments,
    warn: (message) => warnings.push(message),
  })(tree, {path: `${process.cwd()}/tests/unit/page.mdx`});
  assert.equal(warnings.length, 1);
  assert.match(
    warnings[0],
    /^tests\/unit\/page\.mdx:3: this code block names no language/,
  );
  const [, element] = tree.children;
  assert.ok(element.type === 'mdxJsxFlowElement');
  assert.deepEqual(element.attributes.at(-1), {
    type: 'mdxJsxAttribute',
    name: 'highlightedHtml',
    value:
      '<span class="token-line"><span class="token plain">a &lt;b&gt;</span><br></span>',
  });
});

/**
 * Runs the remark step over tests/unit/page.mdx holding `source`; returns
 * its tree's nodes and the warnings.
 * @param {string} source
 */
function mdx(source) {
  /** @type {string[]} */
  const warnings = [];
  const tree = unified().use(remarkParse).use(remarkMdx).parse(source);
  remarkCodeBlocks({
    additionalLanguages: ['bash'],
    magicComments,
    warn: (message) => warnings.push(message),
  })(tree, {path: `${process.cwd()}/tests/unit/page.mdx`});
  return {nodes: tree.children, warnings};
}

/**
 * The lines the build gave a <CodeBlock>, if it highlighted it.
 * @param {import('mdast').RootContent | undefined} node
 */
function builtLines(node) {
  assert.ok(node?.type === 'mdxJsxFlowElement');
  const attribute = node.attributes.find(
    (attr) =>
      attr.type === 'mdxJsxAttribute' && attr.name === 'highlightedHtml',
  );
  return attribute?.value;
}

test('a <CodeBlock> language from an exported constant, or from its className, is read as the theme reads it', () => {
  const {nodes, warnings} = mdx(
    [
      "import CodeBlock from '@theme/CodeBlock';",
      '',
      "export const shell = 'bash';",
      '',
      "<CodeBlock language={shell}>{'echo a'}</CodeBlock>",
      '',
      '<CodeBlock className="language-yaml">{\'a: 1\'}</CodeBlock>',
      '',
      '<CodeBlock language="bash" className={props.className}>{\'echo b\'}</CodeBlock>',
      '',
    ].join('\n'),
  );
  assert.deepEqual(warnings, []);
  const [, , shell, yaml, classed] = nodes;
  assert.match(String(builtLines(shell)), /class="token builtin[^"]*">echo</);
  assert.match(String(builtLines(yaml)), /class="token key atrule[^"]*">a</);
  assert.match(String(builtLines(classed)), /class="token builtin[^"]*">echo</);
});

for (const [what, element, construct] of [
  [
    'a language known only as the page renders',
    "<CodeBlock language={props.language}>{'echo a'}</CodeBlock>",
    '<CodeBlock language={props.language}>',
  ],
  [
    'line numbers known only as the page renders',
    '<CodeBlock language="bash" showLineNumbers={props.numbered}>{\'echo a\'}</CodeBlock>',
    '<CodeBlock showLineNumbers={props.numbered}>',
  ],
  [
    'a className known only as the page renders, and no language',
    "<CodeBlock className={props.className}>{'echo a'}</CodeBlock>",
    '<CodeBlock className={props.className}>',
  ],
  [
    'a spread of props',
    "<CodeBlock {...props}>{'echo a'}</CodeBlock>",
    '<CodeBlock {...props}>',
  ],
]) {
  test(`a <CodeBlock> with ${what} is left to the page's render, with a warning naming the file, line and construct`, () => {
    const {nodes, warnings} = mdx(
      `import CodeBlock from '@theme/CodeBlock';\n\n${element}\n`,
    );
    const [, block] = nodes;
    assert.equal(builtLines(block), undefined);
    assert.ok(block.type === 'mdxJsxFlowElement');
    // Its code is as written, for the render to read.
    assert.equal(block.children[0]?.type, 'mdxFlowExpression');
    assert.equal(warnings.length, 1);
    assert.ok(
      warnings[0].startsWith(`tests/unit/page.mdx:3: ${construct}: `),
      warnings[0],
    );
    assert.match(warnings[0], /highlighted as the page renders/);
  });
}

test('a raw-loader import resolves as the bundler does: with its aliases, and without the extension', () => {
  const tree = unified()
    .use(remarkParse)
    .use(remarkMdx)
    .parse(
      [
        "import CodeBlock from '@theme/CodeBlock';",
        "import Config from '!!raw-loader!@site/docusaurus.config';",
        "import Product from '!!raw-loader!../../src/product';",
        '',
        '<CodeBlock language="ts">{Config}</CodeBlock>',
        '',
        '<CodeBlock language="js">{Product}</CodeBlock>',
        '',
      ].join('\n'),
    );
  /** @type {string[]} */
  const warnings = [];
  remarkCodeBlocks({
    additionalLanguages: [],
    magicComments,
    warn: (message) => warnings.push(message),
    resolver: {resolve: moduleResolver({alias: {'@site': process.cwd()}})},
  })(tree, {path: `${process.cwd()}/tests/unit/page.mdx`});
  assert.deepEqual(warnings, []);
  const blocks = tree.children.filter(
    (node) => node.type === 'mdxJsxFlowElement',
  );
  assert.equal(blocks.length, 2);
  for (const block of blocks) assert.ok(block.type === 'mdxJsxFlowElement');
  const [config, product] = blocks.map((block) =>
    block.type === 'mdxJsxFlowElement'
      ? block.attributes.find(
          (attribute) =>
            attribute.type === 'mdxJsxAttribute' &&
            attribute.name === 'highlightedHtml',
        )?.value
      : undefined,
  );
  assert.match(String(config), /satisfies/);
  assert.match(String(product), /copyrightYear/);
});

test("the plugin adds its remark step to the docs' and pages' MDX loaders once, one options object for both builds", (t) => {
  // Of the site's context, the plugin reads its magic comments and code
  // themes, and writes the themes' CSS among the generated files.
  const {configureWebpack} = codeBlocks(
    /** @type {import('@docusaurus/types').LoadContext} */ ({
      generatedFilesDir: tempDirSync(t, 'code-blocks-generated-'),
      siteConfig: {
        themeConfig: /** @type {import('@docusaurus/types').ThemeConfig} */ ({
          prism: {magicComments},
        }),
      },
    }),
    {additionalLanguages: ['php']},
  );
  assert.ok(configureWebpack);
  const mdxLoader = createRequire(import.meta.url).resolve(
    '@docusaurus/mdx-loader',
  );
  /** @type {{remarkPlugins: [unknown, {magicComments: unknown}][], processors?: object}} */
  const options = {remarkPlugins: [], processors: {}};
  const rule = {test: /\.mdx?$/, use: [{loader: mdxLoader, options}]};
  const config = {
    // A falsy entry in a rule's loaders is one webpack skips.
    module: {rules: [rule, {test: /\.css$/, use: [null, 'css-loader']}]},
  };
  // Of what Docusaurus passes it, the plugin reads the config alone.
  /** @param {boolean} isServer */
  const configure = (isServer) =>
    configureWebpack(
      config,
      isServer,
      /** @type {import('@docusaurus/types').ConfigureWebpackUtils} */ ({}),
      undefined,
    );
  configure(false);
  const client = rule.use[0].options;
  rule.use[0].options = options;
  configure(true);
  assert.equal(rule.use[0].options, client);
  configure(true);
  assert.equal(client.remarkPlugins.length, 1);
  assert.equal(client.remarkPlugins[0][0], remarkCodeBlocks);
  assert.deepEqual(client.remarkPlugins[0][1].magicComments, magicComments);
  // Its MDX processors are made again, with the remark step.
  assert.equal(client.processors, undefined);
});

test("the docs' checks read a block as the reader sees it: no magic comments, file= lines, each line where it is written", () => {
  const page = 'tests/fixtures/code-blocks/docs/code-blocks/page.md';
  const text = [
    '# Page',
    '',
    '```yaml {9} title="a"',
    'a: 1',
    '# highlight-next-line',
    'b: 2',
    '```',
    '',
    '```yaml title="b"',
    'a: 1',
    '# error-next-line',
    'b: 2',
    '```',
    '',
    '```yaml file=./example.yaml#L2-L3',
    '```',
  ].join('\n');
  const [range, comments, fromFile] = fencedBlocks(text, page);
  assert.equal(range.code, 'a: 1\n# highlight-next-line\nb: 2\n');
  assert.equal(comments.code, 'a: 1\nb: 2\n');
  assert.equal(comments.lineOf(2), `${page}:12`);
  assert.equal(fromFile.code, 'version: 1\nproject: example\n');
  assert.equal(
    fromFile.lineOf(2),
    'tests/fixtures/code-blocks/docs/code-blocks/example.yaml:3',
  );
});

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {highlight, remarkHighlight} from '../../plugins/build-time-highlighting/remark-highlight.cjs';

const transform = remarkHighlight({additionalLanguages: ['yaml', 'php']});

test('yaml and php are highlighted into the theme\'s markup, one token-line a line', () => {
  const yaml = highlight('version: 1\n\nnodes: []', 'yaml');
  assert.equal(yaml.match(/class="token-line"/g)?.length, 3);
  assert.match(yaml, /<span class="token key atrule">version<\/span>/);
  assert.match(highlight('<?php $body = f();', 'php'), /<span class="token variable">\$body<\/span>/);
});

test('code is escaped, and a language Prism does not know is plain text', () => {
  assert.equal(highlight('a < b && c', 'text'), '<span class="token-line"><span class="token plain">a &lt; b &amp;&amp; c</span><br></span>');
});

test('every code block of a page gets its highlighted lines', () => {
  const code = {type: 'code', lang: 'yaml', meta: 'title="nodekeeper.yaml"', value: 'version: 1'};
  const tree = {type: 'root', children: [{type: 'blockquote', children: [code]}]};
  transform(tree, {path: 'docs/intro.md'});
  assert.equal(code.data.hProperties.highlightedHtml, highlight('version: 1', 'yaml'));
});

for (const [what, code] of [
  ['line highlighting in the meta', {meta: '{1,3}', value: 'a: 1'}],
  ['line numbers', {meta: 'showLineNumbers', value: 'a: 1'}],
  ['a highlight comment', {meta: null, value: '# highlight-next-line\na: 1'}],
]) {
  test(`a code block with ${what} fails the build, naming the file and line`, () => {
    const tree = {type: 'root', children: [{type: 'code', lang: 'yaml', position: {start: {line: 12}}, ...code}]};
    assert.throws(() => transform(tree, {path: 'docs/projects/yaml.md'}), /^Error: docs\/projects\/yaml\.md:12: this code block asks for line highlighting or line numbers/);
  });
}

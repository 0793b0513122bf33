import assert from 'node:assert/strict';
import {test} from 'node:test';
import {buildWith, edit} from './site-copy.mjs';

test('front matter that is not YAML fails the build, naming the file', async () => {
  const {code, output} = await buildWith((site) =>
    edit(site, 'docs/intro.md', 'title: Introduction', 'title: [Introduction'),
  );
  assert.notEqual(code, 0);
  assert.match(output, /Error while parsing Markdown front matter/);
  assert.match(
    output,
    /Can't process doc metadata for doc at path path=\S*docs\/intro\.md/,
  );
});

test('a front matter value of the wrong type fails the build, naming the field and the file', async () => {
  const {code, output} = await buildWith((site) =>
    edit(
      site,
      'docs/intro.md',
      'sidebar_position: 1',
      'sidebar_position: first',
    ),
  );
  assert.notEqual(code, 0);
  assert.match(output, /"sidebar_position" must be a number/);
  assert.match(
    output,
    /Can't process doc metadata for doc at path path=\S*docs\/intro\.md/,
  );
});

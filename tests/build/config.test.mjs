import assert from 'node:assert/strict';
import {test} from 'node:test';
import {buildWith, edit} from './site-copy.mjs';

test('a navbar item of an unknown type fails the build, naming the item', async () => {
  const {code, output} = await buildWith((site) =>
    edit(
      site,
      'docusaurus.config.ts',
      "type: 'docSidebar',",
      "type: 'docSidebarr',",
    ),
  );
  assert.notEqual(code, 0);
  assert.match(output, /Bad navbar item type docSidebarr/);
  assert.match(output, /label: 'navbar\.items\[0\]'/);
});

test('a sidebar naming a doc that does not exist fails the build, naming the sidebar file and the doc', async () => {
  const {code, output} = await buildWith((site) =>
    edit(
      site,
      'sidebars.ts',
      'tutorialSidebar: [',
      "tutorialSidebar: [\n    'projects/missing-doc',",
    ),
  );
  assert.notEqual(code, 0);
  assert.match(output, /Invalid sidebar file at "sidebars\.ts"/);
  assert.match(
    output,
    /These sidebar document ids do not exist:[\s\S]*- projects\/missing-doc/,
  );
});

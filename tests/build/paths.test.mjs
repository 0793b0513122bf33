import assert from 'node:assert/strict';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {test} from 'node:test';
import {buildWith} from './site-copy.mjs';

test('a page whose path has a capital letter fails the build, naming the path', async () => {
  const {code, output} = await buildWith((site) =>
    writeFile(
      path.join(site, 'src/pages/Release-Notes.md'),
      '# Release notes\n',
    ),
  );
  assert.notEqual(code, 0);
  assert.match(
    output,
    /These pages' paths have capital letters: \/Release-Notes\./,
  );
});

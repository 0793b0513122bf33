import assert from 'node:assert/strict';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {test} from 'node:test';
import {buildWith} from './site-copy.mjs';

test('a page whose path has a capital letter is built, as in stock Docusaurus, with a warning naming its file and path', async () => {
  const {code, output} = await buildWith((site) =>
    writeFile(
      path.join(site, 'src/pages/Release-Notes.md'),
      '# Release notes\n',
    ),
  );
  assert.equal(code, 0, output);
  assert.match(
    output,
    /\[WARNING\] src\/pages\/Release-Notes\.md: the page's path \/Release-Notes has capital letters/,
  );
});

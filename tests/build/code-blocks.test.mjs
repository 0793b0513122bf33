import assert from 'node:assert/strict';
import {test} from 'node:test';
import {append, buildWith} from './site-copy.mjs';

// The code-blocks plugin's own tests (tests/unit/code-blocks.test.mjs) hold
// each mistake to its message; this one shows that a real build stops on one,
// naming the file and the line.

test('a code block with a line range that does not parse fails the build, naming the file and line', async () => {
  const {code, output} = await buildWith((site) =>
    append(site, 'docs/intro.md', '\n```yaml {a}\nversion: 1\n```\n'),
  );
  assert.notEqual(code, 0);
  assert.match(
    output,
    /docs\/intro\.md:\d+: code block: \{a\} is not a line range/,
  );
});

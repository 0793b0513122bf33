import assert from 'node:assert/strict';
import {test} from 'node:test';
import {readMarkdown, section} from '../docs/markdown.mjs';

// A 1.x release never changes what an exit code means, except where the CLI
// reference and the changelog both say so: a pinned CI job reads the codes.
const changelog = readMarkdown('docs/operations/changelog.md');
const cliReference = readMarkdown('docs/projects/cli.md');

/** @param {string} heading */
const release = (heading) => (section(changelog, heading) ?? []).join('\n');

test('a --bind that would move a binding exits 7 from the release that brought --bind', () => {
  const brought = release('1.5, 2 December 2026');
  assert.match(brought, /`nodekeeper secrets set NAME --bind TARGET`/);
  assert.match(
    brought,
    /a `--bind` other than its binding exits with `7`/,
    'the release that brought --bind gives its mismatch exit code 7',
  );
  assert.doesNotMatch(changelog, /other than its binding exits with `3`/);
  assert.match(
    release('1.6, 2 December 2026'),
    /`nodekeeper plan`, `apply` and `rollback` exit with `7` when a secret would go where it is not bound, as `secrets set` does since 1.5/,
  );
});

test('the exception to unchanged exit codes is stated alike in the CLI reference and the changelog', () => {
  assert.match(
    cliReference,
    /never changes what an exit code means, except to give one of its causes a code of its own: since 1\.6, a secret that `plan`, `apply` or `rollback` would send where it is not bound exits `7`, where older releases exit `3`/,
  );
  assert.match(
    changelog,
    /keeps the commands, flags, keys and exit codes of the releases before it, except that 1\.6 gave a secret that `plan`, `apply` or `rollback` would send where it is not bound a code of its own, `7`, where older releases exit `3`/,
  );
});

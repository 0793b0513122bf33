import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {markdownFiles, readMarkdown} from '../docs/markdown.mjs';

// src/product.ts is the one place for the product's addresses. Pages that
// write one out must use it as product.ts has it, so that changing it there
// and searching for the old value finds every page to update.
const product = readFileSync('src/product.ts', 'utf8');
const addresses = [...product.matchAll(/^\s+\w+: '(https:\/\/[^']+)'/gm)].map((match) => match[1]);
const files = [...markdownFiles('docs'), ...markdownFiles('src/pages'), 'README.md', 'CONTRIBUTING.md'];
const productAddress = /https:\/\/(?:[\w-]+\.)*nodekeeper\.example[^\s)"'`<>|]*|https:\/\/(?:github\.com|discord\.gg|x\.com)\/nodekeeper[^\s)"'`<>|]*/g;

test('src/product.ts lists the product addresses', () => {
  assert.ok(addresses.length >= 5, `found ${addresses.join(', ')}`);
});

test('every product address in the pages starts with one from src/product.ts', () => {
  const problems = files.flatMap((file) =>
    readMarkdown(file)
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(productAddress)]
          .map((match) => match[0])
          .filter((url) => !addresses.some((address) => url === address || url.startsWith(`${address}/`)))
          .map((url) => `${file}:${index + 1}: ${url} is not an address from src/product.ts`),
      ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

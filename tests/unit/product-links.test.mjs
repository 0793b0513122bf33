import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {product} from '../../src/product.mjs';
import {markdownFiles, readMarkdown} from '../docs/markdown.mjs';

// src/product.mjs is the one place for the product's addresses. Pages that
// write one out must use it as product.mjs has it, so that changing it there
// and searching for the old value finds every page to update.
const addresses = Object.values(product).filter((value) =>
  String(value).startsWith('https://'),
);
/** Every host and mail address of src/product.mjs under nodekeeper.example. */
const productNames = Object.values(product).flatMap((value) => {
  const name = String(value).match(/^(?:https:\/\/)?([\w@.-]+)/)?.[1] ?? '';
  return name.endsWith('nodekeeper.example') ? [name] : [];
});
const files = [
  ...markdownFiles('docs'),
  ...markdownFiles('src/pages'),
  'README.md',
  'CONTRIBUTING.md',
  'ARCHITECTURE.md',
  'HOSTING.md',
];
const productAddress =
  /https:\/\/(?:[\w-]+\.)*nodekeeper\.example[^\s)"'`<>|]*|https:\/\/(?:github\.com|discord\.gg|x\.com)\/nodekeeper[^\s)"'`<>|]*/g;

test('src/product.mjs lists the product addresses', () => {
  assert.ok(addresses.length >= 5, `found ${addresses.join(', ')}`);
});

test('every product address in the pages starts with one from src/product.mjs', () => {
  const problems = files.flatMap((file) =>
    readMarkdown(file)
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(productAddress)]
          .map((match) => match[0])
          .filter(
            (url) =>
              !addresses.some(
                (address) => url === address || url.startsWith(`${address}/`),
              ),
          )
          .map(
            (url) =>
              `${file}:${index + 1}: ${url} is not an address from src/product.mjs`,
          ),
      ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('every nodekeeper.example host or mail address in the pages and the schema is one from src/product.mjs', () => {
  assert.ok(
    productNames.includes('alerts@nodekeeper.example'),
    productNames.join(', '),
  );
  const names = /[\w@.-]*nodekeeper\.example\b/g;
  const problems = [...files, 'static/schemas/nodekeeper.schema.json'].flatMap(
    (file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          [...line.matchAll(names)]
            .map((match) => match[0])
            .filter((name) => !productNames.includes(name))
            .map(
              (name) =>
                `${file}:${index + 1}: ${name} is not a host or address of src/product.mjs`,
            ),
        ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('a host that src/product.mjs does not have is found', () => {
  const line =
    'See https://status2.nodekeeper.example or mail alerts@nodekeeper.example.';
  const found = [...line.matchAll(/[\w@.-]*nodekeeper\.example\b/g)]
    .map((match) => match[0])
    .filter((name) => !productNames.includes(name));
  assert.deepEqual(found, ['status2.nodekeeper.example']);
});

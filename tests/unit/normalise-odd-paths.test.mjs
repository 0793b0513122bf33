import assert from 'node:assert/strict';
import {test} from 'node:test';
import {normalisedPath} from '../../plugins/normalise-odd-paths/index.mjs';

test('paths the router can take are left alone', () => {
  for (const path of ['/', '/docs/intro', '/docs/intro/', '/docs/%C3%BCn%C3%AFc%C3%B8d%C3%A9', '/docs/a%25b', '/sub/docs/intro']) {
    assert.equal(normalisedPath(path), path);
  }
});

test('encoded and doubled slashes become single slashes', () => {
  assert.equal(normalisedPath('/docs%2Fintro'), '/docs/intro');
  assert.equal(normalisedPath('/docs%2fintro%2F'), '/docs/intro/');
  assert.equal(normalisedPath('/docs//intro'), '/docs/intro');
  assert.equal(normalisedPath('//docs///projects//yaml'), '/docs/projects/yaml');
  assert.equal(normalisedPath('/%2F%2Fevil.example'), '/evil.example');
});

test('a malformed percent escape becomes a literal percent sign', () => {
  assert.equal(normalisedPath('/docs/%'), '/docs/%25');
  assert.equal(normalisedPath('/docs/100%'), '/docs/100%25');
  assert.equal(normalisedPath('/docs/%zz'), '/docs/%25zz');
  assert.equal(normalisedPath('/docs/%E0%A4%A'), '/docs/%25E0%25A4%25A');
  for (const path of ['/docs/%', '/docs/%E0%A4%A', '/docs/%ZZ%2F%']) {
    assert.doesNotThrow(() => decodeURI(normalisedPath(path)), path);
  }
});

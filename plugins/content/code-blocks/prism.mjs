// The Prism that prism-react-renderer ships, with the site's extra languages
// registered on it, for highlighting when the site is built; and the list of
// Prism's component files those languages need, in load order, for the
// browser's copy (index.mjs writes it as a module).
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
const {Prism} = require('prism-react-renderer');
/** @type {typeof import('prismjs/components')} */
const prismComponents = require('prismjs/components.js');
/** @type {typeof import('prismjs/dependencies')} */
const loadOrder = require('prismjs/dependencies.js');

/**
 * The Prism component ids that `languages` need and Prism does not have yet, dependencies first.
 * @param {string[]} languages
 * @returns {string[]}
 */
export function componentsFor(languages) {
  const loaded = Object.keys(prismComponents.languages).filter(
    (id) => id !== 'meta' && id in Prism.languages,
  );
  const unknown = languages.filter(
    (language) => !(language in prismComponents.languages),
  );
  if (unknown.length > 0) {
    throw new Error(
      `code-blocks: Prism has no language ${unknown.map((name) => `"${name}"`).join(', ')} (additionalLanguages)`,
    );
  }
  return loadOrder(prismComponents, languages, loaded)
    .getIds()
    .filter((id) => !(id in Prism.languages));
}

/**
 * prism-react-renderer's Prism with `languages` added; Prism's component files need it as a global while they load.
 * @param {string[]} languages
 * @returns {typeof import('prism-react-renderer').Prism}
 */
export function prismWith(languages) {
  const before = globalThis.Prism;
  globalThis.Prism = Prism;
  try {
    for (const id of componentsFor(languages))
      require(`prismjs/components/prism-${id}.js`);
  } finally {
    if (before === undefined) Reflect.deleteProperty(globalThis, 'Prism');
    else globalThis.Prism = before;
  }
  return Prism;
}

// Docusaurus puts `window.docusaurus` (`prefetch`, `preload`) on the page and
// freezes it before the first render; links prefetch and preload through it.
// A part that changes what they do gets a copy of the object on the first
// route update, with its own functions over the ones it finds: wrappers
// compose in any order. (test/canary.test.mjs: links still call it.)
import type {ClientModule} from '@docusaurus/types';

type DocusaurusGlobal = Window['docusaurus'];

/**
 * A client module that replaces some of `window.docusaurus`'s functions once,
 * on the first route update, with what `wrap` makes of the current ones.
 */
export function wrappingDocusaurusGlobal(
  wrap: (current: DocusaurusGlobal) => Partial<DocusaurusGlobal>,
): ClientModule {
  let wrapped = false;
  return {
    onRouteDidUpdate() {
      if (wrapped) return;
      wrapped = true;
      window.docusaurus = {...window.docusaurus, ...wrap(window.docusaurus)};
    },
  };
}

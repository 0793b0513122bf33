// Names the island of a code block's buttons for every page: a page whose
// content is static HTML loads no CodeBlock, and loads the buttons' code once
// a block nears the view. A block whose code scrolls sideways renders its
// buttons near the view: the theme's shows its word-wrap button then. A
// reader reaches them anywhere in the block, its title too: the theme shows
// the buttons while the pointer is over the whole block.
import {registerIsland} from '@nodekeeper/static-content/islands';

registerIsland(
  'CodeBlock/Buttons',
  () =>
    import('./theme/CodeBlock/Buttons').then((module) => module.ButtonsIsland),
  {
    renderNearView: (element) => {
      const pre = element.parentElement?.querySelector('pre');
      return pre ? pre.scrollWidth > pre.clientWidth : false;
    },
    area: (element) => element.closest('.theme-code-block'),
  },
);

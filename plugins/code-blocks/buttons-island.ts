// Names the island of a code block's buttons for every page: a page whose
// content is static HTML loads no CodeBlock, and loads the buttons' code once
// a block nears the view. A block whose code scrolls sideways renders its
// buttons near the view: the theme's shows its word-wrap button then.
import {registerIsland} from '@site/plugins/static-content/named-islands';

registerIsland(
  'CodeBlock/Buttons',
  () =>
    import('./theme/CodeBlock/Buttons').then((module) => module.ButtonsIsland),
  (element) => {
    const pre = element.parentElement?.querySelector('pre');
    return pre ? pre.scrollWidth > pre.clientWidth : false;
  },
);

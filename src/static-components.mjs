// The site's statement of its own components that the MDX components render
// and that are static: they render the same markup on the server as in the
// browser, and what runs in the browser in them is an island of their own
// (@nodekeeper/static-content reads the theme and takes this list as its
// `staticComponents` option; packages/static-content/test/theme.test.mjs pins
// each file, so that an edit to one is read again before it stays listed).
// A file's path from the site's folder names the component as a whole;
// `file#element` names the file's own entry for that element of the MDX
// components.
export default [
  // A table that takes focus, to scroll from the keyboard: no state.
  'src/theme/MDXComponents.tsx#table',
  // Code highlighted by the build; its buttons are a named island.
  'plugins/content/code-blocks/theme/CodeBlock/index.tsx',
];

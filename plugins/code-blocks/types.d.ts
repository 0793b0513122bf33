// The browser's Prism with the site's extra languages, a module index.mjs writes.
declare module '@code-blocks/prism' {
  import type {Prism} from 'prism-react-renderer';

  const prism: typeof Prism;
  export default prism;
  /** The token types the site's code themes style. */
  export const styledTypes: ReadonlySet<string>;
}

// The browser's Prism with the site's extra languages, a module index.mjs writes.
declare module '@code-blocks/prism' {
  import type {Prism} from 'prism-react-renderer';

  const prism: typeof Prism;
  export default prism;
  /** The style classes of each token type (../themes.mjs). */
  export const typeClasses: Record<string, Record<string, string>>;
}

// The browser's Prism with the site's extra languages, a module index.mjs writes.
declare module '@code-blocks/prism' {
  import type {Prism} from 'prism-react-renderer';

  const prism: typeof Prism;
  export default prism;
  /** The style classes of each token type (../themes.mjs). */
  export const typeClasses: Record<string, Record<string, string>>;
}

// ../server-lines.ts in the server's bundle; in the browser's, an empty
// module (index.mjs), so that no page loads Prism with its CodeBlock.
declare module '@code-blocks/server-lines' {
  export const serverLines:
    typeof import('./server-lines').serverLines | undefined;
}

// The lines of code the build did not highlight (a <CodeBlock> whose code
// is only known as the page renders), highlighted by the server's render as
// the theme's CodeBlock highlights them there. Only the server's bundle has
// this module and Prism with it: index.mjs gives the browser's build none.
import prism, {typeClasses} from '@code-blocks/prism';
import {highlightedLines} from './lines.mjs';

type Options = Omit<Parameters<typeof highlightedLines>[2], 'typeClasses'>;

export const serverLines = (code: string, options: Options): string =>
  highlightedLines(prism, code, {...options, typeClasses});

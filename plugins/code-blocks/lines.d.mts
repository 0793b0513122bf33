// The types of lines.mjs, for the theme's TypeScript.
import type {Prism} from 'prism-react-renderer';

export function highlightedLines(
  prism: typeof Prism,
  code: string,
  options: {
    language: string;
    lineClassNames: Record<number, string[]>;
    firstLineNumber: number | undefined;
  },
): string;

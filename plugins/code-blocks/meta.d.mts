// The types of meta.mjs, for the theme's TypeScript.
export const plainLanguages: string[];
export function withoutTitle(metastring: string | undefined): string;
export function firstLineNumber(
  metastring: string | undefined,
  showLineNumbers?: boolean | number,
): number | undefined;

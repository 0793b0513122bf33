/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * (Docusaurus's source tree: node_modules/@docusaurus/theme-classic/LICENSE.)
 */
// Replaces the theme's CodeBlock, which highlights in the browser: here the
// lines come highlighted from the build (../../remark.mjs) as HTML, so no
// highlighter loads. The markup, title, copy and word-wrap buttons are the
// theme's; colours are CSS (../../code-blocks.css), so dark mode needs no
// second render. Code only known as the page renders (a partial's props, a
// component's, an expression) is highlighted by the server's render, as the
// theme's is, and the browser keeps those lines; where it has none (the code
// changed in the browser, `npm start`), a chunk of its own
// (./HighlightedLines) highlights it there.
import {
  Children,
  isValidElement,
  lazy,
  Suspense,
  type ComponentProps,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {ThemeClassNames, useThemeConfig} from '@docusaurus/theme-common';
import {
  containsLineNumbers,
  parseCodeBlockTitle,
  parseLanguage,
  parseLines,
  useCodeWordWrap,
} from '@docusaurus/theme-common/internal';
import type {Props as ThemeProps} from '@theme/CodeBlock';
import {serverLines} from '@code-blocks/server-lines';
import {
  StaticIsland,
  useBuiltHtml,
  useIsStatic,
} from '@nodekeeper/static-content/runtime';
import {linesKey} from '../../lines-key.mjs';
import {firstLineNumber, withoutTitle} from '../../meta.mjs';
import Buttons from './Buttons';
import styles from './styles.module.css';

const HighlightedLines = lazy(() => import('./HighlightedLines'));

// Code whose lines the page lacks shows as it is, and is highlighted once
// the page has hydrated and the highlighter has loaded. Not while hydrating:
// a boundary still waiting for its chunk then would be thrown away by React
// at the first update of a context above it.
function HighlightedInBrowser(
  props: ComponentProps<typeof HighlightedLines>,
): ReactNode {
  const isBrowser = useIsBrowser();
  const asItIs = <code className={styles.lines}>{props.code}</code>;
  if (!isBrowser) return asItIs;
  return (
    <Suspense fallback={asItIs}>
      <HighlightedLines {...props} />
    </Suspense>
  );
}

/**
 * The lines of code the build did not highlight: made by the server's
 * render and marked with their key, then, where the browser renders the
 * block anew (an island, a page hydrated whole), the lines the page came
 * with, so that a first load and a click show what stock shows, with no
 * highlighter loaded.
 */
function RenderedLines(
  props: ComponentProps<typeof HighlightedLines>,
): ReactNode {
  const {className, code, ...options} = props;
  const key = linesKey(code, options);
  const built = useBuiltHtml(key) ?? serverLines?.(code, options);
  if (built === undefined) return <HighlightedInBrowser {...props} />;
  return (
    <code
      className={className}
      data-built-html={key}
      dangerouslySetInnerHTML={{__html: built}}
    />
  );
}

type Props = Omit<ThemeProps, 'showLineNumbers'> & {
  /** Line numbers; a number is the first line's. */
  readonly showLineNumbers?: boolean | number;
  /** The lines as HTML, when the build highlighted them. */
  readonly highlightedHtml?: string;
};

/**
 * The code as one string, read as the theme's CodeBlock reads its children:
 * unless one of them is an element, they are joined (an empty one adds
 * nothing, a number its digits).
 */
function codeOf(children: ReactNode): string | undefined {
  if (Children.toArray(children).some((child) => isValidElement(child)))
    return undefined;
  const code = Array.isArray(children) ? children.join('') : children;
  return typeof code === 'string' ? code : undefined;
}

/** The first line's number; the build has told the writer about one that is not a whole number. */
function startOfNumbering(
  metastring: string | undefined,
  showLineNumbers: boolean | number | undefined,
): number {
  const start = firstLineNumber(metastring, showLineNumbers) ?? 1;
  return Number.isNaN(start) ? 1 : start;
}

export default function CodeBlock({
  children,
  className,
  metastring,
  title,
  language: languageProp,
  showLineNumbers,
  highlightedHtml,
}: Props): ReactNode {
  const {prism} = useThemeConfig();
  const wordWrap = useCodeWordWrap();
  const isStatic = useIsStatic();
  const rawCode = codeOf(children);
  const language = (
    languageProp ??
    parseLanguage(className ?? '') ??
    'text'
  ).toLowerCase();
  const blockTitle = parseCodeBlockTitle(metastring) || title;
  const numbered =
    showLineNumbers === undefined
      ? containsLineNumbers(metastring)
      : showLineNumbers !== false;
  // Highlighted by the build, the code has no magic comments left: parsing it
  // again only matters for code highlighted here.
  const {code, lineClassNames} =
    rawCode === undefined || highlightedHtml !== undefined
      ? {code: rawCode?.replace(/\n$/, '') ?? '', lineClassNames: {}}
      : parseLines(rawCode, {
          metastring: withoutTitle(metastring),
          language,
          magicComments: prism.magicComments,
        });
  const linesClassName = clsx(
    styles.lines,
    numbered && styles.linesWithNumbers,
  );

  let lines: ReactNode;
  if (highlightedHtml !== undefined) {
    lines = (
      <code
        className={linesClassName}
        dangerouslySetInnerHTML={{__html: highlightedHtml}}
      />
    );
  } else if (rawCode === undefined) {
    lines = <code className={styles.lines}>{children}</code>;
  } else {
    lines = (
      <RenderedLines
        className={linesClassName}
        code={code}
        language={language}
        lineClassNames={lineClassNames}
        firstLineNumber={
          numbered ? startOfNumbering(metastring, showLineNumbers) : undefined
        }
      />
    );
  }

  return (
    <div
      className={clsx(
        className,
        `language-${language}`,
        styles.container,
        ThemeClassNames.common.codeBlock,
      )}>
      {blockTitle && <div className={styles.title}>{blockTitle}</div>}
      <div className={styles.content}>
        <pre
          tabIndex={0}
          ref={wordWrap.codeBlockRef}
          className={clsx(
            'prism-code',
            `language-${language}`,
            styles.code,
            'thin-scrollbar',
          )}>
          {lines}
        </pre>
        {isStatic ? (
          <StaticIsland name="CodeBlock/Buttons">
            <Buttons code={code} wordWrap={wordWrap} />
          </StaticIsland>
        ) : (
          <Buttons code={code} wordWrap={wordWrap} />
        )}
      </div>
    </div>
  );
}

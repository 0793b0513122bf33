/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * (Docusaurus's source tree: node_modules/@docusaurus/theme-classic/LICENSE.)
 */
// Ejected and rewritten: code is highlighted when the site is built
// (plugins/build-time-highlighting), so a code block shows the lines it is
// given as HTML, and the browser loads and runs no highlighter. The markup and
// the title, copy and word-wrap buttons are the theme's; colours come from CSS
// (src/css/custom.css), so dark mode needs no second render.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {parseCodeBlockTitle, useCodeWordWrap} from '@docusaurus/theme-common/internal';
import CopyButton from '@theme/CodeBlock/CopyButton';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
import type {Props as ThemeProps} from '@theme/CodeBlock';
import styles from './styles.module.css';

type Props = ThemeProps & {
  /** The highlighted lines, from plugins/build-time-highlighting; absent, the code shows as plain text. */
  highlightedHtml?: string;
};

export default function CodeBlock({
  children,
  className,
  metastring,
  title,
  language,
  highlightedHtml,
}: Props): ReactNode {
  const wordWrap = useCodeWordWrap();
  const code = typeof children === 'string' ? children.replace(/\n$/, '') : '';
  const languageName = language ?? /\blanguage-(\S+)/.exec(className ?? '')?.[1] ?? 'text';
  const blockTitle = parseCodeBlockTitle(metastring) || title;
  return (
    <div
      className={clsx(
        className,
        `language-${languageName}`,
        styles.container,
        ThemeClassNames.common.codeBlock,
      )}>
      {blockTitle && <div className={styles.title}>{blockTitle}</div>}
      <div className={styles.content}>
        <pre
          tabIndex={0}
          ref={wordWrap.codeBlockRef}
          className={clsx('prism-code', `language-${languageName}`, styles.code, 'thin-scrollbar')}>
          {highlightedHtml === undefined ? (
            <code className={styles.lines}>{typeof children === 'string' ? code : children}</code>
          ) : (
            <code className={styles.lines} dangerouslySetInnerHTML={{__html: highlightedHtml}} />
          )}
        </pre>
        <div className={styles.buttonGroup}>
          {(wordWrap.isEnabled || wordWrap.isCodeScrollable) && (
            <WordWrapButton
             
              onClick={() => wordWrap.toggle()}
              isEnabled={wordWrap.isEnabled}
            />
          )}
          {code !== '' && <CopyButton code={code} />}
        </div>
      </div>
    </div>
  );
}

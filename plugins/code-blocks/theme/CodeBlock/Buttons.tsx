/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * (Docusaurus's source tree: node_modules/@docusaurus/theme-classic/LICENSE.)
 */
// The copy and word-wrap buttons of a code block, with the theme's own
// buttons. In static content (plugins/static-content) the block is HTML and
// its buttons an island, ButtonsIsland, which ../../buttons-island.ts names.
import {useLayoutEffect, type MutableRefObject, type ReactNode} from 'react';
import {useCodeWordWrap} from '@docusaurus/theme-common/internal';
import CopyButton from '@theme/CodeBlock/CopyButton';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
import styles from './styles.module.css';

type WordWrap = ReturnType<typeof useCodeWordWrap>;

export default function Buttons({
  code,
  wordWrap,
}: {
  readonly code: string;
  readonly wordWrap: WordWrap;
}): ReactNode {
  return (
    <div className={styles.buttonGroup}>
      {(wordWrap.isEnabled || wordWrap.isCodeScrollable) && (
        <WordWrapButton
          onClick={() => wordWrap.toggle()}
          isEnabled={wordWrap.isEnabled}
        />
      )}
      {code !== '' && <CopyButton code={code} />}
    </div>
  );
}

/** The buttons of a block that is HTML: the code is read from its lines. */
export function ButtonsIsland({
  element,
}: {
  readonly element: Element;
}): ReactNode {
  const wordWrap = useCodeWordWrap();
  const pre = element.closest(`.${styles.content}`)?.querySelector('pre');
  useLayoutEffect(() => {
    (wordWrap.codeBlockRef as MutableRefObject<HTMLPreElement | null>).current =
      pre ?? null;
  });
  const lines = pre?.querySelectorAll('.token-line') ?? [];
  const code =
    lines.length > 0
      ? Array.from(lines, (line) => line.textContent).join('\n')
      : (pre?.textContent ?? '');
  return <Buttons code={code} wordWrap={wordWrap} />;
}

/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * (Docusaurus's source tree: node_modules/@docusaurus/theme-classic/LICENSE.)
 */
// The copy and word-wrap buttons of a code block, with the theme's own
// buttons. In static content (packages/static-content) the block is HTML and
// its buttons an island, ButtonsIsland, which ../../buttons-island.ts names.
import {
  useLayoutEffect,
  useState,
  type MutableRefObject,
  type ReactNode,
} from 'react';
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

/**
 * Whether the code of `pre` scrolls sideways, measured as the browser lays
 * it out and again each time its size or its code's changes (a reader's
 * wrap among them). The theme measures once as the block renders, and again
 * as the window resizes; an island may render before the browser
 * has laid its block out (content it skips out of view: WebKit's journey
 * after a navigation missed the button so), and the block's width may
 * change with no resize of the window.
 */
function useScrollsSideways(pre: HTMLPreElement | null): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    if (!pre) return undefined;
    const observer = new ResizeObserver(() =>
      setScrolls(pre.scrollWidth > pre.clientWidth),
    );
    observer.observe(pre);
    const code = pre.querySelector('code');
    if (code) observer.observe(code);
    return () => observer.disconnect();
  }, [pre]);
  return scrolls;
}

/** The buttons of a block that is HTML: the code is read from its lines. */
export function ButtonsIsland({
  element,
}: {
  readonly element: Element;
}): ReactNode {
  const wordWrap = useCodeWordWrap();
  const pre =
    element.closest(`.${styles.content}`)?.querySelector('pre') ?? null;
  useLayoutEffect(() => {
    (wordWrap.codeBlockRef as MutableRefObject<HTMLPreElement | null>).current =
      pre;
  });
  const scrollsSideways = useScrollsSideways(pre);
  const lines = pre?.querySelectorAll('.token-line') ?? [];
  const code =
    lines.length > 0
      ? Array.from(lines, (line) => line.textContent).join('\n')
      : (pre?.textContent ?? '');
  return (
    <Buttons
      code={code}
      wordWrap={{...wordWrap, isCodeScrollable: scrollsSideways}}
    />
  );
}

// Wrapped to give the table of contents a heading and a way back to the top.
import type {ReactNode} from 'react';
import TOC from '@theme-original/TOC';
import type {Props} from '@theme/TOC';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

function scrollToTop(): void {
  const reduceMotion = window.matchMedia(
    '(prefers-reduced-motion: reduce)',
  ).matches;
  window.scrollTo({top: 0, behavior: reduceMotion ? 'auto' : 'smooth'});
}

export default function TOCWrapper(props: Props): ReactNode {
  const heading = translate({
    id: 'theme.TOC.heading',
    message: 'On this page',
    description: 'The heading above the table of contents',
  });
  return (
    <nav aria-label={heading} className={styles.toc}>
      <div className={styles.heading} aria-hidden="true">
        {heading}
      </div>
      <TOC {...props} />
      <button type="button" className={styles.backToTop} onClick={scrollToTop}>
        {translate({
          id: 'theme.TOC.backToTop',
          message: 'Back to top',
          description: 'The button below the table of contents',
        })}
      </button>
    </nav>
  );
}

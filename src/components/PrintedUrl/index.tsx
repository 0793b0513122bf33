// The page's address, shown on paper only: a printout has no navbar, sidebar
// or address bar to say where the page lives.
import type {ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import styles from './styles.module.css';

export default function PrintedUrl(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {permalink} = useDoc().metadata;
  // Not part of the doc's Markdown copy (data-markdown-ignore).
  return (
    <div className={styles.printedUrl} data-markdown-ignore="">
      {siteConfig.url + permalink}
    </div>
  );
}

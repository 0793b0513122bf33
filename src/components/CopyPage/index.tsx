// Offers a doc as Markdown: a button that copies the page's Markdown copy
// (written by plugins/outputs/llms-txt) and a link to that copy. Both are prerendered,
// so nothing moves when the page hydrates; the copy is fetched only when the
// button is pressed (a press before then is replayed: plugins/page-scripts/early-taps).
import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

/** The URL of the Markdown copy of the page at `permalink` (plugins/outputs/llms-txt's markdownPath). */
function markdownUrl(permalink: string): string {
  return permalink.endsWith('/') ? `${permalink}index.md` : `${permalink}.md`;
}

/** Puts the text at `url` on the clipboard, fetched while the click still counts as the reader's. */
async function copyFrom(url: string): Promise<void> {
  const text = fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.text();
  });
  // Safari allows a clipboard write only within the click: a ClipboardItem
  // takes the text still on its way.
  if (typeof ClipboardItem === 'function') {
    const blob = text.then(
      (markdown) => new Blob([markdown], {type: 'text/plain'}),
    );
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
  } else {
    await navigator.clipboard.writeText(await text);
  }
}

export default function CopyPage(): ReactNode {
  const {metadata} = useDoc();
  const [status, setStatus] = useState('');
  const url = markdownUrl(metadata.permalink);

  const copy = () => {
    setStatus('');
    copyFrom(url).then(
      () =>
        setStatus(
          translate({
            id: 'docs.copyPage.copied',
            message: 'Copied',
            description: 'Said once the page has been copied as Markdown',
          }),
        ),
      () =>
        setStatus(
          translate({
            id: 'docs.copyPage.failed',
            message: 'Copy failed',
            description: 'Said when the page could not be copied as Markdown',
          }),
        ),
    );
  };

  return (
    <div className={clsx('theme-doc-copy-page', styles.copyPage)}>
      <button type="button" className={styles.control} onClick={copy}>
        {translate({
          id: 'docs.copyPage.button',
          message: 'Copy page',
          description: 'The button that copies a doc as Markdown',
        })}
      </button>
      {/* A file, not a route: pathname:// keeps the router out of it. */}
      <Link
        className={styles.control}
        to={`pathname://${url}`}
        target="_self"
        type="text/markdown">
        {translate({
          id: 'docs.copyPage.link',
          message: 'View as Markdown',
          description: 'The link to the Markdown copy of a doc',
        })}
      </Link>
      <span role="status" className={styles.status}>
        {status}
      </span>
    </div>
  );
}

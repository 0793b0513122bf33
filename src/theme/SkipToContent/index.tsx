// Wrapped to keep focus on the main content after the skip link: the theme
// focuses <main> and then removes the tabindex that let it take focus, and
// current Chromium drops focus to <body> when that happens.
import type {MouseEvent, ReactNode} from 'react';
import SkipToContent from '@theme-original/SkipToContent';
import type SkipToContentType from '@theme/SkipToContent';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof SkipToContentType>;

function keepFocusOnMain(event: MouseEvent): void {
  if (!(event.target instanceof Element) || !event.target.closest('a')) return;
  const main = document.querySelector<HTMLElement>('main:first-of-type');
  if (main) {
    main.tabIndex = -1;
    main.focus();
  }
}

export default function SkipToContentWrapper(props: Props): ReactNode {
  return (
    // The click is the skip link's, from the mouse or the keyboard alike.
    <div role="presentation" onClick={keepFocusOnMain}>
      <SkipToContent {...props} />
    </div>
  );
}

// Wrapped to give the date's itemprop="dateModified" the item it describes
// (the page: an itemprop with no itemscope around it is invalid HTML), and to
// show the line the build wrote: a first load keeps it as it came, and a
// followed link puts in the line from the page its content came with.
import {useState, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import LastUpdated from '@theme-original/LastUpdated';
import type LastUpdatedType from '@theme/LastUpdated';
import type {WrapperProps} from '@docusaurus/types';
import {builtInner} from '@nodekeeper/static-content/pages';

type Props = WrapperProps<typeof LastUpdatedType>;

const pageItem = {itemScope: true, itemType: 'https://schema.org/WebPage'};
/** The opening tag the build writes for `pageItem`. */
const pageItemOpening = `<span itemscope itemtype="${pageItem.itemType}">`;

export default function LastUpdatedWrapper(props: Props): ReactNode {
  // Keyed by what the line says: a page that says something else renders anew.
  return (
    <PageLastUpdated
      key={`${props.lastUpdatedAt}:${props.lastUpdatedBy}`}
      {...props}
    />
  );
}

/**
 * The line the build wrote: empty while React hydrates the build's HTML,
 * which it then keeps; after a followed link, the next page's, if it has come
 * and gives the same date; undefined otherwise.
 *
 * Formatting the date loads the browser's date formats, some 25 ms of main
 * thread on a fast computer the first time, in the middle of hydration or of
 * a click: the build has formatted it already.
 */
function builtLine(props: Props, isBrowser: boolean): string | undefined {
  if (!ExecutionEnvironment.canUseDOM) return undefined;
  if (!isBrowser) return '';
  const line = builtInner(window.location.pathname, pageItemOpening);
  return props.lastUpdatedAt !== undefined &&
    line?.includes(`datetime="${new Date(props.lastUpdatedAt).toISOString()}"`)
    ? line
    : undefined;
}

function PageLastUpdated(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const [built] = useState(() => builtLine(props, isBrowser));
  if (built !== undefined)
    return (
      <span
        {...pageItem}
        dangerouslySetInnerHTML={{__html: built}}
        suppressHydrationWarning
      />
    );
  return (
    <span {...pageItem}>
      <LastUpdated {...props} />
    </span>
  );
}

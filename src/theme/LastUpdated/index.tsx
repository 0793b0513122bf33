// Wrapped to give the date's itemprop="dateModified" the item it describes
// (the page: an itemprop with no itemscope around it is invalid HTML), and to
// keep the line as the build wrote it on a page's first load.
import {useState, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import LastUpdated from '@theme-original/LastUpdated';
import type LastUpdatedType from '@theme/LastUpdated';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof LastUpdatedType>;

const pageItem = {itemScope: true, itemType: 'https://schema.org/WebPage'};

export default function LastUpdatedWrapper(props: Props): ReactNode {
  // Keyed by what the line says: a page that says something else renders anew.
  return (
    <PageLastUpdated
      key={`${props.lastUpdatedAt}:${props.lastUpdatedBy}`}
      {...props}
    />
  );
}

function PageLastUpdated(props: Props): ReactNode {
  // Formatting the date loads the browser's date formats, some 30 ms of main
  // thread in the middle of hydration: while React hydrates the build's HTML
  // it keeps the line it finds there, as it does the static content.
  const isBrowser = useIsBrowser();
  const [hydrating] = useState(ExecutionEnvironment.canUseDOM && !isBrowser);
  if (hydrating)
    return (
      <span
        {...pageItem}
        dangerouslySetInnerHTML={{__html: ''}}
        suppressHydrationWarning
      />
    );
  return (
    <span {...pageItem}>
      <LastUpdated {...props} />
    </span>
  );
}

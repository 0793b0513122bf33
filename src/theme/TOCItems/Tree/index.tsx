// Wrapped so that a first load keeps the list of the table of contents beside
// the doc as the build wrote it: React does not hydrate its links (a long doc
// has a hundred or more, which a phone removes as soon as it has hydrated
// them), and the active heading's highlight follows them as they are.
import {useState, type ReactNode} from 'react';
import Tree from '@theme-original/TOCItems/Tree';
import type {Props} from '@theme/TOCItems/Tree';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** The class of the links the active heading's highlight follows: the table of contents beside the doc. */
const highlightedLink = 'toc-highlight';

export default function TreeWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // The tree this list hydrated with, if React is hydrating the build's HTML.
  const [hydratedToc] = useState(() =>
    ExecutionEnvironment.canUseDOM &&
    !isBrowser &&
    props.linkClassName?.split(' ').includes(highlightedLink)
      ? props.toc
      : undefined,
  );
  if (props.toc === hydratedToc && props.toc.length > 0)
    return (
      <ul
        className={props.className}
        dangerouslySetInnerHTML={{__html: ''}}
        suppressHydrationWarning
      />
    );
  return <Tree {...props} />;
}

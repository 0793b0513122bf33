// Wrapped so that the list of the table of contents beside a doc is the one
// the build wrote: a first load keeps it as it came, React not hydrating its
// links (a long doc has a hundred or more, which a phone removes as soon as
// it has hydrated them), and a followed link puts in the list from the page
// its content came with rather than rendering each link. The active
// heading's highlight follows them as they are.
import {useState, type ReactNode} from 'react';
import Tree from '@theme-original/TOCItems/Tree';
import type {Props} from '@theme/TOCItems/Tree';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {builtInner} from '@nodekeeper/static-content/pages';

/** The class of the links the active heading's highlight follows: the table of contents beside the doc. */
const highlightedLink = 'toc-highlight';

/** The number of headings, and so of links, in `toc`. */
function headings(toc: Props['toc']): number {
  return toc.reduce(
    (count, heading) => count + 1 + headings(heading.children),
    0,
  );
}

/**
 * The list the build wrote for `toc`: empty while React hydrates the build's
 * HTML, which it then keeps; after a followed link, the next page's, if it
 * has come and links as many headings; undefined otherwise.
 */
function builtHtml(props: Props, isBrowser: boolean): string | undefined {
  if (
    !ExecutionEnvironment.canUseDOM ||
    props.isChild ||
    !props.linkClassName?.split(' ').includes(highlightedLink)
  )
    return undefined;
  if (!isBrowser) return '';
  const html = builtInner(
    window.location.pathname,
    `<ul class="${props.className}">`,
  );
  return html?.split('<a ').length === headings(props.toc) + 1
    ? html
    : undefined;
}

export default function TreeWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // The tree the list was written for, and the list.
  const [built] = useState(() => {
    const html = builtHtml(props, isBrowser);
    return html === undefined ? undefined : {toc: props.toc, html};
  });
  if (built && props.toc === built.toc && props.toc.length > 0)
    return (
      <ul
        className={props.className}
        dangerouslySetInnerHTML={{__html: built.html}}
        suppressHydrationWarning
      />
    );
  return <Tree {...props} />;
}

// What a page whose content is static runs (see ../islands.mjs): its content
// as the HTML the build wrote, kept as it came on the first load and fetched
// with the route on a client-side navigation, with the islands in it rendered
// by React, in the page's React tree (its router, colour mode and storage).
import {
  createContext,
  createElement,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type SyntheticEvent,
  type ReactNode,
} from 'react';
import {createPortal} from 'react-dom';
import clsx from 'clsx';
import {matchPath, useHistory} from '@docusaurus/router';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import routes from '@generated/routes';
import type {RouteConfig} from 'react-router-config';
import {islandFor} from './named-islands';
import styles from './styles.module.css';

export {StaticIsland, registerIsland} from './named-islands';

/** Whether what renders here is static HTML in the browser, rather than React's. */
const StaticHtml = createContext(false);

/** Whether the component renders into content that the browser keeps as HTML. */
export function useIsStatic(): boolean {
  return useContext(StaticHtml);
}

/** The slots' HTML, read from the content before its islands replaced them. */
const Slots = createContext<ReadonlyMap<number, string>>(new Map());

/** Each page's content as it first came, for a return to it. */
const contentOf = new Map<string, string>();

/**
 * The HTML of a page's content, for a module evaluated when its route loads:
 * null on the first load, where the page holds it already; otherwise fetched
 * from the page. A page that no longer holds this content (a newer deploy)
 * fails the route's load, and Docusaurus loads the page in full.
 */
export async function loadStaticHtml(
  id: string,
  permalink: string,
): Promise<string | null> {
  if (!ExecutionEnvironment.canUseDOM) return null;
  if (contentOf.has(id) || document.querySelector(contentSelector(id)))
    return null;
  const response = await fetch(permalink, {headers: {Accept: 'text/html'}});
  if (!response.ok)
    throw new Error(`Loading ${permalink} failed: ${response.status}`);
  const page = new DOMParser().parseFromString(
    await response.text(),
    'text/html',
  );
  const content = page.querySelector(contentSelector(id));
  if (!content)
    throw new Error(`${permalink} has changed since this page loaded`);
  return content.innerHTML;
}

const contentSelector = (id: string) => `[data-static-content="${id}"]`;

type Mount = {element: Element; render: () => ReactNode};

/** The islands in `root` that React does not render yet, their prerendered markup taken out. */
function newIslands(
  root: Element,
  islands: readonly (() => ReactNode)[],
): Mount[] {
  return Array.from(
    root.querySelectorAll('nk-island:not([data-live])'),
    (element) => {
      const name = element.getAttribute('data-island') ?? '';
      const island = /^\d+$/.test(name)
        ? islands[Number(name)]
        : islandFor(name);
      // Inside an island taken out already: its own render brings it back.
      if (!island || !element.isConnected) return undefined;
      element.setAttribute('data-live', '');
      element.replaceChildren();
      return {element, render: () => island(element)};
    },
  ).filter((mount) => mount !== undefined);
}

/**
 * The route a path shows, if the site has one: a link to anything else (a
 * file under static/) loads as a page does.
 */
function isRoute(
  pathname: string,
  among: readonly RouteConfig[] = routes,
): boolean {
  return among.some(
    (route) =>
      route.path !== '*' &&
      matchPath(pathname, {path: route.path, exact: route.exact}) !== null &&
      (route.exact || isRoute(pathname, route.routes ?? [])),
  );
}

/** The path of a link in the content that the router can follow, if it is one. */
function routedLink(
  event: SyntheticEvent | {target: EventTarget | null},
): URL | undefined {
  const anchor =
    event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  if (
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download')
  )
    return undefined;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin || !isRoute(url.pathname))
    return undefined;
  return url;
}

type ContentProps = {
  readonly id: string;
  readonly className?: string;
  /** On the server: the content, its islands and slots marked. */
  readonly children?: ReactNode;
  /** In the browser: the content's HTML when it came with the route. */
  readonly html?: string | null;
  /** In the browser: each island, by number. */
  readonly islands?: readonly (() => ReactNode)[];
};

export function StaticContent({
  id,
  className,
  children,
  html,
  islands = [],
}: ContentProps): ReactNode {
  if (!ExecutionEnvironment.canUseDOM) {
    return (
      <div className={clsx(className, styles.content)} data-static-content={id}>
        <StaticHtml.Provider value>{children}</StaticHtml.Provider>
      </div>
    );
  }
  return (
    <BrowserContent
      key={id}
      id={id}
      className={className}
      html={html}
      islands={islands}
    />
  );
}

function BrowserContent({
  id,
  className,
  html,
  islands,
}: Required<Pick<ContentProps, 'id' | 'islands'>> &
  Pick<ContentProps, 'className' | 'html'>): ReactNode {
  const history = useHistory();
  const ref = useRef<HTMLDivElement>(null);
  // Empty on the first load: React then keeps the server's HTML as it is.
  const [initialHtml] = useState(() => html ?? contentOf.get(id) ?? '');
  const [slots] = useState(() => new Map<number, string>());
  const [mounts, setMounts] = useState<Mount[]>([]);

  // Before the browser paints: the islands' markup is replaced by React's
  // (first the outermost, then those their slots bring), and links route.
  useLayoutEffect(() => {
    const root = ref.current!;
    if (!contentOf.has(id)) contentOf.set(id, root.innerHTML);
    if (slots.size === 0)
      root.querySelectorAll('nk-slot[data-slot]').forEach((slot) => {
        slots.set(Number(slot.getAttribute('data-slot')), slot.innerHTML);
      });
    const found = newIslands(root, islands);
    if (found.length > 0) setMounts((current) => [...current, ...found]);
  });

  useLayoutEffect(() => {
    const root = ref.current!;
    if (!('IntersectionObserver' in window)) return undefined;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const url = routedLink({target: entry.target});
        if (url) window.docusaurus.prefetch(url.pathname);
      }
    });
    root.querySelectorAll('a[href]').forEach((anchor) => {
      observer.observe(anchor);
    });
    return () => observer.disconnect();
  }, []);

  const preload = (event: SyntheticEvent) => {
    const url = routedLink(event);
    if (url) window.docusaurus.preload(url.pathname);
  };
  const follow = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    const url = routedLink(event);
    if (!url) return;
    // A link to a place in this page scrolls as the browser does.
    if (url.pathname === window.location.pathname && url.hash) return;
    event.preventDefault();
    history.push(url.pathname + url.search + url.hash);
  };

  return (
    <Slots.Provider value={slots}>
      {/* The events are links' own, delegated: their anchors are in the HTML. */}
      <div
        ref={ref}
        className={clsx(className, styles.content)}
        data-static-content={id}
        dangerouslySetInnerHTML={{__html: initialHtml}}
        suppressHydrationWarning
        onClick={follow}
        onMouseOver={preload}
        onTouchStart={preload}
      />
      {mounts.map(({element, render}, index) =>
        createPortal(render(), element, String(index)),
      )}
    </Slots.Provider>
  );
}

/** Marks an island of the content: React renders it in the browser. */
export function Island({
  id,
  children,
}: {
  readonly id: number;
  readonly children: ReactNode;
}): ReactNode {
  return createElement(
    'nk-island',
    {'data-island': id},
    <StaticHtml.Provider value={false}>{children}</StaticHtml.Provider>,
  );
}

/** Static content inside an island: in the browser, the HTML it had. */
export function Slot({
  id,
  children,
}: {
  readonly id: number;
  readonly children?: ReactNode;
}): ReactNode {
  const slots = useContext(Slots);
  if (!ExecutionEnvironment.canUseDOM)
    return createElement(
      'nk-slot',
      {'data-slot': id},
      <StaticHtml.Provider value>{children}</StaticHtml.Provider>,
    );
  return createElement('nk-slot', {
    'data-slot': id,
    dangerouslySetInnerHTML: {__html: slots.get(id) ?? ''},
  });
}

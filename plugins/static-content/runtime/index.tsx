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
  type ReactNode,
} from 'react';
import {createPortal} from 'react-dom';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useStaticLinks} from './links';
import {islandFor} from '../named-islands';
import styles from './styles.module.css';

export {StaticIsland, registerIsland} from '../named-islands';

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
  // As <link rel="prefetch"> asks for it (../prefetch.ts), so that the
  // prefetched page answers.
  const response = await fetch(permalink).catch((error: Error) => {
    throw new Error(
      `Loading the content of ${permalink} failed: ${error.message}`,
    );
  });
  if (!response.ok)
    throw new Error(
      `Loading the content of ${permalink} failed: ${response.status}`,
    );
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

/**
 * The islands in `root` that React does not render yet, their prerendered
 * markup taken out; those inside one taken out are its own to bring back.
 */
function newIslands(
  root: Element,
  islands: {readonly current: readonly (() => ReactNode)[]},
): Mount[] {
  return Array.from(
    root.querySelectorAll('nk-island:not([data-live])'),
    (element) => {
      const name = element.getAttribute('data-island') ?? '';
      // An island of the MDX file renders as the file's latest render has it.
      const island = /^\d+$/.test(name)
        ? islands.current[Number(name)] &&
          (() => islands.current[Number(name)]!())
        : islandFor(name);
      if (!island || !element.isConnected) return undefined;
      element.setAttribute('data-live', '');
      element.replaceChildren();
      return {element, render: () => island(element)};
    },
  ).filter((mount) => mount !== undefined);
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
  const ref = useRef<HTMLDivElement>(null);
  // Empty on the first load: React then keeps the server's HTML as it is.
  const [initialHtml] = useState(() => html ?? contentOf.get(id) ?? '');
  const [slots] = useState(() => new Map<number, string>());
  const [mounts, setMounts] = useState<readonly Mount[]>([]);
  const latestIslands = useRef(islands);
  latestIslands.current = islands;

  // Before the browser paints: the islands' markup is replaced by React's
  // (an island's slots bring back the islands in them).
  useLayoutEffect(() => {
    const root = ref.current!;
    contentOf.set(id, root.innerHTML);
    root.querySelectorAll('nk-slot[data-slot]').forEach((slot) => {
      slots.set(Number(slot.getAttribute('data-slot')), slot.innerHTML);
    });
    setMounts(newIslands(root, latestIslands));
  }, [id, slots]);

  useStaticLinks(ref);

  return (
    <Slots.Provider value={slots}>
      <div
        ref={ref}
        className={clsx(className, styles.content)}
        data-static-content={id}
        dangerouslySetInnerHTML={{__html: initialHtml}}
        suppressHydrationWarning
      />
      <Portals mounts={mounts} />
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
  if (!ExecutionEnvironment.canUseDOM)
    return createElement(
      'nk-slot',
      {'data-slot': id},
      <StaticHtml.Provider value>{children}</StaticHtml.Provider>,
    );
  return <BrowserSlot id={id} />;
}

// Rendered again whenever its island renders it anew (a tab's panel, say),
// with the islands its HTML holds (a code block's buttons).
function BrowserSlot({id}: {readonly id: number}): ReactNode {
  const slots = useContext(Slots);
  const ref = useRef<HTMLElement>(null);
  const [mounts, setMounts] = useState<readonly Mount[]>([]);
  useLayoutEffect(() => {
    setMounts(newIslands(ref.current!, {current: []}));
  }, []);
  return (
    <>
      {createElement('nk-slot', {
        ref,
        'data-slot': id,
        dangerouslySetInnerHTML: {__html: slots.get(id) ?? ''},
      })}
      <Portals mounts={mounts} />
    </>
  );
}

function Portals({mounts}: {readonly mounts: readonly Mount[]}): ReactNode {
  return mounts.map(({element, render}, index) =>
    createPortal(render(), element, String(index)),
  );
}

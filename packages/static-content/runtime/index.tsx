// What a page whose content is static runs (see ../islands.mjs): its content
// as the HTML the build wrote, kept as it came on the first load and fetched
// with the route on a client-side navigation, with the islands in it rendered
// by React, in the page's React tree (its router, colour mode and storage).
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import {createPortal, flushSync} from 'react-dom';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useHistory} from '@docusaurus/router';
import {whenIdle} from './idle';
import {deferredLayout, fullLayout, layOutInTurn} from './layout';
import {useStaticLinks} from './links';
import {builtMarked, pageContents, takeParsedContent} from './pages';
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

/** Marks an element an island renders whose HTML the build wrote and the browser may keep. */
const builtHtmlAttribute = 'data-built-html';

/**
 * The HTML of the content's elements marked with builtHtmlAttribute, by its
 * value, read before its islands replaced them; undefined outside static
 * content.
 */
const BuiltHtml = createContext<ReadonlyMap<string, string> | undefined>(
  undefined,
);

/**
 * The inner HTML the build wrote in the element marked
 * `data-built-html={key}`, for a component that the browser renders anew to
 * render it again (`dangerouslySetInnerHTML`) rather than make it twice: in
 * an island, as the page came, on a first load or fetched after a click; in
 * a page React renders whole, as the document holds it while React hydrates
 * it, or as the page fetched when its route was prefetched has it. Undefined
 * on the server, and where the page has no such element (`npm start`, a key
 * whose content changed in the browser) or has not come.
 */
export function useBuiltHtml(key: string): string | undefined {
  const inContent = useContext(BuiltHtml);
  if (!ExecutionEnvironment.canUseDOM) return undefined;
  if (inContent) return inContent.get(key);
  const marker = `${builtHtmlAttribute}="${key}"`;
  return (
    document.querySelector(`[${builtHtmlAttribute}="${CSS.escape(key)}"]`)
      ?.innerHTML ?? builtMarked(window.location.pathname, marker)
  );
}

/** Each page's content as it first came, for a return to it. */
const contentOf = new Map<string, string>();

/**
 * The HTML of a page's content, for a module evaluated when its route loads:
 * null on the first load, where the page holds it already; otherwise the
 * page's, fetched when the route was prefetched or now (./pages.ts). A page
 * that no longer holds this content (a newer deploy) fails the route's load,
 * and Docusaurus loads the page in full.
 */
export async function loadStaticHtml(
  id: string,
  permalink: string,
): Promise<string | null> {
  if (!ExecutionEnvironment.canUseDOM) return null;
  if (contentOf.has(id) || document.querySelector(contentSelector(id)))
    return null;
  const content = (await pageContents(permalink)).get(id);
  if (content === undefined)
    throw new Error(`${permalink} has changed since this page loaded`);
  return content;
}

const contentSelector = (id: string) => `[data-static-content="${id}"]`;

/**
 * An island of the MDX file, as its module gives it: its render, or, for one
 * that needs the site's MDX components, its render and what loads them.
 */
type IslandCode =
  | (() => ReactNode)
  | {readonly render: () => ReactNode; readonly load: () => Promise<void>};

type Mount = {element: Element; render: () => ReactNode};

/**
 * An island found in the content, and when it renders: `now`; once it nears
 * the viewport or the reader reaches it (an island that loads the site's MDX
 * components); or once the reader reaches it or the element around it (a
 * code block's buttons, in the block, their code loaded once one nears the
 * view), its HTML serving until then.
 */
type Found = Mount &
  (
    | {readonly when: 'now'}
    | {
        readonly when: 'near' | 'reached';
        readonly load: () => Promise<void>;
        readonly renderNearView?: (element: Element) => boolean;
        /** The element a reader reaches it by, when not its parent. */
        readonly area?: Element | null;
      }
  );

/**
 * The islands of `root` React does not render yet: those whose nearest
 * static content is `root`; those inside another island are its own.
 */
function islandsIn(
  root: Element,
  islands: {readonly current: readonly IslandCode[]},
): Found[] {
  return Array.from(root.querySelectorAll('nk-island:not([data-live])'))
    .filter(
      (element) =>
        element.parentElement?.closest('nk-slot, [data-static-content]') ===
        root,
    )
    .map((element): Found | undefined => {
      const name = element.getAttribute('data-island') ?? '';
      if (!/^\d+$/.test(name)) {
        const named = islandFor(name);
        return (
          named && {
            element,
            render: () => named.render(element),
            when: 'reached',
            load: named.load,
            renderNearView: named.renderNearView,
            area: named.area?.(element),
          }
        );
      }
      const code = islands.current[Number(name)];
      if (!code) return undefined;
      // An island of the MDX file renders as the file's latest render has it.
      const latest = () => islands.current[Number(name)]!;
      return typeof code === 'function'
        ? {element, render: () => (latest() as () => ReactNode)(), when: 'now'}
        : {
            element,
            render: () =>
              (latest() as Exclude<IslandCode, () => ReactNode>).render(),
            when: 'near',
            load: code.load,
          };
    })
    .filter((found) => found !== undefined);
}

/** Hands its markup over to React: what React renders replaces it. */
function takeOver(element: Element): void {
  element.setAttribute('data-live', '');
  element.replaceChildren();
}

/**
 * Finds again, once React renders `island`, the control that `target` is in
 * its markup: the same tag and label, in the same place among them.
 */
function counterpart(
  island: Element,
  target: EventTarget | null,
): (() => HTMLElement | undefined) | undefined {
  const control =
    target instanceof Element
      ? target.closest(
          'a, button, input, select, summary, textarea, [tabindex]',
        )
      : null;
  if (!control || !island.contains(control)) return undefined;
  const label = control.getAttribute('aria-label');
  const selector =
    control.localName + (label ? `[aria-label="${CSS.escape(label)}"]` : '');
  const index = Array.from(island.querySelectorAll(selector)).indexOf(control);
  return () => island.querySelectorAll<HTMLElement>(selector)[index];
}

/** Renders the islands of the content in `root`, the lazy ones when needed. */
function useIslands(
  root: RefObject<Element | null>,
  islands: {readonly current: readonly IslandCode[]},
): ReactNode {
  const [mounts, setMounts] = useState<readonly Mount[]>([]);
  useLayoutEffect(() => {
    const element = root.current!;
    const found = islandsIn(element, islands);
    const now = found.filter((island) => island.when === 'now');
    now.forEach((island) => takeOver(island.element));
    setMounts(now);

    // The other islands, not rendered yet, with what to do once they are.
    const waiting = new Map(
      found
        .filter((island) => island.when !== 'now')
        .map((island) => [
          island.element,
          {
            ...island,
            woken: false,
            loaded: false,
            afterMount: [] as (() => void)[],
          },
        ]),
    );
    if (waiting.size === 0) return undefined;
    type Waiting = NonNullable<ReturnType<typeof waiting.get>>;
    // The island a pointer is pressed on keeps its HTML until the press ends:
    // the browser sends the click to the element pressed, and sends none once
    // that element has left the page.
    let pressed: Waiting | undefined;
    const mount = (island: Waiting) => {
      island.loaded = true;
      if (island === pressed) return;
      waiting.delete(island.element);
      if (!island.element.isConnected) return;
      const focused = counterpart(island.element, document.activeElement);
      takeOver(island.element);
      flushSync(() => setMounts((mounted) => [...mounted, island]));
      focused?.()?.focus();
      island.afterMount.forEach((run) => run());
    };
    const wake = (island: Waiting) => {
      if (island.woken) return;
      island.woken = true;
      nearView.unobserve(island.element);
      // Failing to load, the island stays as its HTML, which works alone.
      island.load().then(
        () => mount(island),
        () => waiting.delete(island.element),
      );
    };
    const nearView = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // An island rendered since the entry was queued (the reader reached
          // it, or its tab group's choice woke it) waits no more, and the
          // entry may still come: Firefox delivers it.
          const island = waiting.get(entry.target);
          if (entry.isIntersecting && island) wake(island);
        }
      },
      {rootMargin: '200px 0px'},
    );
    // The code of the islands that wait for the reader loads, in idle time,
    // once one of them nears the view: reaching one then renders it at once,
    // and a click on it is only the click.
    const readerIslandsCode = new Set<() => Promise<void>>();
    const codeNearView = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        codeNearView.disconnect();
        whenIdle(() =>
          readerIslandsCode.forEach((load) => {
            // Failing, it loads again when the reader reaches the island.
            load().catch(() => undefined);
          }),
        );
      },
      {rootMargin: '200px 0px'},
    );
    // An island waiting for the reader that asks to render near the view
    // when its element calls for it, checked once the browser has laid it
    // out near the view and again each time its parent's size changes there
    // (a block the browser skipped until then, code that comes to scroll).
    const nearParent = new Map<Element, Waiting>();
    const sizeNearView = new ResizeObserver((entries) => {
      for (const {target} of entries) {
        const island = nearParent.get(target);
        if (!island?.renderNearView?.(island.element)) continue;
        sizeNearView.unobserve(target);
        wantedNearView.unobserve(island.element);
        whenIdle(() => wake(island));
      }
    });
    const wantedNearView = new IntersectionObserver(
      (entries) => {
        for (const {target, isIntersecting} of entries) {
          const island = waiting.get(target);
          const parent = target.parentElement;
          if (!island || !parent) continue;
          if (isIntersecting) {
            nearParent.set(parent, island);
            sizeNearView.observe(parent);
          } else sizeNearView.unobserve(parent);
        }
      },
      {rootMargin: '200px 0px'},
    );
    // An island waiting for the reader, by the element it is in.
    const byArea = new Map<Element, Waiting>();
    waiting.forEach((island) => {
      if (island.when === 'near') nearView.observe(island.element);
      else {
        readerIslandsCode.add(island.load);
        codeNearView.observe(island.element);
        if (island.renderNearView) wantedNearView.observe(island.element);
        const area = island.area ?? island.element.parentElement;
        if (area) byArea.set(area, island);
      }
    });
    const waitingAround = (target: EventTarget | null) => {
      for (
        let node = target instanceof Element ? target : null;
        node && node !== element;
        node = node.parentElement
      ) {
        const island = waiting.get(node) ?? byArea.get(node);
        if (island && waiting.has(island.element)) return island;
      }
      return undefined;
    };
    // Reached by the keyboard, a pointer or a finger.
    const reached = (event: Event) => {
      const island = waitingAround(event.target);
      if (island) wake(island);
    };
    const pressedOn = (event: Event) => {
      const island = waitingAround(event.target);
      if (!island || !island.element.contains(event.target as Node)) return;
      pressed = island;
      wake(island);
    };
    // After the click that ends the press, if one does.
    const released = () =>
      setTimeout(() => {
        const island = pressed;
        pressed = undefined;
        if (island?.loaded) mount(island);
      });
    // A click that comes first waits for the island and goes to its control.
    const clicked = (event: Event) => {
      const island = waitingAround(event.target);
      if (!island || !island.element.contains(event.target as Node)) return;
      event.preventDefault();
      event.stopPropagation();
      const control = counterpart(island.element, event.target);
      island.afterMount.push(() => control?.()?.click());
      if (island === pressed) pressed = undefined;
      if (island.loaded) mount(island);
      else wake(island);
    };
    const events = ['focusin', 'pointerover', 'touchstart'] as const;
    // A tab group's choice (stored as docusaurus.tab.<group>) changes what
    // every Tabs of the group shows: those still asleep render at once,
    // rather than keep the old choice until the reader comes near.
    const choiceStored = (event: StorageEvent) => {
      if (!event.key?.startsWith('docusaurus.tab.')) return;
      waiting.forEach((island) => island.when === 'near' && wake(island));
    };
    window.addEventListener('storage', choiceStored);
    events.forEach((type) =>
      element.addEventListener(type, reached, {passive: true}),
    );
    element.addEventListener('pointerdown', pressedOn, {passive: true});
    const ends = ['pointerup', 'pointercancel'] as const;
    ends.forEach((type) => window.addEventListener(type, released));
    element.addEventListener('click', clicked, {capture: true});
    return () => {
      nearView.disconnect();
      codeNearView.disconnect();
      wantedNearView.disconnect();
      sizeNearView.disconnect();
      events.forEach((type) => element.removeEventListener(type, reached));
      element.removeEventListener('pointerdown', pressedOn);
      ends.forEach((type) => window.removeEventListener(type, released));
      element.removeEventListener('click', clicked, {capture: true});
      window.removeEventListener('storage', choiceStored);
    };
  }, [root, islands]);
  return <Portals mounts={mounts} />;
}

type ContentProps = {
  readonly id: string;
  readonly className?: string;
  /** On the server: the content, its islands and slots marked. */
  readonly children?: ReactNode;
  /** In the browser: the content's HTML when it came with the route. */
  readonly html?: string | null;
  /** In the browser: each island, by number. */
  readonly islands?: readonly IslandCode[];
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
      <div
        className={clsx(className, styles.content)}
        data-static-content={id}
        {...{[deferredLayout]: ''}}>
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
  // Its elements, when the prefetch has parsed them already: the click then
  // puts them in the page rather than parsing the HTML in its task.
  const [parsed] = useState(() =>
    html ? takeParsedContent(id, html) : undefined,
  );
  // A link followed to the top of a doc lays out its blocks as a first load
  // does; a hash target or a return through history needs every position.
  const {action} = useHistory();
  const [deferred] = useState(
    () => initialHtml !== '' && action === 'PUSH' && !window.location.hash,
  );
  const [slots] = useState(() => new Map<number, string>());
  const [built] = useState(() => new Map<string, string>());
  const latestIslands = useRef(islands);
  latestIslands.current = islands;

  // Before the browser paints, and before its islands replace their markup
  // (an island's slots bring back the islands in them).
  useLayoutEffect(() => {
    const root = ref.current!;
    if (parsed) root.append(parsed);
    // What made the first load lay out all of its content is past.
    if (deferred) document.documentElement.removeAttribute(fullLayout);
    // The HTML that came with the route, or the first load's, read once.
    contentOf.set(id, initialHtml || root.innerHTML);
    root.querySelectorAll('nk-slot[data-slot]').forEach((slot) => {
      slots.set(Number(slot.getAttribute('data-slot')), slot.innerHTML);
    });
    root.querySelectorAll(`[${builtHtmlAttribute}]`).forEach((element) => {
      built.set(element.getAttribute(builtHtmlAttribute)!, element.innerHTML);
    });
  }, [id, initialHtml, parsed, slots, built, deferred]);
  const portals = useIslands(ref, latestIslands);
  useEffect(() => layOutInTurn(ref.current!), []);

  useStaticLinks(ref);

  return (
    <Slots.Provider value={slots}>
      <BuiltHtml.Provider value={built}>
        <div
          ref={ref}
          className={clsx(className, styles.content)}
          data-static-content={id}
          {...(deferred && {[deferredLayout]: ''})}
          dangerouslySetInnerHTML={parsed ? undefined : {__html: initialHtml}}
          suppressHydrationWarning
        />
        {portals}
      </BuiltHtml.Provider>
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
  const portals = useIslands(ref, noIslands);
  return (
    <>
      {createElement('nk-slot', {
        ref,
        'data-slot': id,
        dangerouslySetInnerHTML: {__html: slots.get(id) ?? ''},
      })}
      {portals}
    </>
  );
}

// A slot holds none of the MDX file's islands, only named ones.
const noIslands = {current: []} as const;

function Portals({mounts}: {readonly mounts: readonly Mount[]}): ReactNode {
  return mounts.map(({element, render}, index) =>
    createPortal(<IslandContent render={render} />, element, String(index)),
  );
}

/**
 * An island, rendered by a component of its own: the hooks its content calls
 * (`sources={{light: useBaseUrl(…)}}`) are its own, however many islands
 * render beside it and whenever each starts.
 */
function IslandContent({
  render,
}: {
  readonly render: () => ReactNode;
}): ReactNode {
  return render();
}

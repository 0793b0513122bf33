// The links in static content are plain anchors in the HTML: these listeners
// give them what Docusaurus's <Link> gives its own. They are followed by the
// router (no page load), keeping the base URL the build wrote into them;
// prefetched when they come into view and preloaded on hover or touch; and
// left to the browser when they open elsewhere, point into the same page or
// to a file that is not a page. Anchors that React renders inside an island
// are <Link>s already, and are left to them.
import {useEffect, type RefObject} from 'react';
import {matchPath, useHistory} from '@docusaurus/router';
import routes from '@generated/routes';
import type {RouteConfig} from 'react-router-config';

/** Whether the site has a route for the path, other than the not-found page. */
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

/** The address of a static anchor the router can follow. */
function routedLink(target: EventTarget | null): URL | undefined {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  // The nearest mark says whether the HTML around it is static or React's.
  if (
    anchor
      .closest('nk-slot, nk-island[data-live], [data-static-content]')
      ?.matches('nk-island')
  )
    return undefined;
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

export function useStaticLinks(content: RefObject<HTMLElement | null>): void {
  const history = useHistory();
  useEffect(() => {
    const root = content.current!;
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
      const url = routedLink(event.target);
      // A link to a place in this page scrolls as the browser does.
      if (!url || (url.pathname === window.location.pathname && url.hash))
        return;
      event.preventDefault();
      history.push(url.pathname + url.search + url.hash);
    };
    const preload = (event: Event) => {
      const url = routedLink(event.target);
      if (url) window.docusaurus.preload(url.pathname);
    };
    const inView = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        inView.unobserve(entry.target);
        const url = routedLink(entry.target);
        if (url) window.docusaurus.prefetch(url.pathname);
      }
    });
    const observeLinks = (element: Element) =>
      element.querySelectorAll('a[href]').forEach((anchor) => {
        inView.observe(anchor);
      });
    observeLinks(root);
    // Slots an island renders anew bring their links with them.
    const added = new MutationObserver((mutations) => {
      for (const mutation of mutations)
        mutation.addedNodes.forEach((node) => {
          if (node instanceof Element) observeLinks(node);
        });
    });
    added.observe(root, {childList: true, subtree: true});
    root.addEventListener('click', follow);
    root.addEventListener('mouseover', preload);
    root.addEventListener('touchstart', preload, {passive: true});
    return () => {
      inView.disconnect();
      added.disconnect();
      root.removeEventListener('click', follow);
      root.removeEventListener('mouseover', preload);
      root.removeEventListener('touchstart', preload);
    };
  }, [content, history]);
}

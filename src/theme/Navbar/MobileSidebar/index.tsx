// Wrapped to keep keyboard focus in the open mobile menu: focus moves into it,
// the page behind it and the menu's panel that slid out of view are inert,
// Escape closes it, and focus goes back to the menu button.
import {useEffect, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type {WrapperProps} from '@docusaurus/types';
import {
  useNavbarMobileSidebar,
  useNavbarSecondaryMenu,
} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof MobileSidebarType>;

/** Makes `elements` inert; returns the undo. */
function makeInert(elements: Element[]): () => void {
  const madeInert = elements.filter(
    (element) => !element.hasAttribute('inert'),
  );
  madeInert.forEach((element) => element.setAttribute('inert', ''));
  return () => madeInert.forEach((element) => element.removeAttribute('inert'));
}

/** Runs `work` once the next frame is painted; returns what cancels it. */
function afterNextPaint(work: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(work);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** Everything on the page outside `element`. */
function everythingOutside(element: Element): Element[] {
  const outside: Element[] = [];
  for (let node = element; node.parentElement; node = node.parentElement) {
    outside.push(
      ...Array.from(node.parentElement.children).filter(
        (sibling) => sibling !== node,
      ),
    );
  }
  return outside;
}

export default function MobileSidebarWrapper(props: Props): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();
  const {shown: secondaryMenuShown} = useNavbarSecondaryMenu();

  useEffect(() => {
    const menu = document.querySelector('.navbar-sidebar');
    if (!shown || !menu) return undefined;
    const menuButton = document.querySelector<HTMLElement>('.navbar__toggle');
    // Once the open menu has painted: making the page inert restyles all of
    // it, which on a long doc would hold the menu's first frame. Nothing is
    // reached behind it in one frame.
    let undoInert = () => {};
    const cancelInert = afterNextPaint(() => {
      undoInert = makeInert(everythingOutside(menu));
    });
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') toggle();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      cancelInert();
      document.removeEventListener('keydown', closeOnEscape);
      undoInert();
      menuButton?.focus();
    };
  }, [shown, toggle]);

  // The menu shows one of its two panels; focus starts in the one shown.
  // From the keyboard at once, as the reader's next key may follow at once;
  // after a pointer's press once the menu has painted: the focus and the
  // other panel made inert restyle the page, which would hold that frame.
  useEffect(() => {
    const [primaryPanel, secondaryPanel] = Array.from(
      document.querySelectorAll('.navbar-sidebar__item'),
    );
    if (!shown || !primaryPanel || !secondaryPanel) return undefined;
    const [shownPanel, hiddenPanel] = secondaryMenuShown
      ? [secondaryPanel, primaryPanel]
      : [primaryPanel, secondaryPanel];
    let undoInert = () => {};
    const focusShownPanel = () => {
      undoInert = makeInert([hiddenPanel]);
      shownPanel.querySelector<HTMLElement>('a, button')?.focus();
    };
    // The button pressed keeps the focus it took, visible after a key only.
    const fromKeyboard = document.activeElement?.matches(':focus-visible');
    let cancel = () => {};
    if (fromKeyboard) focusShownPanel();
    else cancel = afterNextPaint(focusShownPanel);
    return () => {
      cancel();
      undoInert();
    };
  }, [shown, secondaryMenuShown]);

  return <MobileSidebar {...props} />;
}

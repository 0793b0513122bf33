// Wrapped to lift the navbar with a shadow once the page scrolls under it:
// the navbar stays in place (it does not hide on scroll) and the shadow shows
// that there is content beneath it.
import {useEffect, useRef, type ReactNode} from 'react';
import Navbar from '@theme-original/Navbar';
import type NavbarType from '@theme/Navbar';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof NavbarType>;

export default function NavbarWrapper(props: Props): ReactNode {
  const frame = useRef<HTMLDivElement>(null);
  // A class set on the frame, not state: the navbar does not render again
  // each time the page leaves its top or comes back to it.
  useEffect(() => {
    const update = () =>
      frame.current?.classList.toggle(styles.scrolled, window.scrollY > 0);
    update();
    window.addEventListener('scroll', update, {passive: true});
    return () => window.removeEventListener('scroll', update);
  }, []);
  return (
    <div ref={frame} className={styles.frame}>
      <Navbar {...props} />
    </div>
  );
}

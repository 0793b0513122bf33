// Wrapped to lift the navbar with a shadow once the page scrolls under it:
// the navbar stays in place (it does not hide on scroll) and the shadow shows
// that there is content beneath it.
import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Navbar from '@theme-original/Navbar';
import type NavbarType from '@theme/Navbar';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

function useIsScrolled(): boolean {
  const [isScrolled, setIsScrolled] = useState(false);
  useEffect(() => {
    const update = () => setIsScrolled(window.scrollY > 0);
    update();
    window.addEventListener('scroll', update, {passive: true});
    return () => window.removeEventListener('scroll', update);
  }, []);
  return isScrolled;
}

type Props = WrapperProps<typeof NavbarType>;

export default function NavbarWrapper(props: Props): ReactNode {
  const isScrolled = useIsScrolled();
  return (
    <div className={clsx(styles.frame, isScrolled && styles.scrolled)}>
      <Navbar {...props} />
    </div>
  );
}

// Wrapped so that a bar shown again under a new id is not hidden by the first
// paint's "dismissed" flag: the theme sets that flag on <html> and never clears it.
import {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

const initiallyDismissedAttribute = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) {
      document.documentElement.removeAttribute(initiallyDismissedAttribute);
    }
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}

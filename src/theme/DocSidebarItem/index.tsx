// Renders a sidebar item again only when its props change, the path but for
// whether it, or an item in it, is active before or after: the theme gives
// every item each new page's path, and a long sidebar rendered again in full
// at every navigation.
import {memo} from 'react';
import {isActiveSidebarItem} from '@docusaurus/plugin-content-docs/client';
import DocSidebarItem from '@theme-original/DocSidebarItem';
import type {Props} from '@theme/DocSidebarItem';

function rendersAsBefore(previous: Props, next: Props): boolean {
  return (
    (Object.keys(next) as (keyof Props)[]).every(
      (key) => key === 'activePath' || previous[key] === next[key],
    ) &&
    (previous.activePath === next.activePath ||
      (!isActiveSidebarItem(next.item, previous.activePath) &&
        !isActiveSidebarItem(next.item, next.activePath)))
  );
}

export default memo(DocSidebarItem, rendersAsBefore);

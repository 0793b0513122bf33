/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * (Docusaurus's source tree: node_modules/@docusaurus/theme-classic/LICENSE.)
 */
// Ejected, not wrapped: the original hands the navbar's menu its four props,
// whose names the theme sorts with localeCompare to memoise them, and the
// first localeCompare of a page loads the browser's collation data: some
// 15 ms of main thread while a doc hydrates on a phone. One prop has nothing
// to sort. And it gave the items a new click handler each time the phone
// menu opened or closed, which rendered every item again.
import React, {useCallback, type ReactNode} from 'react'; // Changed: useCallback.
import clsx from 'clsx';
import {
  NavbarSecondaryMenuFiller,
  ThemeClassNames,
} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import DocSidebarItems from '@theme/DocSidebarItems';
import type {Props} from '@theme/DocSidebar/Mobile';

type MenuProps = {readonly menu: Props}; // Changed: the props come as one.

// Changed: a function declaration, typed with MenuProps.
function DocSidebarMobileSecondaryMenu({
  menu: {sidebar, path},
}: MenuProps): ReactNode {
  const {toggle} = useNavbarMobileSidebar(); // Changed: the toggle alone.
  // Changed: one handler for as long as the toggle is the same (always).
  const onItemClick = useCallback(
    (item: Props['sidebar'][number]) => {
      // Mobile sidebar should only be closed if the category has a link
      if (item.type === 'category' && item.href) {
        toggle();
      }
      if (item.type === 'link') {
        toggle();
      }
    },
    [toggle],
  );
  return (
    <ul className={clsx(ThemeClassNames.docs.docSidebarMenu, 'menu__list')}>
      <DocSidebarItems
        items={sidebar}
        activePath={path}
        onItemClick={onItemClick} // Changed: see above.
        level={1}
      />
    </ul>
  );
}

// React.memo renders this anew only when a prop changes, so `props` is as
// stable as the theme's shallow memo of it was.
function DocSidebarMobile(props: Props): ReactNode {
  return (
    <NavbarSecondaryMenuFiller
      component={DocSidebarMobileSecondaryMenu}
      props={{menu: props}} // Changed: one prop, see above.
    />
  );
}

export default React.memo(DocSidebarMobile);

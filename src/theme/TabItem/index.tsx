/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * (Docusaurus's source tree: node_modules/@docusaurus/theme-classic/LICENSE.)
 */
// Copied from the theme to name the panel by its tab (../Tabs gives both
// their ids): the theme's TabItem passes no attribute to its panel.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {Props as ThemeProps} from '@theme/TabItem';
import styles from './styles.module.css';

type Props = ThemeProps & {
  /** Changed: the ids that ../Tabs gives the panel and its tab. */
  readonly panelId?: string;
  readonly tabId?: string;
};

export default function TabItem({
  children,
  hidden,
  className,
  panelId, // Changed: the panel's id
  tabId, // Changed: the tab that names it
}: Props): ReactNode {
  return (
    <div
      role="tabpanel"
      id={panelId} // Changed
      aria-labelledby={tabId} // Changed
      className={clsx(styles.tabItem, className)}
      {...{hidden}}>
      {children}
    </div>
  );
}

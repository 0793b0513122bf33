/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * (Docusaurus's source tree: node_modules/@docusaurus/theme-classic/LICENSE.)
 */
// Ejected, not wrapped: the original's aria-label names the mode rendered on the
// server, so a dark page says "currently light mode" until the scripts load. This
// one says what pressing it will do, and CSS picks the right words from first paint.
// Nor is it disabled before the page hydrates: a press then is replayed once it
// has (plugins/page-scripts/early-taps).
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import IconLightMode from '@theme/Icon/LightMode';
import IconDarkMode from '@theme/Icon/DarkMode';
import type {Props} from '@theme/ColorModeToggle';

import styles from './styles.module.css';

function ColorModeToggle({
  className,
  buttonClassName,
  value,
  onChange,
}: Props): ReactNode {
  return (
    <div className={clsx(styles.toggle, className)}>
      <button
        className={clsx('clean-btn', styles.toggleButton, buttonClassName)}
        type="button"
        onClick={() => onChange(value === 'dark' ? 'light' : 'dark')}
        aria-live="polite">
        {/* Changed: the accessible name comes from whichever label CSS shows. */}
        <span className={clsx(styles.label, styles.toDarkLabel)}>
          {translate({
            message: 'Switch to dark mode',
            id: 'theme.colorToggle.switchToDark',
            description: 'The accessible name of the toggle in light mode',
          })}
        </span>
        <span className={clsx(styles.label, styles.toLightLabel)}>
          {translate({
            message: 'Switch to light mode',
            id: 'theme.colorToggle.switchToLight',
            description: 'The accessible name of the toggle in dark mode',
          })}
        </span>
        <IconLightMode
          aria-hidden="true" // Changed: the label above names the button.
          className={clsx(styles.toggleIcon, styles.lightToggleIcon)}
        />
        <IconDarkMode
          aria-hidden="true" // Changed: the label above names the button.
          className={clsx(styles.toggleIcon, styles.darkToggleIcon)}
        />
      </button>
    </div>
  );
}

export default React.memo(ColorModeToggle);

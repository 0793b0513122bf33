/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * (Docusaurus's source tree: node_modules/@docusaurus/theme-classic/LICENSE.)
 */
// The lines of code only known in the browser, highlighted there: the one
// place the site loads Prism, as a chunk of its own, with the markup and
// classes the build gives (../../lines.mjs).
import type {ReactNode} from 'react';
import prism, {typeClasses} from '@code-blocks/prism';
import {highlightedLines} from '../../lines.mjs';

type Props = {
  readonly className: string;
  readonly code: string;
  readonly language: string;
  readonly lineClassNames: Record<number, string[]>;
  readonly firstLineNumber: number | undefined;
};

export default function HighlightedLines({
  className,
  code,
  ...options
}: Props): ReactNode {
  return (
    <code
      className={className}
      dangerouslySetInnerHTML={{
        __html: highlightedLines(prism, code, {...options, typeClasses}),
      }}
    />
  );
}

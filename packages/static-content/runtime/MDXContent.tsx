// The theme's MDXContent in the browser, where every MDX module imports the
// site's MDX components itself when it needs them (../islands.mjs): no
// provider, so that a page whose islands need none loads none.
import type {ReactNode} from 'react';
import type {Props} from '@theme/MDXContent';

export default function MDXContent({children}: Props): ReactNode {
  return children;
}

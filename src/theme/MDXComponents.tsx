// Wrapped so that a table wider than the page can be scrolled from the
// keyboard: Infima makes each table its own scroll area, and only a scroll
// area that can take focus answers the arrow keys.
import type {ComponentProps, ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';

function Table(props: ComponentProps<'table'>): ReactNode {
  return <table tabIndex={0} {...props} />;
}

export default {...MDXComponents, table: Table};

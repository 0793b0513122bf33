// Wrapped to put what a reader takes away from a doc above it: its address
// for a printout, and its Markdown copy.
import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import CopyPage from '@site/src/components/CopyPage';
import PrintedUrl from '@site/src/components/PrintedUrl';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PrintedUrl />
      <CopyPage />
      <Content {...props} />
    </>
  );
}

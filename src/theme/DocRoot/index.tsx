// Wrapped to keep the not-found page's title under the docs' path: the
// theme's DocRoot shows the not-found content for a path no doc has, but not
// its head, and once React has hydrated the host's 404.html the tab's title
// fell back to the site's name alone.
import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import {useDocRootMetadata} from '@docusaurus/plugin-content-docs/client';
import DocRoot from '@theme-original/DocRoot';
import type DocRootType from '@theme/DocRoot';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof DocRootType>;

export default function DocRootWrapper(props: Props): ReactNode {
  const isDoc = useDocRootMetadata(props) !== null;
  return (
    <>
      {!isDoc && (
        <PageMetadata
          title={translate({
            id: 'theme.NotFound.title',
            message: 'Page Not Found',
          })}
        />
      )}
      <DocRoot {...props} />
    </>
  );
}

// Wrapped to tell AI agents, at the top of every page, where the docs' index
// for them is (llms.txt) and that each page has a Markdown copy; hidden from
// sight, read by agents and screen readers.
import type {ReactNode} from 'react';
import Root from '@theme-original/Root';
import type RootType from '@theme/Root';
import type {WrapperProps} from '@docusaurus/types';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

type Props = WrapperProps<typeof RootType>;

export default function RootWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <>
      <aside
        className="visually-hidden"
        aria-label={translate({message: 'For AI agents'})}>
        {translate(
          {
            message:
              'For AI agents: the index of these docs is at {llmsTxt}, and every page has a Markdown copy at its address with .md added.',
          },
          {llmsTxt: `${siteConfig.url}${siteConfig.baseUrl}llms.txt`},
        )}
      </aside>
      <Root {...props} />
    </>
  );
}

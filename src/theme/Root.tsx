// Wrapped for AI agents: a line at the top of every page tells them where the
// docs' index for them is (llms.txt) and that each page has a Markdown copy,
// hidden from sight, read by agents and screen readers; and where the browser
// offers tools to agents (WebMCP), the site registers its own, from a chunk
// that other browsers never load.
import {useEffect, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import Root from '@theme-original/Root';
import type RootType from '@theme/Root';
import type {WrapperProps} from '@docusaurus/types';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

type Props = WrapperProps<typeof RootType>;

function useAgentTools(baseUrl: string): void {
  const history = useHistory();
  useEffect(() => {
    if (!('modelContext' in document)) return;
    void import(/* webpackChunkName: "webmcp" */ '@site/src/webmcp').then(
      ({registerTools}) =>
        registerTools({baseUrl, navigate: (to) => history.push(to)}),
    );
  }, [baseUrl, history]);
}

export default function RootWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  useAgentTools(siteConfig.baseUrl);
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

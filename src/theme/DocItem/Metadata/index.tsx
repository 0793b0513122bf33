// Wrapped to give each doc its own link preview (its social card, drawn at
// build time by plugins/outputs/social-cards) and a link to its Markdown copy
// (plugins/outputs/llms-txt), for agents that read the page's head.
import type {ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Metadata from '@theme-original/DocItem/Metadata';
import {socialCardPath} from '@site/plugins/outputs/social-cards/card-path.mjs';

/** Where plugins/outputs/llms-txt publishes the Markdown copy of the page at `permalink`. */
const markdownCopy = (permalink: string) =>
  permalink.endsWith('/') ? `${permalink}index.md` : `${permalink}.md`;

export default function MetadataWrapper(): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <Metadata />
      <PageMetadata image={socialCardPath(metadata.id)}>
        <meta property="og:type" content="article" />
        <link
          rel="alternate"
          type="text/markdown"
          href={markdownCopy(metadata.permalink)}
        />
      </PageMetadata>
    </>
  );
}

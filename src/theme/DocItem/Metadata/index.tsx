// Wrapped to give each doc its own link preview: its social card, drawn at build time by plugins/social-cards.
import type {ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Metadata from '@theme-original/DocItem/Metadata';
import {socialCardPath} from '@site/plugins/social-cards/card-path.mjs';

export default function MetadataWrapper(): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <Metadata />
      <PageMetadata image={socialCardPath(metadata.id)}>
        <meta property="og:type" content="article" />
      </PageMetadata>
    </>
  );
}

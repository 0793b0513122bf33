// The page /corpus of the corpus copy (tests/support/build-corpus.mjs): a
// link to each doc of tests/corpus, named by its id, for the comparison to
// list the pages and to reach each by a client-side navigation.
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useAllDocsData} from '@docusaurus/plugin-content-docs/client';
import Layout from '@theme/Layout';

export default function CorpusHub(): ReactNode {
  const docs = Object.values(useAllDocsData())
    .flatMap((plugin) => plugin.versions)
    .flatMap((version) => version.docs)
    .filter((doc) => doc.id.startsWith('corpus/'))
    .sort((a, b) => a.id.localeCompare(b.id));
  return (
    <Layout title="Corpus">
      <main className="container margin-vert--lg">
        <article>
          <h1>Corpus</h1>
          <ul>
            {docs.map((doc) => (
              <li key={doc.id}>
                <Link to={doc.path}>{doc.id}</Link>
              </li>
            ))}
          </ul>
        </article>
      </main>
    </Layout>
  );
}

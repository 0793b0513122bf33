import {describeComparison} from '../support/corpus-comparison';
import {corpusPages} from '../support/corpus';
import {servers} from '../support/servers';

// The representative docs of tests/corpus (representative.json), which the
// fixture builds hold, compared with stock on every run as
// tests/support/corpus-comparison.ts says; `npm run test:corpus` compares
// every doc of the corpus.
describeComparison(
  "other projects' representative docs behave as in stock Docusaurus",
  {site: servers.fixtures, stock: servers.fixturesStock},
  corpusPages(servers.fixturesStock.dir),
);

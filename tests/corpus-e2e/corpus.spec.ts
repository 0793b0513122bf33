import {describeComparison} from '../support/corpus-comparison';
import {control, corpusPages, corpusServers} from '../support/corpus';

// Every doc of tests/corpus as this site builds it (build-corpus) and as
// stock builds it (build-corpus-stock), compared as
// tests/support/corpus-comparison.ts says. With CORPUS_CONTROL=1 the stock
// build is compared with itself, served again: that run shows the
// comparison stable.
describeComparison(
  `other projects' docs behave as in stock Docusaurus${control ? ' (control: stock against stock)' : ''}`,
  corpusServers,
  corpusPages(),
);

// Wrapped to put a "report a mistake on this page" line above the footer.
import type {ReactNode} from 'react';
import Footer from '@theme-original/Footer';
import type FooterType from '@theme/Footer';
import type {WrapperProps} from '@docusaurus/types';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import styles from './styles.module.css';

function useReportIssueUrl(): string {
  const {siteConfig} = useDocusaurusContext();
  const {pathname} = useLocation();
  const docsRepository = siteConfig.customFields!.docsRepository as string;
  const query = new URLSearchParams({
    title: `Docs: mistake on ${pathname}`,
    body: `Page: ${siteConfig.url}${pathname}\n\nWhat is wrong:\n`,
  });
  return `${docsRepository}/issues/new?${query.toString()}`;
}

type Props = WrapperProps<typeof FooterType>;

export default function FooterWrapper(props: Props): ReactNode {
  return (
    <>
      <aside
        className={styles.report}
        aria-label={translate({message: 'Report a mistake'})}>
        <div className="container">
          <Translate>Found a mistake on this page?</Translate>{' '}
          <Link href={useReportIssueUrl()}>
            <Translate>Report it on GitHub</Translate>
          </Link>
        </div>
      </aside>
      <Footer {...props} />
    </>
  );
}

import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';

type Reason = {
  title: string;
  description: string;
  to: string;
  linkLabel: string;
};

const reasons: Reason[] = [
  {
    title: translate({message: 'Know before your users do'}),
    description: translate({
      message:
        'Checks run from several regions on a schedule: block height lag, sync status, peers, latency. A node that falls behind raises an alert in minutes.',
    }),
    to: '/docs/projects/bundles',
    linkLabel: translate({message: 'See the built-in checks'}),
  },
  {
    title: translate({message: 'Configuration in review'}),
    description: translate({
      message:
        'A project is one nodekeeper.yaml file in version control: changed in a pull request, applied with the CLI, and rolled back to any earlier revision.',
    }),
    to: '/docs/projects/yaml',
    linkLabel: translate({message: 'Read the YAML reference'}),
  },
  {
    title: translate({message: 'Alerts where you work'}),
    description: translate({
      message:
        'Email, Slack, Discord, Telegram, PagerDuty or a signed webhook, with a resolve message when the node recovers.',
    }),
    to: '/docs/projects/yaml#channels',
    linkLabel: translate({message: 'See the channels'}),
  },
];

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout description={siteConfig.tagline}>
      <main>
        <div className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.title}>
              {siteConfig.tagline}
            </Heading>
            <p className={styles.lead}>
              <Translate>
                A hosted service and a CLI that watch the RPC endpoints of your
                blockchain nodes and alert you when one falls behind, stops
                answering or loses its peers.
              </Translate>
            </p>
            <Link
              className="button button--primary button--lg"
              to="/docs/getting-started/single-rpc">
              <Translate>Monitor your first node</Translate>
            </Link>
          </div>
        </div>
        <div className="container">
          <ul className={styles.reasons}>
            {reasons.map((reason) => (
              <li key={reason.title} className={styles.reason}>
                <Heading as="h2" className={styles.reasonTitle}>
                  {reason.title}
                </Heading>
                <p>{reason.description}</p>
                <Link to={reason.to}>{reason.linkLabel}</Link>
              </li>
            ))}
          </ul>
        </div>
      </main>
    </Layout>
  );
}

import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// One sidebar for every doc. Drafts stay out of it: a published sidebar that
// names a draft would fail the production build.
const sidebars = {
  tutorialSidebar: [
    'intro',
    {
      type: 'category',
      label: 'Getting started',
      link: {
        type: 'generated-index',
        slug: '/category/getting-started',
        description:
          'Go from nothing to one monitored RPC endpoint and a first test alert, in about 15 minutes.',
      },
      items: ['getting-started/single-rpc'],
    },
    {
      type: 'category',
      label: 'Projects',
      link: {
        type: 'generated-index',
        slug: '/category/projects',
        description:
          'Keep your nodes, bundles and alert rules in a reviewed nodekeeper.yaml, and look up every key of it.',
      },
      // The category is already named Projects: its first page needs a label of its own.
      items: [
        {type: 'doc', id: 'projects/intro', label: 'Overview'},
        'projects/ci',
        'projects/bundles',
        'projects/yaml',
        'projects/checks',
        'projects/cli',
      ],
    },
    // Alerts and Operations have no link: no generated index page, so the
    // site's routes stay the ones it promises; the sidebar groups their docs.
    {
      type: 'category',
      label: 'Alerts',
      items: [
        'alerts/overview',
        'alerts/silencing',
        'alerts/webhooks',
        'alerts/webhook-receiver',
      ],
    },
    {
      type: 'category',
      label: 'Operations',
      items: [
        'operations/security',
        'operations/exposing-nodes',
        'operations/limits',
        'operations/troubleshooting',
        'operations/faq',
        'operations/changelog',
      ],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;

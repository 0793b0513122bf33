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
          'From nothing to one monitored RPC endpoint and a first test alert.',
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
          'Describe your nodes, checks and alerts in a nodekeeper.yaml project file.',
      },
      items: ['projects/intro', 'projects/bundles', 'projects/yaml'],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;

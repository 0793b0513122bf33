// The docs in the order of the sidebar, grouped as llms.txt groups them
// (plugins/outputs/llms-txt): one section a top-level category, and "Docs" for the
// docs outside any category. Titles come from routes.json.
import sidebars from '../../sidebars';
import {routes} from './test';

type Item =
  string | {type: string; id?: string; label?: string; items?: Item[]};

export type Doc = {path: string; title: string};

const titleOf = (id: string): Doc => {
  const route = routes.find(({path}) => path === `/docs/${id}`);
  if (!route) throw new Error(`routes.json has no /docs/${id}`);
  return {path: route.path, title: route.heading};
};

const docIds = (item: Item): string[] =>
  typeof item === 'string'
    ? [item]
    : item.type === 'doc'
      ? [item.id!]
      : (item.items ?? []).flatMap(docIds);

export const sidebarSections: {label: string; docs: Doc[]}[] = [];
for (const item of sidebars.tutorialSidebar as Item[]) {
  const label =
    typeof item !== 'string' && item.type === 'category' ? item.label! : 'Docs';
  if (label === 'Docs' && sidebarSections.at(-1)?.label === 'Docs')
    sidebarSections.at(-1)!.docs.push(...docIds(item).map(titleOf));
  else sidebarSections.push({label, docs: docIds(item).map(titleOf)});
}

/** Every published doc, in sidebar order. */
export const sidebarDocs: Doc[] = sidebarSections.flatMap(({docs}) => docs);

/** The drafts: never published, so never in llms.txt, llms-full.txt or a .md copy. */
export const drafts = [
  {path: '/docs/tutorials/update-node-key', title: "Rotate a node's API key"},
  {path: '/docs/integrations/subgraph', title: 'Watch a subgraph'},
];

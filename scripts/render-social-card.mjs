// Redraws static/img/social-card.png, the card link previews show for pages
// other than docs (each doc gets its own, drawn by plugins/outputs/social-cards at
// build time), from the logo and the tagline. Run it after changing either:
//   node scripts/render-social-card.mjs
import {writeFile} from 'node:fs/promises';
import {renderCard} from '../plugins/outputs/social-cards/card.mjs';

await writeFile(
  'static/img/social-card.png',
  renderCard({
    title: 'Monitor your nodes with Nodekeeper',
    subtitle: 'Documentation',
  }),
);

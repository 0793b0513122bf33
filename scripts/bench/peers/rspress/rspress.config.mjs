// The Rspress side of the bench's peers (scripts/bench/peers.mjs): the
// starter's set-up. Links to docs the bench does not copy stay as they are,
// so dead links are not checked; clean URLs, as the other sides have.
import {defineConfig} from '@rspress/core';

export default defineConfig({
  root: 'docs',
  title: 'Nodekeeper',
  route: {cleanUrls: true},
  markdown: {link: {checkDeadLinks: false}},
});

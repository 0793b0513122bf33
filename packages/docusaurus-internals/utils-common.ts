// @docusaurus/utils-common's exports, each from the package's own file,
// without the tslib its index requires (./index.mjs). TypeScript, not .mjs:
// the bundler reads a CommonJS file's default export as Babel and
// TypeScript write it only outside .mjs files.
export {
  default as applyTrailingSlash,
  addTrailingSlash,
  addLeadingSlash,
  removeTrailingSlash,
} from '@docusaurus/utils-common/lib/applyTrailingSlash.js';
export {
  addPrefix,
  removeSuffix,
  addSuffix,
  removePrefix,
} from '@docusaurus/utils-common/lib/stringUtils.js';
export {getErrorCausalChain} from '@docusaurus/utils-common/lib/errorUtils.js';

// As the package's index has it.
export const blogPostContainerID = '__blog-post-container';

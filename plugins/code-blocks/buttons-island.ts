// Names the island of a code block's buttons for every page: a page whose
// content is static HTML loads no CodeBlock, only this.
import {registerIsland} from '@site/plugins/static-content/named-islands';
import {ButtonsIsland} from './theme/CodeBlock/Buttons';

registerIsland('CodeBlock/Buttons', ButtonsIsland);

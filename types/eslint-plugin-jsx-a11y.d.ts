// eslint-plugin-jsx-a11y ships no types: what eslint.config.mjs uses of it.
declare module 'eslint-plugin-jsx-a11y' {
  import type {ESLint, Linter} from 'eslint';

  const plugin: ESLint.Plugin & {flatConfigs: {recommended: Linter.Config}};
  export default plugin;
}

// The site's code colours, as Prism themes: GitHub's in light mode and
// Dracula in dark mode, as prism-react-renderer has them, with every colour
// at least 4.5:1 on the code background. docusaurus.config.ts gives them to
// the theme (so that a page built the stock way colours its code with them)
// and this plugin turns them into CSS (tokenCss), for the code the site
// highlights when it is built.
import {themes} from 'prism-react-renderer';

/** @typedef {import('prism-react-renderer').PrismTheme} PrismTheme */

/**
 * `theme` with some of its colours replaced, and its token styles extended.
 * @param {PrismTheme} theme
 * @param {Record<string, string>} colours each original colour and the colour that replaces it
 * @param {PrismTheme['styles']} [styles] entries added after the theme's
 * @returns {PrismTheme}
 */
function adjusted(theme, colours, styles = []) {
  return {
    plain: theme.plain,
    styles: [
      ...theme.styles.map((entry) => ({
        ...entry,
        style: {
          ...entry.style,
          ...(entry.style.color && {
            color: colours[entry.style.color] ?? entry.style.color,
          }),
        },
      })),
      ...styles,
    ],
  };
}

export const lightCodeTheme = adjusted(
  themes.github,
  {
    '#999988': '#626257',
    '#e3116c': '#bc0e5a',
    '#36acaa': '#216b69',
    '#00a4db': '#00698c',
    '#d73a49': '#b2303d',
  },
  [{types: ['namespace'], style: {opacity: 0.8}}],
);

export const darkCodeTheme = adjusted(themes.dracula, {
  'rgb(98, 114, 164)': '#8692b9',
});

/** @param {string} name a style property, in camel case */
const cssProperty = (name) =>
  name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The style of each token type, merged over the theme's entries as
 * prism-react-renderer merges them (its themeToDict).
 * @param {PrismTheme} theme
 * @returns {Map<string, Record<string, string | number>>}
 */
function stylesByType(theme) {
  /** @type {Map<string, Record<string, string | number>>} */
  const byType = new Map();
  for (const {types, style, languages} of theme.styles) {
    if (languages) continue;
    for (const type of types)
      byType.set(type, {...byType.get(type), .../** @type {{}} */ (style)});
  }
  return byType;
}

/**
 * The token types either theme styles, for the order of a token's classes
 * (lines.mjs).
 * @param {PrismTheme[]} themesUsed
 */
export function styledTypesOf(themesUsed) {
  return [
    ...new Set(themesUsed.flatMap((theme) => [...stylesByType(theme).keys()])),
  ];
}

/**
 * The CSS that colours the build's `token <type> <type>…` spans as
 * prism-react-renderer colours them: a token's style is its types' styles
 * merged in order, the last type's winning. Each type's rule applies wherever
 * the type is; the rules for the type a token's classes end with come after,
 * so that a tag's name, attributes and punctuation each get their own colour
 * (lines.mjs puts a token's types that no theme styles first).
 * @param {PrismTheme} theme
 * @param {string} scope the selector of the code blocks in that theme's mode
 */
export function tokenCss(theme, scope) {
  const byType = stylesByType(theme);
  /** @param {Record<string, string | number>} style */
  const declarations = (style) =>
    Object.entries(style)
      .map(([name, value]) => `${cssProperty(name)}: ${value};`)
      .join(' ');
  const rules = [...byType].map(
    ([type, style]) => `${scope} .token.${type} { ${declarations(style)} }`,
  );
  const lastRules = [...byType].map(
    ([type, style]) =>
      `${scope} .token[class$=" ${type}"] { ${declarations(style)} }`,
  );
  return [...rules, ...lastRules].join('\n') + '\n';
}

/**
 * The code colours of both modes, and the plain colours as the variables
 * code-blocks.css uses. Light is the default, also for pages read without
 * JavaScript, which sets data-theme.
 * @param {PrismTheme} light
 * @param {PrismTheme} dark
 */
export function codeColoursCss(light, dark) {
  /** @param {string} selector @param {PrismTheme} theme */
  const plain = (selector, theme) =>
    `${selector} { --prism-color: ${theme.plain.color}; --prism-background-color: ${theme.plain.backgroundColor}; }`;
  return [
    plain(':root', light),
    plain("[data-theme='dark']", dark),
    tokenCss(light, ":root:not([data-theme='dark']) .prism-code"),
    tokenCss(dark, "[data-theme='dark'] .prism-code"),
  ].join('\n');
}

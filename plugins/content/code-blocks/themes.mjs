// The site's code colours, as Prism themes: GitHub's in light mode and
// Dracula in dark mode, as prism-react-renderer has them, with every colour
// at least 4.5:1 on the code background. docusaurus.config.ts gives them to
// the theme (so that a page built the stock way colours its code with them)
// and this plugin turns them into CSS (codeColours), for the code the site
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
 * Each token type's style classes, by mode and property (`l color`): a
 * token's classes are its types' merged in order, the last type that sets a
 * property giving its class, as prism-react-renderer merges their styles.
 * @typedef {Record<string, Record<string, string>>} TypeClasses
 */

/**
 * The CSS of the code colours of both modes, and the classes that give each
 * token type its style (lines.mjs puts them on each token): one class for
 * each value a theme gives a property (`l3` is the light theme's fourth,
 * `d0` the dark theme's first), so that a token's style is its types'
 * styles merged as prism-react-renderer merges them, whatever types it has.
 * Light is the default, also for pages read without JavaScript, which sets
 * data-theme.
 * @param {PrismTheme} light
 * @param {PrismTheme} dark
 * @returns {{css: string, typeClasses: TypeClasses}}
 */
export function codeColours(light, dark) {
  /** @type {TypeClasses} */
  const typeClasses = {};
  const rules = [
    plainColours(':root', light),
    plainColours("[data-theme='dark']", dark),
  ];
  for (const [prefix, theme, scope] of /** @type {const} */ ([
    ['l', light, ":root:not([data-theme='dark']) .prism-code"],
    ['d', dark, "[data-theme='dark'] .prism-code"],
  ])) {
    /** @type {Map<string, string>} the class of each declaration */
    const classes = new Map();
    for (const [type, style] of stylesByType(theme)) {
      for (const [name, value] of Object.entries(style)) {
        const declaration = `${cssProperty(name)}: ${value};`;
        let className = classes.get(declaration);
        if (!className) {
          className = `${prefix}${classes.size}`;
          classes.set(declaration, className);
          rules.push(`${scope} .token.${className} { ${declaration} }`);
        }
        (typeClasses[type] ??= {})[`${prefix} ${name}`] = className;
      }
    }
  }
  return {css: rules.join('\n') + '\n', typeClasses};
}

/** @param {string} selector @param {PrismTheme} theme */
const plainColours = (selector, theme) =>
  `${selector} { --prism-color: ${theme.plain.color}; --prism-background-color: ${theme.plain.backgroundColor}; }`;

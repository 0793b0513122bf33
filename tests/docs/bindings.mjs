// Holds the docs' secrets to their bindings. A secret is bound when it is
// stored, with `nodekeeper secrets set NAME --bind TARGET`, and no apply binds
// one: so every recipe that stores a named secret gives `--bind`, with a target
// the CLI takes, each name is bound one way across the docs, the project files
// the docs show name a secret only where its binding lets it go, and a plan
// line that shows a binding shows that one.
import {parse} from 'yaml';
import {invalidMarker, isProjectFile} from './check-examples.mjs';
import {codeBlocks} from './markdown.mjs';

/** The channel types whose credential is bound to their service. */
export const serviceTypes = ['slack', 'discord', 'telegram', 'pagerduty'];

const placeholders = new Set(['TARGET', 'HOST:PORT', 'channel:TYPE']);
const target = new RegExp(
  String.raw`^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)+:\d{1,5}|channel:(?:${serviceTypes.join('|')})|webhook:[a-z][a-z0-9-]*|webhook:CHANNEL)$`,
);
const setUse =
  /(?<![\w./@-])nodekeeper secrets set((?: +(?:--?[a-z][\w-]*|[\w@.:/${}-]+))+)/g;
const planLine = /secret ([A-Z][A-Z0-9_]*): bound to ([^\s,`]+)/g;

/**
 * Each `nodekeeper secrets set` of a named secret in `text`, with its line
 * and the `--bind` it gives, if any.
 * @param {string} text
 */
export function storedSecrets(text) {
  return text.split('\n').flatMap((line, index) =>
    [...line.matchAll(setUse)].flatMap((match) => {
      const words = match[1].trim().split(/ +/);
      const name = words.find((word) => /^[A-Z][A-Z0-9_]*$/.test(word));
      if (!name || name === 'NAME') return [];
      const at = words.indexOf('--bind');
      return [
        {line: index + 1, name, bind: at === -1 ? undefined : words[at + 1]},
      ];
    }),
  );
}

/**
 * The target a project file's use of a secret needs: the host and port of a
 * node's `url`, or the channel's type or name.
 * @param {any} file a parsed project file
 * @returns {{name: string, needs: string, where: string}[]}
 */
export function secretUses(file) {
  const names = (/** @type {unknown} */ value) =>
    [
      ...JSON.stringify(value ?? '').matchAll(
        /\$\{secret:([A-Z][A-Z0-9_]*)\}/g,
      ),
    ].map((match) => match[1]);
  const nodes = (file?.nodes ?? []).flatMap((/** @type {any} */ node) => {
    const url = new URL(String(node.url).replace(/\$\{[^}]*\}/g, 'x'));
    const needs = `${url.hostname}:${url.port || 443}`;
    return names([node.url, node.headers]).map((name) => ({
      name,
      needs,
      where: `node ${node.name}`,
    }));
  });
  const channels = (file?.channels ?? []).flatMap(
    (/** @type {any} */ channel) =>
      names(channel).map((name) => ({
        name,
        needs:
          channel.type === 'webhook'
            ? `webhook:${channel.name}`
            : `channel:${channel.type}`,
        where: `channel ${channel.name}`,
      })),
  );
  return [...nodes, ...channels];
}

/**
 * The problems with the bindings of `pages`, as printable lines.
 * @param {{file: string, text: string}[]} pages
 * @returns {string[]}
 */
export function checkBindings(pages) {
  /** @type {string[]} */
  const problems = [];
  /** @type {Map<string, {bind: string, at: string}>} */
  const bound = new Map();
  for (const {file, text} of pages) {
    for (const {line, name, bind} of storedSecrets(text)) {
      const at = `${file}:${line}`;
      if (bind === undefined) {
        problems.push(
          `${at}: stores ${name} without --bind: a new name is refused, and an existing one's binding goes unchecked`,
        );
      } else if (placeholders.has(bind)) {
        continue;
      } else if (!target.test(bind)) {
        problems.push(
          `${at}: --bind ${bind} is not HOST:PORT, channel:TYPE or webhook:CHANNEL`,
        );
      } else if (bound.has(name) && bound.get(name)?.bind !== bind) {
        problems.push(
          `${at}: binds ${name} to ${bind}, where ${bound.get(name)?.at} binds it to ${bound.get(name)?.bind}`,
        );
      } else if (!bound.has(name)) {
        bound.set(name, {bind, at});
      }
    }
  }
  for (const {file, text} of pages) {
    for (const block of codeBlocks(text, file)) {
      if (
        block.lang === 'yaml' &&
        isProjectFile(block) &&
        !block.title.startsWith(invalidMarker)
      ) {
        for (const {name, needs, where} of secretUses(parse(block.code))) {
          const binding = bound.get(name);
          if (binding && binding.bind !== needs)
            problems.push(
              `${file}:${block.line}: ${where} names ${name}, which ${binding.at} binds to ${binding.bind}, not ${needs}: the apply would be refused`,
            );
        }
      }
    }
    text.split('\n').forEach((line, index) => {
      for (const [, name, bind] of line.matchAll(planLine)) {
        if (name === 'NAME') continue;
        const binding = bound.get(name);
        if (!binding || binding.bind !== bind)
          problems.push(
            `${file}:${index + 1}: a plan shows ${name} bound to ${bind}, where ${binding ? `${binding.at} binds it to ${binding.bind}` : 'no recipe stores it'}`,
          );
      }
    });
  }
  return problems;
}

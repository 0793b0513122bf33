// Validates a nodekeeper.yaml the way the docs say the CLI does (see "How the
// CLI validates a file" in docs/projects/yaml.md): YAML syntax, then the
// published JSON Schema, then the rules a schema cannot express.
import {readFileSync} from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {LineCounter, parseDocument} from 'yaml';

const root = new URL('../../', import.meta.url);

export const schemaPath = 'static/schemas/nodekeeper.schema.json';
export const schema = JSON.parse(readFileSync(new URL(schemaPath, root), 'utf8'));

const builtinBundles = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(new URL('tests/docs/builtin-bundles.json', root), 'utf8')),
  ).filter(([name]) => !name.startsWith('$')),
);
export {builtinBundles};

/** The protocol family of each chain the schema accepts. */
export const chainFamilies = {
  ethereum: 'evm',
  'ethereum-sepolia': 'evm',
  'arbitrum-one': 'evm',
  base: 'evm',
  optimism: 'evm',
  polygon: 'evm',
  cosmoshub: 'cosmos',
  osmosis: 'cosmos',
  celestia: 'cosmos',
  solana: 'solana',
  'solana-devnet': 'solana',
};

const familyNames = {evm: 'EVM', cosmos: 'Cosmos', solana: 'Solana'};

// The discriminator picks a channel's branch by its type, so that errors
// speak of that type only.
const ajv = new Ajv2020({allErrors: true, strict: true, discriminator: true});
addFormats(ajv);
const validateSchema = ajv.compile(schema);

// Friendlier words for the patterns of the schema's shared definitions.
const patternMessages = {
  identifier:
    'must be lowercase letters, digits and hyphens, start with a letter and not end with a hyphen',
  duration: 'must be a duration: a whole number and ms, s, m or h, such as 30s',
  secretReference: 'must be a secret reference such as ${secret:NAME}, never the secret itself',
  bundleReference: 'must be a bundle name, with @version for a built-in bundle',
};

const typeNames = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of keys',
};

/**
 * @typedef {{line: number, column: number, path: string, message: string}} Problem
 * @param {string} text the file's content
 * @returns {Problem[]} nothing when the file is valid
 */
export function validateProjectFile(text) {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, {lineCounter, uniqueKeys: true});
  if (document.errors.length > 0) {
    return document.errors.map((error) => ({
      ...position(lineCounter, error.pos[0]),
      path: '',
      message: error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
    }));
  }
  const locate = (segments, atKey = false) =>
    position(lineCounter, offsetOf(document, segments, atKey));
  const data = document.toJS();

  if (!validateSchema(data)) {
    return sortProblems(
      validateSchema.errors.flatMap((error) => {
        const problem = schemaProblem(error);
        if (!problem) return [];
        const {segments, atKey, message} = problem;
        return [{...locate(segments, atKey), path: dotted(segments), message}];
      }),
    );
  }
  return sortProblems(
    ruleProblems(data).map(({segments, atKey, message}) => ({
      ...locate(segments, atKey),
      path: dotted(segments),
      message,
    })),
  );
}

/** The lines the CLI prints for a file's problems. */
export function formatProblems(file, problems) {
  return problems.map(
    ({line, column, path, message}) =>
      `${file}:${line}:${column}: ${path ? `${path}: ` : ''}${message}`,
  );
}

function schemaProblem(error) {
  const segments = error.instancePath.split('/').slice(1).map(unescapePointer);
  // An `if` error only repeats the errors of its `then` branch; a propertyNames
  // error wraps the error of the name itself.
  if (error.keyword === 'if' || error.keyword === 'propertyNames') return null;
  if (error.propertyName !== undefined) {
    return {
      segments: [...segments, error.propertyName],
      atKey: true,
      message: `"${error.propertyName}" is not allowed as a key here`,
    };
  }
  const definition = error.schemaPath.match(/^#\/\$defs\/(\w+)\/pattern$/)?.[1];
  switch (error.keyword) {
    case 'required':
      return {segments, message: `missing required key "${error.params.missingProperty}"`};
    case 'additionalProperties':
      return {
        segments: [...segments, error.params.additionalProperty],
        atKey: true,
        message: `unknown key "${error.params.additionalProperty}"`,
      };
    case 'unevaluatedProperties':
      return {
        segments: [...segments, error.params.unevaluatedProperty],
        atKey: true,
        message: `unknown key "${error.params.unevaluatedProperty}"`,
      };
    case 'discriminator':
      return error.params.error === 'mapping'
        ? {segments: [...segments, 'type'], message: `must be one of: ${channelTypes.join(', ')}`}
        : {segments, message: 'missing required key "type"'};
    case 'enum':
      return {segments, message: `must be one of: ${error.params.allowedValues.join(', ')}`};
    case 'const':
      return {segments, message: `must be ${JSON.stringify(error.params.allowedValue)}`};
    case 'type':
      return {segments, message: `must be ${typeNames[error.params.type] ?? error.params.type}`};
    case 'pattern':
      return {
        segments,
        message:
          patternMessages[definition] ??
          (error.params.pattern.startsWith('^(?:https|wss)')
            ? 'must start with https:// or wss://'
            : error.params.pattern === '^https://'
              ? 'must start with https://'
              : `must match ${error.params.pattern}`),
      };
    case 'format':
      return {segments, message: `must be ${formatNames[error.params.format] ?? error.params.format}`};
    case 'uniqueItems':
      return {segments: [...segments, error.params.i], message: 'repeats an earlier item'};
    case 'minItems':
      return {segments, message: `must list at least ${error.params.limit}`};
    case 'minProperties':
      return {segments, message: `must have at least ${error.params.limit} key`};
    case 'minimum':
      return {segments, message: `must be at least ${error.params.limit}`};
    case 'maximum':
      return {segments, message: `must be at most ${error.params.limit}`};
    case 'maxLength':
      return {segments, message: `must be at most ${error.params.limit} characters`};
    case 'minLength':
      return {segments, message: 'must not be empty'};
    default:
      return {segments, message: error.message};
  }
}

const channelTypes = schema.$defs.channelCommon.properties.type.enum;

const formatNames = {uri: 'a URL', email: 'an email address', regex: 'a regular expression'};

const thresholdKinds = ['latency', 'block_lag', 'peers'];
const minimumInterval = 10_000;
const maximumTimeout = 60_000;

/** The rules the CLI checks once the file matches the schema. */
function ruleProblems(data) {
  const problems = [];
  const report = (segments, message, atKey = false) => problems.push({segments, atKey, message});
  const defaults = data.defaults ?? {};
  const localBundles = data.bundles ?? {};

  reportDuplicates(data.nodes, ['nodes'], 'node', report);
  reportDuplicates(data.channels ?? [], ['channels'], 'channel', report);
  reportDuplicates(data.alerts ?? [], ['alerts'], 'alert rule', report);

  for (const name of Object.keys(localBundles)) {
    if (Object.keys(builtinBundles).some((builtin) => builtin.split('@')[0] === name)) {
      report(['bundles', name], `"${name}" is the name of a built-in bundle: choose another`, true);
    }
    const reference = localBundles[name].extends;
    if (reference !== undefined) {
      const message = bundleReferenceProblem(reference, localBundles);
      if (message) report(['bundles', name, 'extends'], message);
      else if (extendsCycle(name, localBundles)) {
        report(['bundles', name, 'extends'], `"${name}" extends itself through ${reference}`);
      }
    }
    reportCheckRules(localBundles[name].checks, ['bundles', name, 'checks'], report);
  }

  data.nodes.forEach((node, index) => {
    const at = ['nodes', index];
    const family = chainFamilies[node.chain];
    const bundles = node.bundles ?? [];
    // The checks a node ends up with make sense only if its bundles do.
    let resolvable = true;
    bundles.forEach((reference, position) => {
      const message = bundleReferenceProblem(reference, localBundles);
      if (message) {
        resolvable = false;
        report([...at, 'bundles', position], message);
        return;
      }
      const bundleFamily = familyOf(reference, localBundles);
      if (bundleFamily && bundleFamily !== family) {
        resolvable = false;
        report(
          [...at, 'bundles', position],
          `${reference} is for ${familyNames[bundleFamily]} chains, and ${node.chain} is a ${familyNames[family]} chain`,
        );
      }
    });
    if (node.checks) reportCheckRules(node.checks, [...at, 'checks'], report);
    if (!resolvable || extendsCycleAny(localBundles)) return;

    const checks = effectiveChecks(node, defaults, localBundles);
    const enabled = Object.entries(checks).filter(([, check]) => check.enabled !== false);
    if (enabled.length === 0) {
      report(at, 'has no checks: add a bundle or a check');
    }
    for (const [kind, check] of enabled) {
      // Point at the node's own settings for the check when there are some.
      const where = node.checks?.[kind] ? [...at, 'checks', kind] : at;
      const subject = node.checks?.[kind] ? '' : `${kind}: `;
      if (kind === 'peers' && family === 'solana') {
        report(where, 'Solana RPC has no peer count: the peers check cannot run on a Solana node');
      }
      if (thresholdKinds.includes(kind) && check.warn === undefined && check.critical === undefined) {
        report(where, `the ${kind} check needs a warn or a critical threshold`);
      }
      if (check.warn !== undefined && check.critical !== undefined) {
        const [warn, critical] = [measure(check.warn), measure(check.critical)];
        if (kind === 'peers' ? warn <= critical : warn >= critical) {
          report(
            where,
            `${subject}warn (${check.warn}) must be ${kind === 'peers' ? 'higher' : 'lower'} than critical (${check.critical})`,
          );
        }
      }
      const interval = milliseconds(check.interval);
      if (interval >= minimumInterval && milliseconds(check.timeout) >= interval) {
        report(
          where,
          `${subject}timeout (${check.timeout}) must be shorter than interval (${check.interval})`,
        );
      }
    }
  });

  const channelNames = new Set((data.channels ?? []).map((channel) => channel.name));
  const nodeNames = new Set(data.nodes.map((node) => node.name));
  (data.alerts ?? []).forEach((alert, index) => {
    alert.notify.forEach((name, position) => {
      if (!channelNames.has(name)) {
        report(['alerts', index, 'notify', position], `no channel is named "${name}"`);
      }
    });
    (alert.match?.nodes ?? []).forEach((name, position) => {
      if (!nodeNames.has(name)) {
        report(['alerts', index, 'match', 'nodes', position], `no node is named "${name}"`);
      }
    });
  });

  if (data.members && !data.members.some((member) => member.role === 'owner')) {
    report(['members'], 'needs at least one owner');
  }
  reportTimingRules(defaults, ['defaults'], report);
  return problems;
}

function reportDuplicates(items, at, what, report) {
  const seen = new Set();
  items.forEach((item, index) => {
    if (seen.has(item.name)) {
      report([...at, index, 'name'], `another ${what} is already named "${item.name}"`);
    }
    seen.add(item.name);
  });
}

function reportCheckRules(checks, at, report) {
  for (const [kind, check] of Object.entries(checks)) {
    reportTimingRules(check, [...at, kind], report);
  }
}

// Interval and timeout limits that hold wherever they are set.
function reportTimingRules({interval, timeout}, at, report) {
  if (interval !== undefined && milliseconds(interval) < minimumInterval) {
    report([...at, 'interval'], 'must be at least 10s');
  }
  if (timeout !== undefined && milliseconds(timeout) > maximumTimeout) {
    report([...at, 'timeout'], 'must be at most 60s');
  }
}

function bundleReferenceProblem(reference, localBundles) {
  if (reference.includes('@')) {
    if (builtinBundles[reference]) return null;
    const versions = Object.keys(builtinBundles).filter((builtin) =>
      builtin.startsWith(`${reference.split('@')[0]}@`),
    );
    return versions.length > 0
      ? `unknown version: ${reference.split('@')[0]} has ${versions.join(', ')}`
      : `no built-in bundle is named "${reference.split('@')[0]}"`;
  }
  if (localBundles[reference]) return null;
  const latest = Object.keys(builtinBundles).filter((builtin) =>
    builtin.startsWith(`${reference}@`),
  ).at(-1);
  return latest
    ? `a built-in bundle needs its version, such as ${latest}`
    : `no bundle is named "${reference}": define it under bundles`;
}

function extendsCycle(name, localBundles) {
  const seen = new Set([name]);
  for (let next = localBundles[name].extends; next && localBundles[next]; next = localBundles[next].extends) {
    if (seen.has(next)) return true;
    seen.add(next);
  }
  return false;
}

function extendsCycleAny(localBundles) {
  return Object.keys(localBundles).some((name) => extendsCycle(name, localBundles));
}

function familyOf(reference, localBundles) {
  if (builtinBundles[reference]) return builtinBundles[reference].family;
  const parent = localBundles[reference]?.extends;
  return parent ? familyOf(parent, localBundles) : null;
}

function bundleChecks(reference, localBundles) {
  if (builtinBundles[reference]) return [builtinBundles[reference].checks];
  const bundle = localBundles[reference];
  return [...(bundle.extends ? bundleChecks(bundle.extends, localBundles) : []), bundle.checks];
}

/** Each check of a node with its settings after defaults, bundles and the node's own. */
function effectiveChecks(node, defaults, localBundles) {
  const layers = [
    ...(node.bundles ?? []).flatMap((reference) => bundleChecks(reference, localBundles)),
    node.checks ?? {},
  ];
  const checks = {};
  for (const layer of layers) {
    for (const [kind, settings] of Object.entries(layer)) {
      checks[kind] = {...checks[kind], ...settings};
    }
  }
  for (const check of Object.values(checks)) {
    check.interval ??= defaults.interval ?? '30s';
    check.timeout ??= defaults.timeout ?? '10s';
  }
  return checks;
}

function milliseconds(duration) {
  const [, amount, unit] = duration.match(/^(\d+)(ms|s|m|h)$/);
  return Number(amount) * {ms: 1, s: 1000, m: 60_000, h: 3_600_000}[unit];
}

function measure(value) {
  return typeof value === 'number' ? value : milliseconds(value);
}

function unescapePointer(segment) {
  const unescaped = segment.replace(/~1/g, '/').replace(/~0/g, '~');
  return /^\d+$/.test(unescaped) ? Number(unescaped) : unescaped;
}

function dotted(segments) {
  return segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${segment}`,
    )
    .join('');
}

// The offset of the value at `segments`, or of its key; the nearest existing
// ancestor when the value is missing.
function offsetOf(document, segments, atKey) {
  let node = document.contents;
  let offset = node?.range?.[0] ?? 0;
  for (const segment of segments) {
    if (!node?.items) break;
    const item =
      typeof segment === 'number'
        ? node.items[segment]
        : node.items.find((pair) => pair.key?.value === segment);
    if (!item) break;
    if (typeof segment === 'number') {
      node = item;
      offset = item.range?.[0] ?? offset;
    } else {
      node = item.value;
      offset = (atKey ? item.key.range?.[0] : item.value?.range?.[0]) ?? item.key.range[0];
    }
  }
  return offset;
}

function position(lineCounter, offset) {
  const {line, col} = lineCounter.linePos(offset);
  return {line, column: col};
}

function sortProblems(problems) {
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

// Validates a nodekeeper.yaml the way the docs say the CLI does (see "How the
// CLI checks a file" in docs/projects/yaml.md): YAML syntax, then the
// published JSON Schema, then the few rules a schema cannot say.
import {readFileSync} from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {LineCounter, isMap, isNode, isScalar, isSeq, parseDocument} from 'yaml';

const root = new URL('../../', import.meta.url);

/**
 * A project file as the rules read it, once it matches the schema.
 * @typedef {{warn?: number | string, critical?: number | string, expect?: string, enabled?: boolean, interval?: string, timeout?: string}} CheckSettings
 * @typedef {CheckSettings & {interval: string, timeout: string}} ResolvedCheck
 * @typedef {{name: string, chain: string, url: string, headers?: Record<string, string>, bundles?: string[], checks?: Record<string, CheckSettings>}} ProjectNode
 * @typedef {{extends?: string, checks: Record<string, CheckSettings>}} Bundle
 * @typedef {{name: string, notify: string[], match?: {nodes?: string[]}}} AlertRule
 * @typedef {{
 *   nodes: ProjectNode[],
 *   defaults?: {interval?: string, timeout?: string},
 *   bundles?: Record<string, Bundle>,
 *   channels?: {name: string, type: string}[],
 *   alerts?: AlertRule[],
 *   silencing_notices?: string[],
 * }} ProjectData
 */

/**
 * Where a problem is (a key or list index for each level) and what is wrong;
 * `atKey` points at the key rather than its value.
 * @typedef {string | number} Segment
 * @typedef {{segments: Segment[], atKey?: boolean, message: string}} Found
 * @typedef {(data: ProjectData) => Found[]} Rule
 */

export const schemaPath = 'static/schemas/nodekeeper.schema.json';
export const schema = JSON.parse(
  readFileSync(new URL(schemaPath, root), 'utf8'),
);

/**
 * The built-in bundles as the service ships them, by reference (`evm-rpc@2`).
 * @type {Record<string, {family: string, checks: Record<string, CheckSettings>}>}
 */
export const builtinBundles = Object.fromEntries(
  Object.entries(
    JSON.parse(
      readFileSync(new URL('tests/docs/builtin-bundles.json', root), 'utf8'),
    ),
  ).filter(([name]) => !name.startsWith('$')),
);

/**
 * The protocol family of each chain the schema accepts.
 * @type {Record<string, string>}
 */
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

/** @type {Record<string, string>} */
const familyNames = {evm: 'EVM', cosmos: 'Cosmos', solana: 'Solana'};

// allowUnionTypes: a webhook's `secret` is one reference, or a list of two.
// verbose: errors carry the subschema that failed, to word them by place.
const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  allowUnionTypes: true,
  verbose: true,
});
addFormats(ajv);
// A file that passes the schema is a ProjectData (JSDoc cannot give compile() its type argument).
const validateSchema =
  /** @type {import('ajv').ValidateFunction<ProjectData>} */ (
    ajv.compile(schema)
  );

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
      message: error.message
        .split('\n')[0]
        .replace(/ at line \d+, column \d+:?$/, ''),
    }));
  }
  /** @type {unknown} */
  const data = document.toJS();
  const found = validateSchema(data)
    ? rules.flatMap((rule) => rule(data))
    : (validateSchema.errors ?? []).flatMap(
        (error) => schemaProblem(error) ?? [],
      );
  const problems = found.map(({segments, atKey = false, message}) => ({
    ...position(lineCounter, offsetOf(document, segments, atKey)),
    path: dotted(segments),
    message,
  }));
  return sortProblems(unique(problems));
}

/**
 * The lines the CLI prints for a file's problems.
 * @param {string} file
 * @param {Problem[]} problems
 */
export function formatProblems(file, problems) {
  return problems.map(
    ({line, column, path, message}) =>
      `${file}:${line}:${column}: ${path ? `${path}: ` : ''}${message}`,
  );
}

// What a failed pattern means, in the words of the reference.
const patternMessages = {
  [schema.$defs.identifier.pattern]:
    'must be lowercase letters, digits and hyphens, start with a letter and not end with a hyphen',
  [schema.$defs.duration.pattern]:
    'must be a duration: a whole number and ms, s, m or h, such as 30s',
  [schema.$defs.interval.pattern]:
    'must be a duration from 10s to 1h, such as 30s',
  [schema.$defs.timeout.pattern]:
    'must be a duration of at most 60s, such as 10s',
  [schema.$defs.secretReference.pattern]:
    'must be a secret reference such as ${secret:NAME}, never the secret itself',
  [schema.$defs.bundleReference.pattern]:
    'must be a bundle name, with @version for a built-in bundle',
  [schema.$defs.node.properties.url.pattern]:
    'must start with https:// or wss://',
  [schema.$defs.node.properties.url.allOf[0].pattern]:
    'must be a URL with a host name; write a key in its path or query as ${secret:NAME}',
  [schema.$defs.webhookChannel.properties.url.pattern]:
    'must start with https://',
  [schema.$defs.labels.propertyNames.pattern]:
    'is not a label key: lowercase letters, digits, _ and -, starting with a letter',
  [schema.$defs.node.properties.headers.propertyNames.pattern]:
    'is not a header name: letters, digits and hyphens',
  // The same message as `format: email`, which editors may not check.
  [schema.$defs.member.properties.email.pattern]: 'must be an email address',
};

// Messages for one place of the schema, where the keyword alone says too little.
const placeMessages = new Map(
  /** @type {[unknown, Record<string, string>][]} */ ([
    [
      schema.$defs.node.allOf[0].then.properties.url,
      {pattern: 'must start with https://: Solana checks are HTTP requests'},
    ],
    [schema.properties.members, {contains: 'needs at least one owner'}],
    [
      schema.$defs.labels.additionalProperties,
      {
        not: "a secret reference works only in a node's url and headers and in credential keys",
      },
    ],
  ]),
);

/** @type {Record<string, string>} */
const typeNames = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of keys',
};

/** @type {Record<string, string>} */
const formatNames = {
  uri: 'a URL',
  email: 'an email address',
  regex: 'a regular expression',
};

/**
 * @param {import('ajv').ErrorObject} error
 * @returns {Found | null}
 */
function schemaProblem(error) {
  const segments = error.instancePath.split('/').slice(1).map(unescapePointer);
  // An `if` error only repeats its `then` branch's; a `propertyNames` error
  // wraps the error of the name itself; a `contains` error sums up its items'.
  if (error.keyword === 'if' || error.keyword === 'propertyNames') return null;
  if (error.schemaPath.includes('/contains/')) return null;
  const place = placeMessages.get(error.parentSchema)?.[error.keyword];
  if (place) return {segments, message: place};
  if (error.propertyName !== undefined) {
    return {
      segments: [...segments, error.propertyName],
      atKey: true,
      message: `"${error.propertyName}" ${patternMessages[error.params.pattern] ?? 'is not allowed as a key here'}`,
    };
  }
  const unknownKey =
    error.params.additionalProperty ?? error.params.unevaluatedProperty;
  switch (error.keyword) {
    case 'required':
      return {
        segments,
        message: `missing required key "${error.params.missingProperty}"`,
      };
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return {
        segments: [...segments, unknownKey],
        atKey: true,
        message: `unknown key "${unknownKey}"`,
      };
    case 'enum':
      return {
        segments,
        message: `must be one of: ${error.params.allowedValues.join(', ')}`,
      };
    case 'const':
      return {
        segments,
        message: `must be ${JSON.stringify(error.params.allowedValue)}`,
      };
    case 'type':
      return {
        segments,
        message: `must be ${[error.params.type]
          .flat()
          .map((type) => typeNames[type])
          .join(' or ')}`,
      };
    case 'pattern':
      return {
        segments,
        message:
          patternMessages[error.params.pattern] ??
          `must match ${error.params.pattern}`,
      };
    case 'format':
      return {
        segments,
        message: `must be ${formatNames[error.params.format] ?? error.params.format}`,
      };
    case 'uniqueItems':
      return {
        segments: [...segments, error.params.i],
        message: 'repeats an earlier item',
      };
    case 'minItems':
      return {segments, message: `must list at least ${error.params.limit}`};
    case 'maxItems':
      return {segments, message: `must list at most ${error.params.limit}`};
    case 'minProperties':
      return {
        segments,
        message: `must have at least ${error.params.limit} key`,
      };
    case 'minimum':
      return {segments, message: `must be at least ${error.params.limit}`};
    case 'maximum':
      return {segments, message: `must be at most ${error.params.limit}`};
    case 'maxLength':
      return {
        segments,
        message: `must be at most ${error.params.limit} characters`,
      };
    case 'minLength':
      return {segments, message: 'must not be empty'};
    default:
      return {segments, message: error.message ?? error.keyword};
  }
}

// The rules below run once the file matches the schema. Each returns the
// problems it finds as {segments, atKey?, message}: where, and what is wrong.

// Names of nodes, channels and alert rules are unique in the file: uniqueItems compares whole items.
/** @type {Rule} */
function uniqueNames(data) {
  /** @type {['nodes' | 'channels' | 'alerts', string][]} */
  const lists = [
    ['nodes', 'node'],
    ['channels', 'channel'],
    ['alerts', 'alert rule'],
  ];
  return lists.flatMap(([key, what]) => {
    const seen = new Set();
    /** @type {{name: string}[]} */
    const items = data[key] ?? [];
    return items.flatMap((item, index) => {
      const repeated = seen.has(item.name);
      seen.add(item.name);
      return repeated
        ? [
            {
              segments: [key, index, 'name'],
              message: `another ${what} is already named "${item.name}"`,
            },
          ]
        : [];
    });
  });
}

// HTTP header names ignore case, so two that differ only in case are the same header.
/** @type {Rule} */
function uniqueHeaderNames(data) {
  return data.nodes.flatMap((node, index) => {
    const seen = new Set();
    return Object.keys(node.headers ?? {}).flatMap((name) => {
      const repeated = seen.has(name.toLowerCase());
      seen.add(name.toLowerCase());
      return repeated
        ? [
            {
              segments: ['nodes', index, 'headers', name],
              atKey: true,
              message: `repeats the header "${name}": header names ignore case`,
            },
          ]
        : [];
    });
  });
}

// Secret references are read in a node's url and headers and in credential keys only; anywhere else they would be used as written.
/** @type {Rule} */
function secretReferences(data) {
  const reference = /^\$\{secret:[A-Z][A-Z0-9_]*\}$/;
  return stringLeaves(data).flatMap(({segments, value}) => {
    const references = value.match(/\$\{[^}]*\}?/g) ?? [];
    if (references.length === 0) return [];
    const [first, second, third] = segments;
    const inNode =
      first === 'nodes' && (third === 'url' || third === 'headers');
    const credential = first === 'channels' && typeof second === 'number';
    if (credential) return [];
    if (!inNode) {
      return [
        {
          segments,
          message:
            "a secret reference works only in a node's url and headers and in credential keys",
        },
      ];
    }
    const malformed = references.find((text) => !reference.test(text));
    return malformed
      ? [
          {
            segments,
            message: `"${malformed}" is not a secret reference: write \${secret:NAME}, NAME in capitals, digits and _`,
          },
        ]
      : [];
  });
}

// The built-in bundles live in the service: a bundle of yours must not take one of their names.
/** @type {Rule} */
function bundleNamesFree(data) {
  return Object.keys(data.bundles ?? {}).flatMap((name) =>
    Object.keys(builtinBundles).some(
      (builtin) => builtin.split('@')[0] === name,
    )
      ? [
          {
            segments: ['bundles', name],
            atKey: true,
            message: `"${name}" is the name of a built-in bundle: choose another`,
          },
        ]
      : [],
  );
}

// Every bundle reference names a published version of a built-in bundle, or a bundle of the file.
/** @type {Rule} */
function bundleReferencesResolve(data) {
  const local = data.bundles ?? {};
  return [
    ...Object.entries(local).flatMap(([name, bundle]) => {
      const message =
        bundle.extends === undefined
          ? null
          : bundleReferenceProblem(bundle.extends, local);
      return message ? [{segments: ['bundles', name, 'extends'], message}] : [];
    }),
    ...data.nodes.flatMap((node, index) =>
      (node.bundles ?? []).flatMap((reference, position) => {
        const message = bundleReferenceProblem(reference, local);
        return message
          ? [{segments: ['nodes', index, 'bundles', position], message}]
          : [];
      }),
    ),
  ];
}

// A bundle of yours cannot extend itself, directly or through another bundle.
/** @type {Rule} */
function noExtendsCycles(data) {
  const local = data.bundles ?? {};
  return Object.entries(local).flatMap(([name, bundle]) =>
    extendsCycle(name, local)
      ? [
          {
            segments: ['bundles', name, 'extends'],
            message: `"${name}" extends itself through ${bundle.extends}`,
          },
        ]
      : [],
  );
}

// A built-in bundle runs only on the protocol it is made for.
/** @type {Rule} */
function bundlesMatchProtocol(data) {
  const local = data.bundles ?? {};
  return data.nodes.flatMap((node, index) => {
    const family = chainFamilies[node.chain];
    return (node.bundles ?? []).flatMap((reference, position) => {
      const bundleFamily = bundleReferenceProblem(reference, local)
        ? null
        : familyOf(reference, local);
      return bundleFamily && bundleFamily !== family
        ? [
            {
              segments: ['nodes', index, 'bundles', position],
              message: `${reference} is for ${familyNames[bundleFamily]} chains, and ${node.chain} is a ${familyNames[family]} chain`,
            },
          ]
        : [];
    });
  });
}

// The rules that hold for the checks a node ends up with, after defaults, bundles and its own checks.
/** @type {Rule} */
function resolvedChecks(data) {
  const local = data.bundles ?? {};
  if (Object.keys(local).some((name) => extendsCycle(name, local))) return [];
  return data.nodes.flatMap((node, index) => {
    const references = node.bundles ?? [];
    const resolvable = references.every(
      (reference) =>
        !bundleReferenceProblem(reference, local) &&
        [chainFamilies[node.chain], null].includes(familyOf(reference, local)),
    );
    if (!resolvable) return [];
    const at = ['nodes', index];
    const enabled = Object.entries(
      effectiveChecks(node, data.defaults ?? {}, local),
    ).filter(([, check]) => check.enabled !== false);
    if (enabled.length === 0)
      return [
        {segments: at, message: 'has no checks: add a bundle or a check'},
      ];
    return enabled.flatMap(([kind, check]) => {
      // Point at the node's own settings for the check when there are some.
      const own = node.checks?.[kind] !== undefined;
      return checkRules.flatMap((rule) => {
        const message = rule(kind, check, node);
        if (!message) return [];
        return own
          ? [{segments: [...at, 'checks', kind], message}]
          : [{segments: at, message: `${kind}: ${message}`}];
      });
    });
  });
}

const thresholdKinds = ['latency', 'block_lag', 'peers'];

/**
 * Rules for one resolved check: each returns a message, or nothing.
 * @type {((kind: string, check: ResolvedCheck, node: ProjectNode) => string | null)[]}
 */
const checkRules = [
  // Solana RPC has no peer count to ask for.
  (kind, check, node) =>
    kind === 'peers' && chainFamilies[node.chain] === 'solana'
      ? 'Solana RPC has no peer count: the peers check cannot run on a Solana node'
      : null,
  // A check with thresholds is pointless without one.
  (kind, check) =>
    thresholdKinds.includes(kind) &&
    check.warn === undefined &&
    check.critical === undefined
      ? 'needs a warn or a critical threshold'
      : null,
  // client_version compares with `expect`, set in a bundle or the node.
  (kind, check) =>
    kind === 'client_version' && check.expect === undefined
      ? 'needs expect, the version to match, in a bundle or the node'
      : null,
  // warn comes before critical; for peers, fewer is worse.
  (kind, check) => {
    if (check.warn === undefined || check.critical === undefined) return null;
    const [warn, critical] = [measure(check.warn), measure(check.critical)];
    const wrongWay = kind === 'peers' ? warn <= critical : warn >= critical;
    return wrongWay
      ? `warn (${check.warn}) must be ${kind === 'peers' ? 'higher' : 'lower'} than critical (${check.critical})`
      : null;
  },
  // A run must end before the next one starts.
  (kind, check) =>
    milliseconds(check.timeout) >= milliseconds(check.interval)
      ? `timeout (${check.timeout}) must be shorter than interval (${check.interval})`
      : null,
];

// Every channel and node an alert rule names exists in the file.
/** @type {Rule} */
function alertTargetsExist(data) {
  const channels = new Set(
    (data.channels ?? []).map((channel) => channel.name),
  );
  const nodes = new Set(data.nodes.map((node) => node.name));
  return (data.alerts ?? []).flatMap((alert, index) => [
    ...alert.notify.flatMap((name, position) =>
      channels.has(name)
        ? []
        : [
            {
              segments: ['alerts', index, 'notify', position],
              message: `no channel is named "${name}"`,
            },
          ],
    ),
    ...(alert.match?.nodes ?? []).flatMap((name, position) =>
      nodes.has(name)
        ? []
        : [
            {
              segments: ['alerts', index, 'match', 'nodes', position],
              message: `no node is named "${name}"`,
            },
          ],
    ),
  ]);
}

// Every channel that silencing_notices names exists.
/** @type {Rule} */
function noticeChannelsExist(data) {
  const names = new Set((data.channels ?? []).map((channel) => channel.name));
  return (data.silencing_notices ?? []).flatMap((name, position) =>
    names.has(name)
      ? []
      : [
          {
            segments: ['silencing_notices', position],
            message: `no channel is named "${name}"`,
          },
        ],
  );
}

/** @type {Rule[]} */
const rules = [
  uniqueNames,
  uniqueHeaderNames,
  secretReferences,
  bundleNamesFree,
  bundleReferencesResolve,
  noExtendsCycles,
  bundlesMatchProtocol,
  resolvedChecks,
  alertTargetsExist,
  noticeChannelsExist,
];

/**
 * @param {string} reference
 * @param {Record<string, Bundle>} localBundles
 */
function bundleReferenceProblem(reference, localBundles) {
  const [name] = reference.split('@');
  const versions = Object.keys(builtinBundles).filter((builtin) =>
    builtin.startsWith(`${name}@`),
  );
  if (reference.includes('@')) {
    if (builtinBundles[reference]) return null;
    return versions.length > 0
      ? `unknown version: ${name} has ${versions.join(', ')}`
      : `no built-in bundle is named "${name}"`;
  }
  if (localBundles[reference]) return null;
  return versions.length > 0
    ? `a built-in bundle needs its version, such as ${versions.at(-1)}`
    : `no bundle is named "${reference}": define it under bundles`;
}

/**
 * @param {string} name
 * @param {Record<string, Bundle>} localBundles
 */
function extendsCycle(name, localBundles) {
  const seen = new Set([name]);
  for (
    let next = localBundles[name].extends;
    next && localBundles[next];
    next = localBundles[next].extends
  ) {
    if (seen.has(next)) return true;
    seen.add(next);
  }
  return false;
}

/**
 * @param {string} reference
 * @param {Record<string, Bundle>} localBundles
 * @returns {string | null}
 */
function familyOf(reference, localBundles) {
  if (builtinBundles[reference]) return builtinBundles[reference].family;
  const parent = localBundles[reference]?.extends;
  return parent ? familyOf(parent, localBundles) : null;
}

/**
 * @param {string} reference
 * @param {Record<string, Bundle>} localBundles
 * @returns {Record<string, CheckSettings>[]}
 */
function bundleChecks(reference, localBundles) {
  if (builtinBundles[reference]) return [builtinBundles[reference].checks];
  const bundle = localBundles[reference];
  return [
    ...(bundle.extends ? bundleChecks(bundle.extends, localBundles) : []),
    bundle.checks,
  ];
}

/**
 * Each check of a node with its settings after defaults, bundles and the node's own.
 * @param {ProjectNode} node
 * @param {NonNullable<ProjectData['defaults']>} defaults
 * @param {Record<string, Bundle>} localBundles
 */
function effectiveChecks(node, defaults, localBundles) {
  const layers = [
    ...(node.bundles ?? []).flatMap((reference) =>
      bundleChecks(reference, localBundles),
    ),
    node.checks ?? {},
  ];
  /** @type {Record<string, ResolvedCheck>} */
  const checks = {};
  for (const layer of layers) {
    for (const [kind, settings] of Object.entries(layer)) {
      const earlier = checks[kind] ?? {
        interval: defaults.interval ?? '30s',
        timeout: defaults.timeout ?? '10s',
      };
      checks[kind] = {...earlier, ...settings};
    }
  }
  return checks;
}

/**
 * Every string in `value` with its path.
 * @param {unknown} value
 * @param {Segment[]} segments
 * @returns {{segments: Segment[], value: string}[]}
 */
function stringLeaves(value, segments = []) {
  if (typeof value === 'string') return [{segments, value}];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    stringLeaves(child, [
      ...segments,
      Array.isArray(value) ? Number(key) : key,
    ]),
  );
}

/** @param {string} duration a duration the schema accepted, such as 30s */
function milliseconds(duration) {
  const match = duration.match(/^(\d+)(ms|s|m|h)$/);
  if (!match) throw new Error(`not a duration: ${duration}`);
  /** @type {Record<string, number>} */
  const units = {ms: 1, s: 1000, m: 60_000, h: 3_600_000};
  return Number(match[1]) * units[match[2]];
}

/** @param {number | string} value a count, or a duration */
function measure(value) {
  return typeof value === 'number' ? value : milliseconds(value);
}

/**
 * @param {string} segment
 * @returns {Segment}
 */
function unescapePointer(segment) {
  const unescaped = segment.replace(/~1/g, '/').replace(/~0/g, '~');
  return /^\d+$/.test(unescaped) ? Number(unescaped) : unescaped;
}

/** @param {Segment[]} segments */
function dotted(segments) {
  return segments
    .map((segment, index) =>
      typeof segment === 'number'
        ? `[${segment}]`
        : `${index === 0 ? '' : '.'}${segment}`,
    )
    .join('');
}

// The offset of the value at `segments`, or of its key; the nearest existing
// ancestor when the value is missing.
/**
 * @param {import('yaml').Document} document
 * @param {Segment[]} segments
 * @param {boolean} atKey
 */
function offsetOf(document, segments, atKey) {
  /** @type {unknown} */
  let node = document.contents;
  let offset = start(node) ?? 0;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      const item = isSeq(node) ? node.items[segment] : undefined;
      if (!item) break;
      node = item;
      offset = start(item) ?? offset;
    } else {
      const pair = isMap(node)
        ? node.items.find(({key}) => isScalar(key) && key.value === segment)
        : undefined;
      if (!pair) break;
      node = pair.value;
      offset =
        start(atKey ? pair.key : pair.value) ?? start(pair.key) ?? offset;
    }
  }
  return offset;
}

/**
 * The offset a YAML node starts at; nothing for what is not a node.
 * @param {unknown} node
 */
function start(node) {
  return isNode(node) ? node.range?.[0] : undefined;
}

/**
 * @param {LineCounter} lineCounter
 * @param {number} offset
 */
function position(lineCounter, offset) {
  const {line, col} = lineCounter.linePos(offset);
  return {line, column: col};
}

// A channel is checked as a channel and as its type: both may find the same problem.
/** @param {Problem[]} problems */
function unique(problems) {
  const seen = new Set();
  return problems.filter((problem) => {
    const key = `${problem.line}:${problem.column}:${problem.path}:${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** @param {Problem[]} problems */
function sortProblems(problems) {
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

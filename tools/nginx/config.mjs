// The nginx configuration that serves a build as production serves it: a
// folder's index.html, 404.html with status 404, `.html` and `/index.html`
// paths sent to the clean path, the response headers of the build's _headers
// file, files compressed at build time (gzip, and brotli where the module is
// installed) and on the fly for the rest, and a doc's Markdown copy to a
// client that asks for Markdown.
import {patternSource} from './headers.mjs';
import {redirectLocations} from './redirects.mjs';

/** @typedef {import('./headers.mjs').HeaderRule} HeaderRule */

/**
 * A string as an nginx configuration token, in double quotes.
 * @param {string} value
 */
function quoted(value) {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * A header value as an nginx token: nginx would read a "$" as a variable.
 * @param {string} value
 */
export function headerValue(value) {
  if (value.includes('$'))
    throw new Error(`nginx cannot send "${value}": it has a "$"`);
  return quoted(value);
}

/**
 * What a `Content-Type` rule of _headers means to nginx: the file extension
 * its pattern names (`/*.md`), the type and its charset.
 * @param {HeaderRule} rule
 * @param {string} value
 */
function contentType(rule, value) {
  const extension = /^\/(?:[^*:]*\/)?\*\.(\w+)$/.exec(rule.pattern)?.[1];
  if (!extension)
    throw new Error(
      `_headers sets Content-Type for "${rule.pattern}": nginx sets types by file extension only, as in "/*.md"`,
    );
  const [type, ...parameters] = value.split(';').map((part) => part.trim());
  const charset = parameters
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length);
  return {extension, type, charset};
}

/**
 * The places where rules disagree on one path: nginx gives a header one value
 * per response, where Netlify joins the values of every matching rule.
 * @param {HeaderRule[]} rules
 * @param {string[]} paths the paths the build serves
 */
export function headerConflicts(rules, paths) {
  const conflicts = [];
  for (const pathname of paths) {
    /** @type {Map<string, string[]>} */
    const patternsByHeader = new Map();
    for (const rule of rules) {
      if (!new RegExp(patternSource(rule.pattern)).test(pathname)) continue;
      for (const [name] of rule.headers) {
        const key = name.toLowerCase();
        patternsByHeader.set(key, [
          ...(patternsByHeader.get(key) ?? []),
          rule.pattern,
        ]);
      }
    }
    for (const [header, patterns] of patternsByHeader) {
      if (patterns.length > 1) conflicts.push({pathname, header, patterns});
    }
  }
  return conflicts;
}

/**
 * A path as a regular expression that matches it alone: each character that
 * means more in one is in brackets, so no backslash meets nginx's quoting.
 * @param {string} pathname
 */
function literally(pathname) {
  if (/["\\]/.test(pathname))
    throw new Error(
      `${pathname}: nginx's configuration cannot match a path with a quote or a backslash; rename the page`,
    );
  return pathname.replace(/[.*+?^$(){}|[\]]/g, '[$&]');
}

/**
 * The pages whose own path ends in .html (a doc with `slug: page.html`): the
 * build writes every other page as a folder's index.html, and 404.html.
 * @param {string[]} files the build's files, relative to it, with "/"
 */
export function htmlPages(files) {
  return files.filter(
    (file) =>
      file.endsWith('.html') && !/(?:^|\/)(?:index|404)\.html$/.test(file),
  );
}

/**
 * `htmlPages`: the paths of the pages that `htmlPages` finds, which are
 * served as they are rather than sent to a path without .html.
 * @param {{
 *   root: string,
 *   prefix: string,
 *   port: number,
 *   htmlPages?: string[],
 *   rules: HeaderRule[],
 *   redirects?: import('./redirects.mjs').Redirect[],
 *   tempDir: string,
 *   brotliModule?: string,
 *   runAsRoot?: boolean,
 * }} options
 */
export function nginxConfig({
  root,
  prefix,
  port,
  rules,
  tempDir,
  brotliModule,
  runAsRoot = false,
  htmlPages: pagesEndingInHtml = [],
  redirects = [],
}) {
  /** @type {Map<string, {pattern: string, value: string}[]>} */
  const headers = new Map();
  const types = [];
  for (const rule of rules) {
    for (const [name, value] of rule.headers) {
      if (name.toLowerCase() === 'content-type') {
        types.push(contentType(rule, value));
        continue;
      }
      const key = name.toLowerCase();
      headers.set(key, [
        ...(headers.get(key) ?? []),
        {pattern: rule.pattern, value},
      ]);
    }
  }
  const headerNames = [...headers.keys()];
  const variable = (/** @type {number} */ index) => `$site_header_${index}`;
  const maps = headerNames.map((name, index) =>
    [
      `  # ${name}, by the _headers rule that matches the path asked for`,
      `  map $request_path ${variable(index)} {`,
      ...(headers.get(name) ?? []).map(
        ({pattern, value}) =>
          `    ${quoted(`~${patternSource(pattern)}`)} ${headerValue(value)};`,
      ),
      '  }',
    ].join('\n'),
  );
  const originalNames = new Map(
    rules.flatMap(({headers: pairs}) =>
      pairs.map(([name]) => [name.toLowerCase(), name]),
    ),
  );
  const addHeaders = headerNames.map(
    (name, index) =>
      `    add_header ${originalNames.get(name)} ${variable(index)} always;`,
  );
  const charsets = new Set(types.map(({charset}) => charset).filter(Boolean));
  if (charsets.size > 1)
    throw new Error(
      `_headers gives several charsets (${[...charsets].join(', ')}); nginx sends one`,
    );
  const charset = [...charsets][0] ?? 'utf-8';
  const textTypes = [
    'text/plain',
    'text/css',
    'text/xml',
    'application/javascript',
    'application/json',
    'application/xml',
    // The changelog's feed (plugins/outputs/changelog-feed).
    'application/atom+xml',
    'image/svg+xml',
    ...types.map(({type}) => type),
  ];
  const servedLocation =
    prefix === '/'
      ? []
      : [
          '    # Outside the base URL there is nothing but the not-found page.',
          '    location / {',
          '      return 404;',
          '    }',
        ];
  return `# Generated by tools/nginx/serve.mjs from ${root}/_headers; do not edit.
${brotliModule ? `load_module ${brotliModule};\n` : ''}${runAsRoot ? '# Started as root (a CI container): the workers keep its access to the checkout.\nuser root root;\n' : ''}daemon off;
worker_processes 1;
pid ${tempDir}/nginx.pid;
error_log ${tempDir}/error.log warn;

events {
  worker_connections 512;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  types {
${types.map(({type, extension}) => `    ${type} ${extension};`).join('\n')}
  }
  charset ${charset};
  charset_types ${textTypes.join(' ')};

  access_log ${tempDir}/access.log;
  client_body_temp_path ${tempDir}/client-body;
  proxy_temp_path ${tempDir}/proxy;
  fastcgi_temp_path ${tempDir}/fastcgi;
  uwsgi_temp_path ${tempDir}/uwsgi;
  scgi_temp_path ${tempDir}/scgi;

  server_tokens off;
  sendfile on;
  # Redirects name the path only, so they hold behind a proxy or another port.
  absolute_redirect off;

  # Files compressed when the site was built (plugins/outputs/precompress) are sent
  # as they are; anything else textual is compressed on the fly.
  gzip on;
  gzip_static on;
  gzip_vary on;
  gzip_types ${textTypes.join(' ')};
${brotliModule ? '  brotli_static on;\n' : ''}
  # A client that asks for Markdown (an agent) gets the page's Markdown copy:
  # /docs/intro.md for /docs/intro, /index.md for /.
  map $http_accept $wants_markdown {
    "~*(^|,)\\s*text/markdown" 1;
    default "";
  }
  map "$wants_markdown:$uri" $markdown_copy {
    "~^1:(?<folder>.*/)$" $\{folder}index.md;
    "~^1:(?<page>.*)$" $page.md;
    default "";
  }
  # Pages and Markdown copies answer by the Accept header.
  map $uri $vary_accept {
    "~\\.(?:html|md)$" Accept;
    default "";
  }
  # A page asked for by its file, /docs/intro.html or /docs/index.html, is
  # sent to its clean path, the one the client router knows; a page whose
  # own path ends in .html is served as it is.
  # A folder's index.html, whether its path ends in a slash or not.
  map $uri $folder_index {
    "~/$" $\{uri}index.html;
    default $uri/index.html;
  }
  map $request_uri $clean_path {
${pagesEndingInHtml.map((page) => `    "~^${literally(page)}(?:\\?|$)" "";\n`).join('')}    "~^${literally(prefix)}index\\.html(?:\\?|$)" ${prefix};
    "~^(?<clean>[^?]*)/index\\.html(?:\\?|$)" $clean;
    "~^(?<clean>[^?]*)\\.html(?:\\?|$)" $clean;
    default "";
  }

${maps.join('\n\n')}

  server {
    listen 127.0.0.1:${port};
    root ${root};
    error_page 404 ${prefix}404.html;
    # A path nginx cannot read (a lone "%") gets the not-found page too, with its 400.
    error_page 400 ${prefix}404.html;
    # A page its writers removed (_redirects' 410s) answers with the not-found page.
    error_page 410 ${prefix}404.html;

    # The path asked for, as _headers rules match it (Netlify's way): try_files
    # below changes $uri to the file it finds, /docs/intro/index.html.
    set $request_path $uri;
${addHeaders.join('\n')}
    add_header Vary $vary_accept always;

    if ($clean_path != "") {
      return 301 $clean_path$is_args$args;
    }

${servedLocation.join('\n')}
    location = ${prefix}_headers {
      return 404;
    }
    location = ${prefix}_redirects {
      return 404;
    }
    # Renamed and removed pages (plugins/outputs/published-paths).
${redirectLocations(redirects).join('\n')}
    location ${prefix} {
      try_files $markdown_copy $uri $folder_index =404;
    }
  }
}
`;
}

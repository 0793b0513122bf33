import assert from 'node:assert/strict';
import {execFileSync, spawn} from 'node:child_process';
import {createHash} from 'node:crypto';
import {once} from 'node:events';
import {writeFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {request} from 'node:https';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {parse} from 'yaml';
import {codeBlocks, readMarkdown, section} from '../docs/markdown.mjs';
import {freePort} from '../support/ports.mjs';
import {stopProcess} from '../support/processes.mjs';
import {tempDirSync} from '../support/temp-dir.mjs';

// The nginx site of "Expose an RPC endpoint safely", with its key file, run by
// Debian's nginx in front of a stand-in node: it passes `nginx -t`, lets a
// probe address in only with the key the checks send, and passes a WebSocket
// upgrade on. Only what a test machine cannot have changes: the ports, the
// certificate (self-signed here) and where the files live. The webhook
// receiver's site, on its own page, is served the same way.
const exposureFile = 'docs/operations/exposing-nodes.md';
const receiverFile = 'docs/alerts/webhook-receiver.md';
/** @param {string} file @param {string} title */
const block = (file, title) => {
  const found = codeBlocks(readMarkdown(file)).find(
    (candidate) => candidate.title === title,
  );
  assert.ok(found, `${file}: no block titled "${title}"`);
  return found.code;
};
const keyFile = block(exposureFile, '/etc/nginx/eth-1-rpc-key.conf');
const site = block(exposureFile, '/etc/nginx/sites-enabled/eth-1-rpc');
const key = 'test-rpc-key-5d1c';

// The header the checks send is the one the node's entry of "If your endpoint
// needs a key" names, with the secret's value in place of its reference: the
// site must let in that header, whatever the page makes it.
const keyPage = 'docs/getting-started/single-rpc.md';
const keySection = 'If your endpoint needs a key';
const secretReference = '${secret:ETH_RPC_KEY}';
const sent = (() => {
  const lines = section(readMarkdown(keyPage), keySection);
  assert.ok(lines, `${keyPage}: no section "${keySection}"`);
  /** @type {[string, string][]} */
  const headers = codeBlocks(lines.join('\n'))
    .filter((candidate) => candidate.title === 'nodekeeper.yaml')
    .flatMap((candidate) => parse(candidate.code).nodes ?? [])
    .flatMap((/** @type {{headers?: Record<string, string>}} */ node) =>
      Object.entries(node.headers ?? {}),
    )
    .filter(([, value]) => value.includes(secretReference));
  assert.equal(
    headers.length,
    1,
    `${keyPage}, "${keySection}": ${headers.length} headers send ${secretReference}, not one`,
  );
  const [[name, value]] = headers;
  return {name, value};
})();
/** @param {string} value */
const sending = (value) => ({
  [sent.name]: sent.value.replace(secretReference, value),
});
const host = 'eth-1.rpc.example.com';
const probe = '192.0.2.10';

describe(`the nginx site of ${exposureFile}`, () => {
  /** @type {import('node:child_process').ChildProcess} */
  let nginx;
  /** @type {import('node:http').Server} */
  let node;
  let port = 0;
  // Added before the folder's removal, so that nginx has stopped by then.
  after(async () => {
    node?.close();
    await stopProcess(nginx);
  });
  const dir = tempDirSync(after, 'nginx-exposure-');

  before(async () => {
    // The node: answers RPC calls, and accepts a WebSocket upgrade.
    node = createServer((_, response) => response.end('{"result":"0x1"}'));
    node.on('upgrade', (incoming, socket) => {
      const accept = createHash('sha1')
        .update(
          `${incoming.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`,
        )
        .digest('base64');
      socket.end(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
    });
    node.listen(0, '127.0.0.1');
    await once(node, 'listening');
    const nodePort = /** @type {import('node:net').AddressInfo} */ (
      node.address()
    ).port;

    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${host}`,
        '-keyout',
        path.join(dir, 'privkey.pem'),
        '-out',
        path.join(dir, 'fullchain.pem'),
      ],
      {stdio: 'ignore'},
    );
    port = await freePort();
    const served = site
      .replace(/listen 443 ssl;/, `listen 127.0.0.1:${port} ssl;`)
      .replace(/\n\s*listen \[::\]:443 ssl;/, '')
      .replaceAll(`/etc/letsencrypt/live/${host}`, dir)
      .replaceAll('/etc/nginx/eth-1-rpc-key.conf', path.join(dir, 'key.conf'))
      .replaceAll(
        /proxy_pass http:\/\/127\.0\.0\.1:\d+(\/?);/g,
        `proxy_pass http://127.0.0.1:${nodePort}$1;`,
      )
      // The clock is the test's: a request says the time the canary sees.
      .replaceAll('$time_iso8601', '$http_x_test_time');
    assert.notEqual(served, site);
    writeFileSync(
      path.join(dir, 'key.conf'),
      keyFile.replace('the value of ETH_RPC_KEY', key),
    );
    const config = path.join(dir, 'nginx.conf');
    writeFileSync(
      config,
      `${process.getuid?.() === 0 ? 'user root root;\n' : ''}daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The test's requests come from 127.0.0.1 and say which address they stand for.
  set_real_ip_from 127.0.0.1;
  real_ip_header X-Forwarded-For;
${served}
}
`,
    );
    const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config];
    execFileSync('nginx', ['-t', ...args], {stdio: 'pipe'});
    nginx = spawn('nginx', args, {stdio: 'ignore'});
    for (let tries = 0; ; tries++) {
      try {
        await get({});
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });

  /**
   * A request to the site, as `from` and with `headers`.
   * @param {{from?: string, headers?: Record<string, string>, path?: string}} options
   * @returns {Promise<{status: number, headers: import('node:http').IncomingHttpHeaders}>}
   */
  function get({from = probe, headers = {}, path: target = '/'}) {
    return new Promise((resolve, reject) => {
      const outgoing = request({
        host: '127.0.0.1',
        port,
        servername: host,
        rejectUnauthorized: false,
        method: 'POST',
        path: target,
        headers: {Host: host, 'X-Forwarded-For': from, ...headers},
      });
      outgoing.on('response', (response) => {
        response.resume();
        resolve({status: response.statusCode ?? 0, headers: response.headers});
      });
      outgoing.on('upgrade', (response, socket) => {
        socket.destroy();
        resolve({status: response.statusCode ?? 0, headers: response.headers});
      });
      outgoing.on('error', reject);
      outgoing.end('{"method":"eth_blockNumber"}');
    });
  }
  const withKey = sending(key);

  test('a probe address with the key the checks send reaches the node', async () => {
    assert.equal((await get({headers: withKey})).status, 200);
  });

  test('a probe address without the key, or with another, gets 401', async () => {
    /** @type {Record<string, string>[]} */
    const refused = [
      {},
      sending('another-key'),
      {[sent.name]: key},
      {[sent.name === 'X-Api-Key' ? 'X-Other-Key' : 'X-Api-Key']: key},
      sending(key.toUpperCase()),
    ].filter((headers) => JSON.stringify(headers) !== JSON.stringify(withKey));
    for (const headers of refused) {
      assert.equal((await get({headers})).status, 401, JSON.stringify(headers));
    }
  });

  test('an address outside the probe ranges gets 403, with the key, without it or with another: it learns nothing of the key', async () => {
    for (const headers of [withKey, {}, sending('another-key')]) {
      assert.equal(
        (await get({from: '203.0.114.7', headers})).status,
        403,
        JSON.stringify(headers),
      );
    }
  });

  test('a WebSocket upgrade with the key reaches the node, for wss:// URLs', async () => {
    const response = await get({
      headers: {
        ...withKey,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    assert.equal(response.status, 101);
    assert.equal(response.headers.upgrade, 'websocket');
  });

  test('the canary reaches the node from 03:00 to 03:09 only, and only with the key', async () => {
    /** @param {string} time @param {Record<string, string>} headers */
    const canary = async (time, headers = withKey) =>
      (
        await get({
          path: '/canary',
          headers: {...headers, 'X-Test-Time': time},
        })
      ).status;
    assert.equal(await canary('2026-12-02T03:00:00+00:00'), 200);
    assert.equal(await canary('2026-12-02T03:09:59+00:00'), 200);
    assert.equal(await canary('2026-12-02T02:59:59+00:00'), 503);
    assert.equal(await canary('2026-12-02T03:10:00+00:00'), 503);
    assert.equal(await canary('2026-12-02T13:05:00+00:00'), 503);
    assert.equal(
      await canary('2026-12-02T03:05:00+00:00', sending('another-key')),
      401,
    );
  });

  test('the key is in its own file, not in the site', () => {
    assert.doesNotMatch(site, /ETH_RPC_KEY/);
    assert.ok(
      !site.includes(sent.value.replace(secretReference, '').trim() || key),
      'the site holds part of the header the key file compares',
    );
    assert.match(site, /include \/etc\/nginx\/eth-1-rpc-key\.conf;/);
    assert.match(keyFile, /Mode 600/);
  });

  test(`${exposureFile} tells the node to send the header ${keyPage} shows`, () => {
    assert.ok(
      readMarkdown(exposureFile).includes(`\`${sent.name}: ${sent.value}\``),
      `${exposureFile} does not say to send \`${sent.name}: ${sent.value}\``,
    );
  });
});

describe(`the receiver's nginx site of ${receiverFile}`, () => {
  const hooks = block(receiverFile, '/etc/nginx/sites-enabled/hooks');
  const hooksHost = 'hooks.example.com';
  /** @type {import('node:child_process').ChildProcess} */
  let nginx;
  let port = 0;
  after(() => stopProcess(nginx));
  const dir = tempDirSync(after, 'nginx-hooks-');

  before(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${hooksHost}`,
        '-keyout',
        path.join(dir, 'privkey.pem'),
        '-out',
        path.join(dir, 'fullchain.pem'),
      ],
      {stdio: 'ignore'},
    );
    port = await freePort();
    const served = hooks
      .replace(/listen 443 ssl;/, `listen 127.0.0.1:${port} ssl;`)
      .replace(/\n\s*listen \[::\]:443 ssl;/, '')
      .replaceAll(`/etc/letsencrypt/live/${hooksHost}`, dir)
      .replace('unix:/run/php/nodekeeper.sock', `unix:${dir}/fpm.sock`)
      // Debian's, which nginx finds beside its own configuration.
      .replace('include fastcgi_params;', 'include /etc/nginx/fastcgi_params;');
    const config = path.join(dir, 'nginx.conf');
    writeFileSync(
      config,
      `${process.getuid?.() === 0 ? 'user root root;\n' : ''}daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log crit;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${served}
}
`,
    );
    const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config];
    execFileSync('nginx', ['-t', ...args], {stdio: 'pipe'});
    nginx = spawn('nginx', args, {stdio: 'ignore'});
    for (let tries = 0; ; tries++) {
      try {
        await post('/');
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });

  /**
   * The status nginx answers a POST to `pathname` with.
   * @param {string} pathname
   * @param {string} [body]
   * @returns {Promise<number>}
   */
  function post(pathname, body = '{}') {
    return new Promise((resolve, reject) => {
      const outgoing = request({
        host: '127.0.0.1',
        port,
        path: pathname,
        servername: hooksHost,
        rejectUnauthorized: false,
        method: 'POST',
        headers: {Host: hooksHost},
      });
      outgoing.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  test('passes the one path to PHP-FPM, whose socket is down here, and nothing else', async () => {
    assert.equal(await post('/nodekeeper'), 502);
    for (const other of ['/', '/receiver.php', '/nodekeeper/x']) {
      assert.equal(await post(other), 404, other);
    }
  });

  test('refuses a body larger than a delivery before it reaches PHP', async () => {
    assert.equal(await post('/nodekeeper', 'x'.repeat(65 * 1024)), 413);
  });
});

// A server in front of one of the test servers that holds the responses for
// the site's scripts until released: a page read before it hydrates, in
// engines whose driver cannot hold a request itself (WebKitWebDriver).
import http from 'node:http';
import type {AddressInfo} from 'node:net';

export type HeldScripts = {
  /** The origin to open pages on. */
  origin: string;
  /** Lets the held scripts, and those asked for from now on, through. */
  release: () => void;
};

/**
 * Serves what `target` serves, its `/assets/js/` responses held until
 * `release()`. The server stays until the test's worker ends, not closed
 * by the test: its page goes on loading through it (in idle time) until
 * the tab closes, after the test, and would report each refused request.
 */
export async function holdScripts(target: string): Promise<HeldScripts> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', target);
    if (url.pathname.startsWith('/assets/js/')) await released;
    const upstream = http.request(
      url,
      {method: request.method, headers: {...request.headers, host: url.host}},
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const {port} = server.address() as AddressInfo;
  return {origin: `http://127.0.0.1:${port}`, release};
}

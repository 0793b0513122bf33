import {assertBuildsAreCurrent} from './builds.mjs';
import {
  assertChromiumInstalled,
  testChromiumLaunchOptions,
} from '../../tools/chromium.mjs';

// A run tests this checkout's builds in Debian's Chromium, or stops and says why.
export default function globalSetup(): void {
  assertChromiumInstalled(testChromiumLaunchOptions);
  assertBuildsAreCurrent();
}

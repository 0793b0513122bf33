import {assertBuildsAreCurrent} from './builds.mjs';

// A run tests this checkout's builds, or stops and says why.
export default function globalSetup(): void {
  assertBuildsAreCurrent();
}

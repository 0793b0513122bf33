// Builds the sites the end-to-end tests serve (tests/support/servers.ts):
// `build` as deployed at the root, and `build-sub` with BASE_URL=/sub/.
// SKIP_BUILD=1 reuses builds that are already there, for quick local reruns.
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';

const builds = [
  {outDir: 'build', env: {}},
  {outDir: 'build-sub', env: {BASE_URL: '/sub/'}},
];

for (const {outDir, env} of builds) {
  if (process.env.SKIP_BUILD && existsSync(`${outDir}/index.html`)) continue;
  console.log(`Building ${outDir}${env.BASE_URL ? ` with BASE_URL=${env.BASE_URL}` : ''}`);
  execFileSync('npx', ['docusaurus', 'build', '--out-dir', outDir], {
    stdio: 'inherit',
    env: {...process.env, ...env},
  });
}

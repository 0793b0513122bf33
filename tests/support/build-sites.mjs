// Builds the sites the end-to-end tests serve (tests/support/servers.ts):
// `build` as deployed at the root, and `build-sub` with BASE_URL=/sub/.
// SKIP_BUILD=1 reuses builds that are already there, for quick local reruns.
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';

const builds = [
  {outDir: 'build', env: {}},
  // Its own generated-files folder keeps .docusaurus/ describing the main build.
  {outDir: 'build-sub', env: {BASE_URL: '/sub/', DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-sub'}},
];

for (const {outDir, env} of builds) {
  if (process.env.SKIP_BUILD && existsSync(`${outDir}/index.html`)) continue;
  console.log(`Building ${outDir}`);
  execFileSync('npx', ['docusaurus', 'build', '--out-dir', outDir], {
    stdio: 'inherit',
    env: {...process.env, ...env},
  });
}

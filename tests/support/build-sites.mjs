// Builds the sites the end-to-end tests serve (tests/support/servers.ts):
// `build` as deployed at the root, `build-sub` with BASE_URL=/sub/, and
// `build-fixtures`, a copy of the site with the pages of tests/fixtures added
// (they are never published).
// SKIP_BUILD=1 reuses builds that are already there, for quick local reruns.
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync} from 'node:fs';
import {cp} from 'node:fs/promises';
import path from 'node:path';
import {buildWith} from '../build/site-copy.mjs';

const builds = [
  {outDir: 'build', env: {}},
  // Its own generated-files folder keeps .docusaurus/ describing the main build.
  {
    outDir: 'build-sub',
    env: {
      BASE_URL: '/sub/',
      DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-sub',
    },
  },
];

for (const {outDir, env} of builds) {
  if (process.env.SKIP_BUILD && existsSync(`${outDir}/index.html`)) continue;
  console.log(`Building ${outDir}`);
  execFileSync('npx', ['docusaurus', 'build', '--out-dir', outDir], {
    stdio: 'inherit',
    env: {...process.env, ...env},
  });
}

const fixtures = 'build-fixtures';
if (!(process.env.SKIP_BUILD && existsSync(`${fixtures}/index.html`))) {
  console.log(`Building ${fixtures}`);
  const {code, output} = await buildWith(
    async (site) => {
      for (const fixture of readdirSync('tests/fixtures')) {
        await cp(path.join('tests/fixtures', fixture), site, {recursive: true});
      }
    },
    ['--out-dir', path.resolve(fixtures)],
  );
  console.log(output);
  if (code !== 0) throw new Error(`The build of ${fixtures} failed`);
}

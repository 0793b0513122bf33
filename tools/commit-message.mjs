// The commit rule (CONTRIBUTING.md, "Commits"): a subject of at most 72
// characters in the imperative ("Add …", "Fix …"), a blank line, then a
// body that says why. .githooks/commit-msg runs this on every commit once
// `git config core.hooksPath .githooks` is set; `node tools/commit-message.mjs
// FILE` checks a message file by hand.
import {readFileSync} from 'node:fs';
import {pathToFileURL} from 'node:url';

/** The longest subject: what `git log --oneline` and code hosts show whole. */
export const longestSubject = 72;

/** Messages git writes itself, which follow its own form. */
const gitsOwn = /^(?:Merge |Revert "|fixup! |squash! |amend! )/;

/** Verbs in the imperative that look like a past tense, a gerund or a third person. */
const imperativesThatLookOtherwise = new Set([
  'embed',
  'exceed',
  'feed',
  'need',
  'proceed',
  'seed',
  'shed',
  'shred',
  'speed',
  'succeed',
  'bring',
  'ring',
  'string',
  'swing',
  'focus',
  'alias',
  'bias',
]);

/**
 * Why the first word of `subject` is not a verb in the imperative, if it
 * looks like another form ("Added", "Adding", "Adds"), or a label ("Tests:").
 * @param {string} subject
 */
function notImperative(subject) {
  const word = /^[^\s:]+/.exec(subject)?.[0] ?? '';
  if (subject.startsWith(`${word}:`))
    return `starts with a label, "${word}:"; start with a verb instead ("Add …", "Fix …")`;
  const lower = word.toLowerCase();
  if (imperativesThatLookOtherwise.has(lower)) return undefined;
  if (/^[a-z]{3,}(?:ed|ing)$/.test(lower) || /^[a-z]{2,}[^su]s$/.test(lower))
    return `starts with "${word}"; write the imperative ("Add", not "Added", "Adding" or "Adds")`;
  if (!/^[A-Z]/.test(word))
    return `starts with "${word}"; start with a capitalised verb`;
  return undefined;
}

/**
 * What is wrong with a commit message, as sentences; none when it keeps the rule.
 * @param {string} message the message as git hands it to the commit-msg hook
 * @returns {string[]}
 */
export function commitMessageProblems(message) {
  // Git drops its comment lines, and everything under the scissors line.
  const all = message.split('\n');
  const scissors = all.findIndex((line) => /^# -+ >8 -+$/.test(line));
  const lines = (scissors === -1 ? all : all.slice(0, scissors)).filter(
    (line) => !line.startsWith('#'),
  );
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  const [subject = '', separator, ...body] = lines;
  if (gitsOwn.test(subject)) return [];
  const problems = [];
  if (subject.trim() === '') return ['The subject is empty.'];
  if ([...subject].length > longestSubject)
    problems.push(
      `The subject is ${[...subject].length} characters long; keep it to ${longestSubject}.`,
    );
  const form = notImperative(subject);
  if (form) problems.push(`The subject ${form}.`);
  if (/[.]$/.test(subject)) problems.push('The subject ends with a full stop.');
  if (separator === undefined || body.every((line) => line.trim() === ''))
    problems.push(
      'There is no body: after a blank line, say why the change is made.',
    );
  else if (separator.trim() !== '')
    problems.push('The subject is not followed by a blank line.');
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: node tools/commit-message.mjs <message file>');
    process.exit(2);
  }
  const problems = commitMessageProblems(readFileSync(file, 'utf8'));
  if (problems.length > 0) {
    console.error(
      `The commit message breaks the commit rule (CONTRIBUTING.md, "Commits"):\n${problems.map((problem) => `- ${problem}`).join('\n')}\nThe message is kept in ${file}.`,
    );
    process.exit(1);
  }
}

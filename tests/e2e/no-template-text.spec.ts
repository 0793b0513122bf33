import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, routes} from '../support/test';

// Readers get the build, so the build is what is searched: for the starter
// template's text and for placeholders a writer forgot.
const forbidden: RegExp[] = [
  /\bMy Site\b/i,
  /Docusaurus Tutorial/i,
  /Tutorial Intro/i,
  /Welcome to Docusaurus/i,
  /Built with Docusaurus/i,
  /Docusaurus Plushie/i,
  /docusaurus-social-card/i,
  /docusaurus\.ico/i,
  /Meta Open Source/i,
  /Easy to Use/,
  /Focus on What Matters/,
  /Powered by React/,
  /dinosaur/i,
  /undraw/i,
  /Lorem ipsum/i,
  /\bTODO\b/,
  /\bFIXME\b/,
  /\bTBD\b/,
];
const textFile = /\.(html|js|css|json|xml|txt|svg)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => textFile.test(file))
    .map((file) => path.join(dir, file));
}

for (const buildDir of ['build', 'build-sub']) {
  test(`${buildDir}/ has no template or placeholder text`, () => {
    for (const route of routes) {
      const page = path.join(buildDir, route.path, 'index.html');
      expect(existsSync(page), `${page} is built`).toBe(true);
    }
    const found = filesUnder(buildDir).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return forbidden.flatMap((pattern) => {
        const match = pattern.exec(text);
        if (!match) return [];
        const context = text.slice(
          Math.max(0, match.index - 40),
          match.index + match[0].length + 40,
        );
        return [`${file}: "${match[0]}" in …${context.replace(/\s+/g, ' ')}…`];
      });
    });
    expect(found, found.join('\n')).toEqual([]);
  });
}

// Imports a TypeScript module of the site's that imports nothing, such as
// the static-content runtime's pure helpers, for a unit test under Node.
import {readFileSync} from 'node:fs';
import ts from 'typescript';

/**
 * The exports of the module at `path`, from the repository's root.
 * @param {string} path
 * @returns {Promise<Record<string, any>>}
 */
export async function importTypeScript(path) {
  const source = readFileSync(
    new URL(`../../${path}`, import.meta.url),
    'utf8',
  );
  const {outputText} = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
    },
  });
  return import(`data:text/javascript,${encodeURIComponent(outputText)}`);
}

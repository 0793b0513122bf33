// V8's compile hint, as it looks for it on a script's first line: Chromium
// then compiles all of the script's functions while it downloads, off the
// main thread. Other browsers read a comment.
export const compileHint = '//# allFunctionsCalledOnLoad\n';

// What the theme's copy button copies with in place of copy-text-to-clipboard
// (./index.mjs hands it this module): the asynchronous Clipboard API where the
// browser has it. The library copies through a textarea it adds to the page,
// selects and focuses, then gives the focus back, which made the page lay
// itself out again several times in the click's task. Where the API is missing
// (a page not served over HTTPS) or refuses, the library copies as before.
import copyThroughSelection from 'copy-text-to-clipboard';

export default function copyText(text: string): boolean {
  if (!navigator.clipboard?.writeText) return copyThroughSelection(text);
  navigator.clipboard.writeText(text).catch(() => copyThroughSelection(text));
  return true;
}

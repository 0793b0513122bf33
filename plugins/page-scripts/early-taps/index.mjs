// A tap on a control before React has hydrated the page (a slow phone, a slow
// network) is not lost: a few lines inline in every page's head hold the
// click and replay it on the same control once the page has hydrated
// (Docusaurus sets data-has-hydrated="true" on <html>). Links are left to the
// browser, which follows them without scripts. A control inside an island
// whose markup React has replaced by then is found again by its tag, role
// and label, in the same place among them. Inline, allowed by the policy's
// hash (plugins/outputs/security-headers), rather than in the JavaScript a page
// loads first, which is what it waits for.

/**
 * Holds a click on a button, a tab, an element that says it is a button and
 * is not a link, or an island's summary, until the page has hydrated.
 */
export const earlyTapsScript = `!function(){var q=[],d=document,h=d.documentElement;d.addEventListener('click',function(e){var t=q&&e.target instanceof Element&&e.target.closest('button,[role=tab],[role=button]:not(a[href]),nk-island summary');if(!t)return;e.preventDefault();e.stopImmediatePropagation();var i=t.closest('nk-island'),r=t.getAttribute('role'),l=t.getAttribute('aria-label'),s=t.localName+(r?'[role="'+CSS.escape(r)+'"]':'')+(l?'[aria-label="'+CSS.escape(l)+'"]':''),n=i?[].indexOf.call(i.querySelectorAll(s),t):-1;q.push(function(){var c=t.isConnected?t:i&&i.querySelectorAll(s)[n];if(c)c.click()})},true);new MutationObserver(function(m,o){if(h.getAttribute('data-has-hydrated')!=='true')return;o.disconnect();var r=q;q=null;r.forEach(function(f){f()})}).observe(h,{attributeFilter:['data-has-hydrated']})}()`;

/** @returns {import('@docusaurus/types').Plugin} */
export default function earlyTaps() {
  return {
    name: 'early-taps',
    injectHtmlTags: () => ({
      headTags: [{tagName: 'script', innerHTML: earlyTapsScript}],
    }),
  };
}

// Makes a printout of the page as a reader needs it on paper: in the light
// colour mode (the dark mode's light text would barely show on white paper),
// and with every collapsed section open. The page on screen gets its mode and
// its closed sections back once the printout is made.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) {
  const root = document.documentElement;
  let modeOnScreen: string | null = null;
  let opened: HTMLDetailsElement[] = [];
  window.addEventListener('beforeprint', () => {
    modeOnScreen = root.getAttribute('data-theme');
    root.setAttribute('data-theme', 'light');
    opened = Array.from(
      document.querySelectorAll<HTMLDetailsElement>('details:not([open])'),
    );
    for (const details of opened) details.open = true;
  });
  window.addEventListener('afterprint', () => {
    if (modeOnScreen) root.setAttribute('data-theme', modeOnScreen);
    for (const details of opened) details.open = false;
    opened = [];
  });
}

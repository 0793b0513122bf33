// Prints a dark page in the light colour mode: paper is white, and the dark
// mode's light text would barely show on it. The screen gets its mode back
// once the printout is made.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) {
  const root = document.documentElement;
  let modeOnScreen: string | null = null;
  window.addEventListener('beforeprint', () => {
    modeOnScreen = root.getAttribute('data-theme');
    root.setAttribute('data-theme', 'light');
  });
  window.addEventListener('afterprint', () => {
    if (modeOnScreen) root.setAttribute('data-theme', modeOnScreen);
  });
}

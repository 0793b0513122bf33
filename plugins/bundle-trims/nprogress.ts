// What the theme's client module calls of nprogress (configure, start, done),
// with nprogress's markup (#nprogress > .bar > .peg, which the theme styles)
// and motion: start() shows the bar near its beginning and moves it on,
// ever slower, towards its end; done() fills it, fades it out and removes it.

/** How long each step of the bar's motion takes, in ms (nprogress's default). */
const step = 200;

let shown: HTMLElement | null = null;
let trickle: number | undefined;

function moveTo(bar: HTMLElement, fraction: number): void {
  bar.dataset.fraction = String(fraction);
  bar.style.transform = `translate3d(${(fraction - 1) * 100}%,0,0)`;
}

const progressBar = {
  configure(): void {},
  start(): void {
    if (shown) return;
    const progress = document.createElement('div');
    progress.id = 'nprogress';
    progress.innerHTML = '<div class="bar"><div class="peg"></div></div>';
    const bar = progress.firstElementChild as HTMLElement;
    bar.style.transition = `transform ${step}ms ease`;
    moveTo(bar, 0.08);
    document.body.append(progress);
    shown = progress;
    trickle = window.setInterval(() => {
      const fraction = Number(bar.dataset.fraction);
      moveTo(bar, fraction + (0.994 - fraction) * 0.05);
    }, step);
  },
  done(): void {
    const progress = shown;
    if (!progress) return;
    shown = null;
    window.clearInterval(trickle);
    moveTo(progress.firstElementChild as HTMLElement, 1);
    window.setTimeout(() => {
      progress.style.transition = `opacity ${step}ms linear`;
      progress.style.opacity = '0';
      window.setTimeout(() => progress.remove(), step);
    }, step);
  },
};

export default progressBar;

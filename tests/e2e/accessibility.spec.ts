import type {Page} from '@playwright/test';
import {test, expect, axe, gotoInMode, layOutInFull} from '../support/test';
import {themes} from 'prism-react-renderer';

// axe over every route, at both widths, in both colour modes: routes.spec.ts.

const colourModes = ['light', 'dark'] as const;

test.describe('the announcement bar', () => {
  for (const mode of colourModes) {
    test(`matches the page in ${mode} mode, its close button visible`, async ({
      page,
      announcementBar,
    }) => {
      await gotoInMode(page, '/docs/intro', mode);
      const colours = await announcementBar.evaluate((element) => {
        const rgb = (colour: string) =>
          colour
            .match(/[\d.]+/g)!
            .slice(0, 3)
            .map(Number);
        const luminance = (channels: number[]) => {
          const [r, g, b] = channels.map((channel) => {
            const c = channel / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const contrast = (a: number, b: number) =>
          (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        const barColour = rgb(getComputedStyle(element).backgroundColor);
        // The close icon is drawn in the button's colour at the button's opacity.
        const close = getComputedStyle(element.querySelector('button')!);
        const opacity = Number(close.opacity);
        const closeColour = rgb(close.color).map(
          (channel, i) => channel * opacity + barColour[i] * (1 - opacity),
        );
        return {
          bar: luminance(barColour),
          page: luminance(
            rgb(
              getComputedStyle(document.querySelector('.navbar')!)
                .backgroundColor,
            ),
          ),
          closeContrast: contrast(luminance(closeColour), luminance(barColour)),
        };
      });
      expect(
        Math.abs(colours.bar - colours.page),
        'bar and navbar are alike in lightness',
      ).toBeLessThan(0.2);
      expect(
        colours.closeContrast,
        'the close icon against the bar (WCAG 1.4.11: 3:1)',
      ).toBeGreaterThanOrEqual(3);
    });
  }
});

// The docs' pages show only some token kinds and no admonitions yet: these
// fixtures, built on a doc page with the site's own CSS, hold every token kind
// that either Prism theme colours, and every admonition type, to the contrast
// minimum. Code colours are CSS (plugins/content/code-blocks/code-blocks.css, from
// these two Prism themes), so a token needs only its classes.
test.describe('colour contrast of code and admonitions', () => {
  const tokenTypes = [
    ...new Set(
      [themes.github, themes.dracula].flatMap((theme) =>
        theme.styles.flatMap(({types}) => types),
      ),
    ),
  ];

  for (const mode of colourModes) {
    test(`every code token has enough contrast in ${mode} mode`, async ({
      page,
    }) => {
      await gotoInMode(page, '/docs/projects/yaml', mode);
      const fixture = await page
        .locator('.theme-code-block')
        .first()
        .evaluateHandle((codeBlock, types) => {
          const copy = codeBlock.cloneNode(true) as HTMLElement;
          copy.id = 'contrast-fixture';
          const lines = copy.querySelector('code')!;
          const plainLine = lines.querySelector('.token-line')!;
          // Four tokens a line: the whole block fits in the view under the
          // navbar, where axe can tell each token's background.
          const perLine = 4;
          lines.replaceChildren(
            ...Array.from(
              {length: Math.ceil(types.length / perLine)},
              (_, index) => {
                const line = plainLine.cloneNode(false) as HTMLElement;
                for (const type of types.slice(
                  index * perLine,
                  (index + 1) * perLine,
                )) {
                  const token = document.createElement('span');
                  token.className = `token ${type}`;
                  token.textContent = `${type} token`;
                  line.append(token, ' ');
                }
                line.append(document.createElement('br'));
                return line;
              },
            ),
          );
          codeBlock.after(copy);
          return copy;
        }, tokenTypes);
      await expectContrastHolds(page, fixture.asElement()!, tokenTypes.length);
    });

    test(`every admonition type has enough contrast in ${mode} mode`, async ({
      page,
    }) => {
      await gotoInMode(page, '/docs/projects/yaml', mode);
      // The Infima classes each admonition type renders with
      // (the classic theme's Admonition/Type): they set its colours.
      const admonitions = {
        note: 'secondary',
        tip: 'success',
        info: 'info',
        warning: 'warning',
        danger: 'danger',
        caution: 'warning',
      };
      const fixture = await page
        .locator('article .theme-doc-markdown')
        .evaluateHandle((markdown, types) => {
          const container = document.createElement('div');
          container.id = 'contrast-fixture';
          for (const [type, infima] of Object.entries(types)) {
            const admonition = document.createElement('div');
            admonition.className = `theme-admonition theme-admonition-${type} alert alert--${infima}`;
            admonition.innerHTML = `<div><strong>${type}</strong></div><div><p>An admonition with <a href="#top-level-keys">a link</a> and <code>inline code</code>.</p></div>`;
            container.append(admonition);
          }
          markdown.append(container);
          return container;
        }, admonitions);
      await expectContrastHolds(
        page,
        fixture.asElement()!,
        Object.keys(admonitions).length * 3,
      );
    });
  }
});

/** axe's colour-contrast rule passes for at least `minimumChecked` text elements in `fixture`, and fails none. */
async function expectContrastHolds(
  page: Page,
  fixture: import('@playwright/test').ElementHandle,
  minimumChecked: number,
) {
  // Laid out in full first, so that no block above changes size after the scroll.
  await layOutInFull(page);
  await fixture.scrollIntoViewIfNeeded();
  const results = await axe(page, {
    include: '#contrast-fixture',
    rules: ['color-contrast'],
    everyResult: true,
  });
  const summary = (nodes: {target: unknown[]; any: {message: string}[]}[]) =>
    nodes.map(
      (node) =>
        `${node.target.join(' ')}: ${node.any.map((check) => check.message).join(' ')}`,
    );
  expect(
    summary(results.violations.flatMap((violation) => violation.nodes)),
  ).toEqual([]);
  expect(
    summary(results.incomplete.flatMap((result) => result.nodes)),
    'elements axe could not judge',
  ).toEqual([]);
  const checked = results.passes.flatMap((pass) => pass.nodes).length;
  expect(checked, 'text elements checked').toBeGreaterThanOrEqual(
    minimumChecked,
  );
}

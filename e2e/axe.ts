/**
 * axe on the page as it is, at 1280 px then at 380 px (WCAG 2.1 AA, serious or critical violations, no
 * sideways scroll, no button or badge label cut), with a screenshot of each width in test-results/ to
 * look at. For journeys that audit a state reached by a few steps (an open dialog, a menu) rather than a
 * screen reached by its address.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const AXE_WIDTHS = [
  { width: 1280, height: 900 },
  { width: 380, height: 800 },
] as const;

/**
 * Waits until every dialog, menu and toast is fully shown: a title read at half opacity fails its contrast.
 * Mantine fades them in by a transition that starts a frame after the element appears (so « no running
 * animation » can be true before it starts): what is waited for is an opacity of 1 on each of them and
 * their ancestors, and no animation running. Waited for, not timed: a loaded machine stretches them.
 */
export async function untilShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const layers = document.querySelectorAll(
      '[role="dialog"], [role="alertdialog"], [role="menu"], [role="alert"]',
    );
    for (const layer of Array.from(layers))
      for (let e: Element | null = layer; e; e = e.parentElement)
        if (getComputedStyle(e).opacity !== '1') return false;
    return document.getAnimations().every((a) => a.playState !== 'running');
  });
}

/**
 * axe's WCAG 2.1 A and AA rules on the page as it is: the serious and critical violations. Every rule
 * runs; two things make it about twice as fast as AxeBuilder's defaults, checked by axe-helper.spec.ts:
 * - only the violations are described node by node (`resultTypes`), not every node that passes;
 * - a page without a frame is audited in one run inside it (`legacyMode`). The default opens a blank
 *   page and loads axe in it again to merge the frames' results; a page with a frame (a PDF shown)
 *   still gets it, since the one-run mode leaves the frames out.
 * `toasts: false` leaves the toasts out of the audit.
 */
export async function seriousViolations(page: Page, { toasts = true }: { toasts?: boolean } = {}) {
  // options() replaces the whole option object: the tags come after it.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (!toasts) builder.exclude('.mantine-Notification-root');
  const results = await builder.analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function axeAtBothWidths(page: Page, name: string): Promise<void> {
  const problems: string[] = [];
  for (const { width, height } of AXE_WIDTHS) {
    await page.setViewportSize({ width, height });
    await untilShown(page);
    // Toasts left from the steps before are not what is audited here, and they hide themselves by fading
    // out: caught mid-fade, a toast's text is read at half opacity and fails the contrast. A toast shown is
    // audited on its own (accessibility.spec's « compte avec toast »).
    for (const v of await seriousViolations(page, { toasts: false }))
      problems.push(
        `${name} ${width}px: ${v.id} (${v.help}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    // Reflow (WCAG 1.4.10), which axe does not check: nothing makes the page scroll sideways.
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    if (sideways) problems.push(`${name} ${width}px: la page défile horizontalement`);
    // A label cut short hides its meaning: buttons and badges show their whole text (as accessibility.spec).
    const cut = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.mantine-Button-label, .mantine-Badge-label'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2)
        .map((el) => el.textContent ?? ''),
    );
    for (const label of cut) problems.push(`${name} ${width}px: libellé coupé « ${label} »`);
    await page.screenshot({ path: `test-results/axe-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(problems).toEqual([]);
}

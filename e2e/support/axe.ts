import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * The one way every spec runs axe. WCAG 2.5.3 (`label-content-name-mismatch`: a control's accessible
 * name contains its visible text, so a voice-control user can say what they see) is switched on by
 * name: axe releases before 4.11 shipped it as experimental and off, and a scan must not silently
 * lose it if a release turns it off again.
 */
function axeScan(page: Page) {
  return new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } });
}

/** Serious and critical violations, one line each: "rule-id: selector, selector". */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await axeScan(page).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * An axe scan of the page as it is: no serious or critical violation. With `bothThemes`, the scan
 * runs in the light and then the dark theme. That walks the whole DOM twice, which can take a minute
 * on a busy 2-core machine; the theme switches at once (no colour transition half-way through when
 * axe measures contrast).
 */
export async function expectNoSeriousAxeViolations(page: Page, { bothThemes = false } = {}) {
  if (!bothThemes) {
    expect(await seriousViolations(page)).toEqual([]);
    return;
  }
  test.setTimeout(180_000);
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
    expect((await seriousViolations(page)).map((line) => `${theme}: ${line}`)).toEqual([]);
  }
}

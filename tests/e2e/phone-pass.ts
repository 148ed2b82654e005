import type { Page } from '@playwright/test';

/** What the sweep found wrong on one page: each line names the element and the problem. */
export interface PageProblems {
  overflow: string[];
  unnamed: string[];
  smallTargets: string[];
}

/** Roles a person operates: each must have a name (WCAG 4.1.2). */
const CONTROL_ROLES =
  'button|link|textbox|searchbox|checkbox|radio|combobox|listbox|menuitem|menuitemradio|menuitemcheckbox|option|tab|switch|slider|spinbutton';

/**
 * The controls without a name, read from the accessibility tree as Chromium computes it (Playwright's
 * ARIA snapshot): a line such as `- button` with no quoted name after the role.
 */
export async function unnamedControls(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const pattern = new RegExp(`^\\s*- (${CONTROL_ROLES})(?=\\s*(?::|\\[|$))(?!\\s*")`);
  return snapshot
    .split('\n')
    .filter((line) => pattern.test(line))
    .map((line) => line.trim());
}

/**
 * Horizontal overflow (the page scrolls sideways) and touch targets under 24×24 px (WCAG 2.2, 2.5.8),
 * measured on the rendered boxes. As the criterion allows, a link inside a sentence is exempt, and so is
 * a small target whose 24 px circle touches no other target.
 */
export function layoutProblems(page: Page): Promise<Omit<PageProblems, 'unnamed'>> {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').trim().slice(0, 40) ??
        element.getAttribute('name') ??
        '';
      const id = element.id ? `#${element.id}` : '';
      return `${element.tagName.toLowerCase()}${id} "${label}"`;
    };
    const viewport = document.documentElement.clientWidth;
    const overflow: string[] = [];
    if (document.documentElement.scrollWidth > viewport + 1) {
      overflow.push(
        `the page is ${document.documentElement.scrollWidth} px wide for a ${viewport} px screen`,
      );
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        if (box.width > 0 && box.right > viewport + 1 && style.position !== 'fixed') {
          // Only the outermost culprits: an element whose parent already overflows says nothing new.
          const parentBox = element.parentElement?.getBoundingClientRect();
          if (!parentBox || parentBox.right <= viewport + 1)
            overflow.push(`${describe(element)} ends at ${Math.round(box.right)} px`);
        }
      }
    }

    const isShown = (element: Element) => {
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const targets = [
      ...document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"], [role="menuitem"], [role="switch"], [role="option"]',
      ),
    ].filter(isShown);
    const boxes = targets.map((element) => ({ element, box: element.getBoundingClientRect() }));
    const isInlineLink = (element: Element) =>
      element.tagName === 'A' &&
      getComputedStyle(element).display === 'inline' &&
      ['P', 'LI', 'SPAN', 'DD', 'TD', 'LABEL'].includes(element.parentElement?.tagName ?? '');
    // A control drawn inside a bigger target (a checkbox inside its clickable label row) is not a target of its own.
    const insideBiggerTarget = (element: Element) => {
      const label = element.closest('label');
      if (!label) return false;
      const box = label.getBoundingClientRect();
      return box.width >= 24 && box.height >= 24;
    };
    const smallTargets: string[] = [];
    for (const { element, box } of boxes) {
      if (box.width >= 23.5 && box.height >= 23.5) continue;
      if (isInlineLink(element) || insideBiggerTarget(element)) continue;
      // The spacing exception: a 24 px circle on the target's centre touches no other target.
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const crowded = boxes.some(({ element: other, box: otherBox }) => {
        if (other === element || other.contains(element) || element.contains(other)) return false;
        const dx = Math.max(otherBox.left - cx, 0, cx - otherBox.right);
        const dy = Math.max(otherBox.top - cy, 0, cy - otherBox.bottom);
        return dx * dx + dy * dy < 12 * 12;
      });
      if (crowded)
        smallTargets.push(`${describe(element)} is ${Math.round(box.width)}×${Math.round(box.height)} px`);
    }
    return { overflow, smallTargets };
  });
}

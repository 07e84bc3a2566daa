/**
 * Where the focus goes when a dialog closes and the element that opened it is gone (WCAG 2.4.3). An
 * action often re-renders what opened it: « Enregistrer un paiement » is drawn anew with the invoice's
 * new actions, a deleted row takes its button away. Mantine gives the focus back only to the very element
 * that had it, so the focus would fall to the page's top and a keyboard user would start over.
 *
 * The rescue, in order: the opener if it is still there and usable; else the control of the page that
 * now bears the same name (the same button, drawn anew); else the place the screen names as its own
 * (`useFocusHome`: the planning's grid); else the page's own heading.
 */
import { useEffect } from 'react';

/** The last element that had the focus outside any dialog: the opener of the next dialog. */
let lastOutside: { element: HTMLElement; name: string } | null = null;

const nameOf = (element: HTMLElement) =>
  `${element.tagName}|${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}`;

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest('[role="dialog"]'))
      lastOutside = { element: target, name: nameOf(target) };
  });
}

/** Whether the focus can go to an element: in the page, enabled, not in an inert or hidden part. */
export const focusable = (element: HTMLElement | null | undefined): element is HTMLElement =>
  !!element &&
  element.isConnected &&
  element !== element.ownerDocument.body &&
  !element.matches(':disabled') &&
  !element.closest('[inert], [aria-hidden="true"], [role="dialog"]');

/** The selector of the place the screen shown wants the focus back to, when it names one. */
let home: string | null = null;

/** Names, while the screen is shown, where a lost focus goes back to before the heading (its grid). */
export function useFocusHome(selector: string): void {
  useEffect(() => {
    home = selector;
    return () => {
      if (home === selector) home = null;
    };
  }, [selector]);
}

/** The page's own heading, made focusable, never the title of a dialog still closing. */
function pageHeading(page: Document): HTMLElement | undefined {
  const heading = ['main h1', 'main h2', 'main']
    .flatMap((selector) => Array.from(page.querySelectorAll<HTMLElement>(selector)))
    .find((element) => !element.closest('[role="dialog"]'));
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/** The element the focus should go back to, for a dialog opened from `opener`. */
export function rescueTarget(page: Document, opener: HTMLElement | null): HTMLElement | undefined {
  if (focusable(opener)) return opener;
  const name = opener ? nameOf(opener) : lastOutside?.name;
  if (name) {
    const twin = Array.from(page.querySelectorAll<HTMLElement>('main button, main a, main [tabindex]')).find(
      (element) => focusable(element) && nameOf(element) === name,
    );
    if (twin) return twin;
  }
  const place = home ? page.querySelector<HTMLElement>(home) : null;
  if (focusable(place)) return place;
  return pageHeading(page);
}

/** Whether the focus is lost: nowhere, on the body, on a removed element, or still in a closing dialog. */
export function focusLost(page: Document, dialog?: string): boolean {
  const current = page.activeElement as HTMLElement | null;
  return (
    !current ||
    current === page.body ||
    !current.isConnected ||
    (dialog !== undefined && !!current.closest(dialog))
  );
}

/**
 * Once a dialog has closed (after Mantine's own return, 10 ms, and its focus trap's release): if the focus
 * is lost, it goes to the rescue target. `opener` defaults to the last element focused outside a dialog.
 */
export function rescueFocus(
  opener: HTMLElement | null = lastOutside?.element ?? null,
  dialog?: string,
): void {
  const page = document;
  window.setTimeout(() => {
    if (!page.defaultView || !focusLost(page, dialog)) return;
    rescueTarget(page, opener)?.focus();
  }, 30);
}

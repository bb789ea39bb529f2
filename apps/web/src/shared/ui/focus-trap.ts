const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The open traps, innermost last: only the innermost one answers Tab and Escape. */
const open: HTMLElement[] = [];

/** Shown controls only (a DOM without layout, as in the component tests, shows all of them). */
const focusablesIn = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => typeof el.checkVisibility !== 'function' || el.checkVisibility(),
  );

interface TrapOptions {
  /** Escape closes the dialog (left out where it must be answered). */
  onEscape?: () => void;
  /** Where focus goes back when the trap is released: by default what had it when the trap was set. */
  returnTo?: Element | null;
}

/**
 * Keeps keyboard focus inside an open dialog (WAI-ARIA's modal dialog pattern): focus moves to its
 * first control (else to the dialog, which needs tabIndex -1), Tab and Shift+Tab cycle within it,
 * Escape closes it when `onEscape` is given, and the answer, `release`, hands focus back to the
 * control that opened it.
 */
export function trapFocus(container: HTMLElement, options: TrapOptions = {}): () => void {
  const returnTo = options.returnTo === undefined ? document.activeElement : options.returnTo;
  const isInnermost = () => open.at(-1) === container;
  const focusFirst = () => (focusablesIn(container)[0] ?? container).focus();

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isInnermost()) return;
    if (event.key === 'Escape' && options.onEscape) {
      event.preventDefault();
      options.onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusables = focusablesIn(container);
    const first = focusables[0];
    const last = focusables.at(-1);
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      container.focus();
    } else if (event.shiftKey && (active === first || !container.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !container.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };
  // Focus that lands outside (a click on the page behind the mask, a screen reader's move) comes back.
  const onFocusIn = (event: FocusEvent) => {
    if (isInnermost() && event.target instanceof Node && !container.contains(event.target)) focusFirst();
  };

  open.push(container);
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('focusin', onFocusIn);
  focusFirst();
  return () => {
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('focusin', onFocusIn);
    open.splice(open.indexOf(container), 1);
    if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
  };
}

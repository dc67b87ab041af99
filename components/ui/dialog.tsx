"use client";

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";
import { CloseIcon } from "./icons";

export interface DialogProps {
  open: boolean;
  /** Called for Escape, the close button, and whatever the content decides. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Width class (default max-w-lg). */
  className?: string;
  /** Hide the corner close button (when the content has its own way out). */
  hideCloseButton?: boolean;
}

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/**
 * A modal dialog on the native <dialog> element: showModal() puts it in the top layer and makes
 * the rest of the page inert, Escape closes it, and focus returns to where it was. Tab is kept
 * inside (the native dialog would otherwise let it wander into the browser's own UI). Initial focus
 * goes to the content's `data-autofocus` element, else its first control. The content
 * is rendered only while open, so nothing shown in it (such as a new API key) stays in the DOM.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
  hideCloseButton = false,
}: DialogProps) {
  const { ref, onCloseRef, giveFocusBack } = useModal(open, onClose);
  const titleId = useId();
  const descriptionId = useId();

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape fires "cancel": keep the dialog controlled by its `open` prop.
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      // A close the browser forced (a second Escape without user activation) still reaches the owner.
      onClose={() => {
        if (open) onCloseRef.current();
        giveFocusBack();
      }}
      onKeyDown={keepTabInside}
      className={cn(
        // Tailwind's preflight zeroes margins: m-auto restores the native centring.
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl",
        "backdrop:bg-slate-950/60 backdrop:backdrop-blur-[2px] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
        className,
      )}
    >
      {open && (
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold leading-7">
              {title}
            </h2>
            {!hideCloseButton && (
              <button
                type="button"
                onClick={() => onCloseRef.current()}
                aria-label="Close"
                className="-m-1.5 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                <CloseIcon size={20} />
              </button>
            )}
          </div>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {description}
            </div>
          )}
          <div className="mt-5" data-dialog-content>
            {children}
          </div>
        </div>
      )}
    </dialog>
  );
}

/**
 * Opens and closes the <dialog> with `open`, moves focus into it on opening and gives it back to
 * where it was on closing (also when the dialog unmounts while open). `onCloseRef` always holds the
 * latest `onClose`.
 */
function useModal(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      focusFirstStop(dialog);
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Closing from the outside (unmount while open) must still give focus back.
  useEffect(
    () => () => {
      const target = returnFocusTo.current;
      if (target?.isConnected) target.focus();
    },
    [],
  );

  const giveFocusBack = () => {
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected) target.focus();
  };

  return { ref, onCloseRef, giveFocusBack };
}

/**
 * React's autoFocus runs while the dialog is still closed (and cannot take focus), so content marks
 * its first stop with data-autofocus; otherwise the first control of the content gets it.
 */
function focusFirstStop(dialog: HTMLDialogElement) {
  const content = dialog.querySelector<HTMLElement>("[data-dialog-content]");
  const target =
    dialog.querySelector<HTMLElement>("[data-autofocus]") ?? content?.querySelector<HTMLElement>(focusableSelector);
  target?.focus();
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The row of actions at the bottom of a dialog: stacked on phones, right-aligned from sm up. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      {children}
    </div>
  );
}

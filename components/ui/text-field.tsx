import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { cn } from "./cn";
import { ErrorIcon } from "./icons";

/** The look of a single-line control (text, date, select), with its invalid state. */
export function fieldControlClasses({
  invalid = false,
  className,
}: { invalid?: boolean; className?: string } = {}) {
  return cn(
    "block h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500",
    "dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500",
    "disabled:cursor-not-allowed disabled:opacity-60",
    invalid ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-700",
    className,
  );
}

/** A field's error line; `id` is what the control's aria-describedby points at. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1 text-sm text-red-700 dark:text-red-400">
      <ErrorIcon className="mt-0.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export type TextFieldProps = Omit<ComponentPropsWithRef<"input">, "id"> & {
  label: ReactNode;
  /** Help under the label, read with the control. */
  hint?: ReactNode;
  /** Shown under the control; marks it aria-invalid. */
  error?: string | null;
  id?: string;
  /** Classes for the wrapper. */
  className?: string;
  inputClassName?: string;
};

/** A labelled input with an optional hint and an inline error, wired for screen readers. */
export function TextField({ label, hint, error, id, className, inputClassName, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldControlClasses({ invalid: Boolean(error), className: cn("mt-1.5", inputClassName) })}
        {...input}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

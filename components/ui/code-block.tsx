import { CopyTextButton } from "@/components/ui/copy-text-button";

/** A code block with a copy button (the only client code on the docs page). */
export function CodeBlock({
  code,
  label,
  copyLabel = `Copy ${label}`,
  testId,
}: {
  code: string;
  label: string;
  copyLabel?: string;
  testId?: string;
}) {
  return (
    <div
      className="relative rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
      data-testid={testId}
    >
      <div className="flex items-center justify-between border-b border-slate-200 py-1 pl-3 pr-1 dark:border-slate-800">
        <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</span>
        <CopyTextButton text={code} label={copyLabel} showText />
      </div>
      <pre className="overflow-x-auto p-3 text-[13px] leading-6" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

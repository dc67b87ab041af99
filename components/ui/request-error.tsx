import type { ReactNode } from "react";
import { ApiClientError } from "@/lib/client/api-fetch";
import { Button } from "./button";
import { cn } from "./cn";
import { ErrorIcon } from "./icons";

/** The request id of a failed API call, if the API gave one. */
export const requestIdOf = (error: unknown) => (error instanceof ApiClientError ? error.requestId : null);

/**
 * A failed request, said plainly: what failed, the API's message, the request id to quote, and a
 * retry. role="alert" so a screen reader hears it when it replaces the content.
 */
export function RequestError({
  title,
  error,
  onRetry,
  retrying = false,
  children,
  className,
}: {
  title: ReactNode;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  const requestId = requestIdOf(error);
  return (
    <div
      role="alert"
      className={cn(
        "rounded-lg border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900/70 dark:bg-red-950/40",
        className,
      )}
    >
      <div className="flex gap-3">
        <ErrorIcon size={20} className="mt-0.5 shrink-0 text-red-600 dark:text-red-400" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-red-900 dark:text-red-200">{title}</p>
          <p className="mt-1 text-red-800 dark:text-red-300">{message}</p>
          {children}
          {requestId && (
            <p className="mt-2 text-xs text-red-800/90 dark:text-red-300/90">
              Request id <code className="select-all break-all font-mono">{requestId}</code>
            </p>
          )}
          {onRetry && (
            <Button size="sm" variant="secondary" className="mt-3" onClick={onRetry} disabled={retrying}>
              {retrying ? "Retrying…" : "Try again"}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/** A failed query, said by RequestError, with a retry that refetches it. */
export function QueryError({
  title,
  query,
  className,
}: {
  title: ReactNode;
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
  className?: string;
}) {
  return (
    <RequestError
      title={title}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      className={className}
    />
  );
}

import { Fragment } from "react";
import type { TypePart } from "./openapi-model";

/** A type written out, with named schemas linked to their section (on this page or the page that shows them). */
export function TypeText({ parts }: { parts: TypePart[] }) {
  return (
    <code className="docs-type">
      {parts.map((part, i) =>
        typeof part === "string" ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <a
            key={i}
            href={part.href}
            className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-2 dark:text-indigo-300 dark:decoration-indigo-700"
          >
            {part.ref}
          </a>
        ),
      )}
    </code>
  );
}

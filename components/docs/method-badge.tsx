import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";

const methodTones: Record<string, BadgeTone> = {
  GET: "info",
  POST: "success",
  PUT: "warning",
  PATCH: "warning",
  DELETE: "danger",
};

/** An HTTP method as a badge, coloured by what it does (reads blue, writes green, deletes red). */
export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <Badge tone={methodTones[method] ?? "neutral"} className={cn("font-mono font-semibold", className)}>
      {method}
    </Badge>
  );
}

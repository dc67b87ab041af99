import type { ReactNode } from "react";
import { protocolLabel } from "@/lib/facts/protocols";
import { cn } from "./cn";
import { ProtocolIcon } from "./protocol-icon";

/**
 * A protocol's mark and name: "Aave" from lib/facts/protocols.ts unless `children` names it
 * otherwise (a version's label, a link to its page).
 */
export function ProtocolLabel({
  name,
  size = 18,
  className,
  children,
}: {
  name: string;
  size?: number;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span className={cn("inline-flex items-center gap-2 align-middle", className)}>
      <ProtocolIcon name={name} size={size} />
      {children ?? protocolLabel(name)}
    </span>
  );
}

import { isProtocolName, protocolFacts } from "@/lib/facts/protocols";
import { RoundIcon } from "./round-icon";

/** A protocol's mark from /icons/protocols/<icon>.svg; a name Yieldgrid does not know gets its initial. */
export function ProtocolIcon({
  name,
  size = 20,
  label,
  className,
}: {
  name: string;
  size?: number;
  label?: string;
  className?: string;
}) {
  return (
    <RoundIcon
      src={isProtocolName(name) ? `/icons/protocols/${protocolFacts[name].icon}.svg` : null}
      name={name}
      size={size}
      label={label}
      className={className}
    />
  );
}

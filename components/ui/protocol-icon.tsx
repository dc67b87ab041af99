import { RoundIcon } from "./round-icon";

// Plain strings, not the zod enum in lib/schemas: this renders on the explorer, whose first load has no zod.
const withIcon = new Set(["aave", "compound", "morpho", "fluid"]);

/** A protocol's mark from /icons/protocols/<name>.svg. */
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
      src={withIcon.has(name) ? `/icons/protocols/${name}.svg` : null}
      name={name}
      size={size}
      label={label}
      className={className}
    />
  );
}

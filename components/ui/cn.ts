/** Joins class names, skipping falsy ones (no dependency needed for this little). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

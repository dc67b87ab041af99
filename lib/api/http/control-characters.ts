/**
 * NUL and the other C0 control characters (U+0000–U+001F) are refused in every string a request
 * carries to a handler: query names and values, path parameters, body fields and
 * body keys. PostgreSQL cannot store NUL at all, and no field of this API means any of them. Text
 * that may span lines keeps tab, CR and LF: the fields named in MULTILINE_FIELDS. Elsewhere those
 * three may only surround a value, as whitespace its field trims or refuses by its own rules
 * (`"name": " x\t"` is the name "x"); inside a one-line value they are refused.
 */
const ANY_CONTROL = /[\u0000-\u001f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const LINE_BREAK = /[\t\n\r]/;
const SURROUNDING_SPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** The first character refused in a one-line value, or null. */
function refusedInLine(value: string): string | null {
  if (!ANY_CONTROL.test(value)) return null; // nearly every value: one scan, no copy
  return CONTROL_BUT_LINE_BREAKS.exec(value)?.[0] ?? LINE_BREAK.exec(value.replace(SURROUNDING_SPACE, ""))?.[0] ?? null;
}

/** Body fields (by route and dotted path) that hold multi-line text: the EIP-4361 message is one. */
const MULTILINE_FIELDS: Record<string, string[]> = {
  "/auth/verify": ["message"],
};

export interface Issue {
  path: string;
  message: string;
}

const describe = (char: string) => `contains the control character U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

/** Issues for query parameters and path parameters (single-line everywhere). */
export function controlCharactersInParameters(values: Record<string, string | string[] | undefined>): Issue[] {
  const issues: Issue[] = [];
  for (const name in values) {
    const inName = ANY_CONTROL.exec(name)?.[0];
    if (inName) issues.push({ path: JSON.stringify(name).slice(1, -1), message: describe(inName) });
    const value = values[name];
    for (const [i, item] of (Array.isArray(value) ? value : value === undefined ? [] : [value]).entries()) {
      const refused = refusedInLine(item);
      if (refused) issues.push({ path: Array.isArray(value) ? `${name}.${i}` : name, message: describe(refused) });
    }
  }
  return issues;
}

/** Issues for every string (and key) in a JSON body, at its dotted path. */
export function controlCharactersInBody(route: string, body: unknown): Issue[] {
  const multiline = new Set(MULTILINE_FIELDS[route] ?? []);
  const issues: Issue[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (typeof value === "string") {
      const refused = multiline.has(path) ? (CONTROL_BUT_LINE_BREAKS.exec(value)?.[0] ?? null) : refusedInLine(value);
      if (refused) issues.push({ path, message: describe(refused) });
    } else if (Array.isArray(value)) {
      if (depth < 32) value.forEach((item, i) => walk(item, path ? `${path}.${i}` : String(i), depth + 1));
    } else if (value !== null && typeof value === "object" && depth < 32) {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        const inKey = ANY_CONTROL.exec(key)?.[0];
        if (inKey) issues.push({ path: JSON.stringify(at).slice(1, -1), message: `the field name ${describe(inKey)}` });
        walk(item, at, depth + 1);
      }
    }
  };
  walk(body, "", 0);
  return issues;
}

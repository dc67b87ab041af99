import { ApiClientError } from "@/lib/client/api-fetch";
import { createApiKeyRequestSchema, type CreateApiKeyRequest } from "@/lib/schemas/api-keys";

// What is wrong with the create-key form, by field: found in the browser with the request schema the
// API parses with, or named by the API's 400 answer.

export const formFields = ["name", "type", "expiresAt"] as const;
export type FormField = (typeof formFields)[number];
export type FieldErrors = Partial<Record<FormField, string>>;

const isField = (path: string): path is FormField => (formFields as readonly string[]).includes(path);

const fieldLabels: Record<FormField, string> = { name: "Name", type: "Type", expiresAt: "Expiry date" };
const sentence = (field: FormField, message: string) => `${fieldLabels[field]} ${message}.`;

/** The last moment of a calendar day in the user's time zone, as ISO 8601 (what expiresAt takes). */
const endOfLocalDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** The form's values as a create request, or what is wrong with them. */
export function parseCreateKeyForm(
  form: FormData,
): { success: true; request: CreateApiKeyRequest } | { success: false; errors: FieldErrors } {
  const expiry = String(form.get("expiresAt") ?? "");
  const parsed = createApiKeyRequestSchema.safeParse({
    name: String(form.get("name") ?? ""),
    type: String(form.get("type") ?? "test"),
    ...(expiry && { expiresAt: endOfLocalDay(expiry) }),
  });
  if (parsed.success) return { success: true, request: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = String(issue.path[0] ?? "");
    if (isField(path)) errors[path] ??= sentence(path, issue.message);
  }
  return { success: false, errors };
}

/** Validation problems of a 400 answer, by form field; the rest go above the buttons. */
export function fieldErrorsOf(error: unknown): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  if (!isBadRequest(error)) return { fields, other };
  for (const issue of error.issues ?? []) {
    if (isField(issue.path)) fields[issue.path] ??= sentence(issue.path, issue.message);
    else other.push(`${issue.path || "Request"} ${issue.message}`);
  }
  return { fields, other };
}

/** A 400: the request's own fault, which the form explains field by field. */
export const isBadRequest = (error: unknown): error is ApiClientError =>
  error instanceof ApiClientError && error.status === 400;

/** Only same-site paths are followed after sign-in: "/upsell" yes, "//evil.example" or "https://…" no. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/auth')) return null;
  return value;
}

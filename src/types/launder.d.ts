// launder ships no types; this is the one function used (normalize/sanitize.ts).
declare module 'launder' {
  /** True when `href` has a scheme outside `allowedSchemes` (or is protocol-relative and that is not allowed). */
  export function naughtyHref(
    href: string,
    options?: { allowedSchemes?: string[]; allowProtocolRelative?: boolean },
  ): boolean;
}

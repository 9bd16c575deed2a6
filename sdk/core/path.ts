/**
 * Tag for request paths: every interpolated value is percent-encoded, so an id can never add
 * segments or a query to the path: path`/ip_policies/${id}`.
 */
export function path(strings: TemplateStringsArray, ...params: unknown[]): string {
  return strings.reduce((out, literal, i) => out + literal + (i < params.length ? encodeURIComponent(String(params[i])) : ""), "");
}

/**
 * Escapes plain text (a section heading from Lever or Personio) before it is wrapped in
 * a tag, so a title like "R&D <Berlin>" cannot break the description HTML we assemble.
 */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The lead ids typed (separated by commas, spaces or lines), or the spec's message for none or a non-number. */
export function leadIdsOf(text: string, providerName: string): { ids: number[] } | { error: string } {
  const items = text.split(/[\s,;]+/).filter(Boolean);
  if (items.length === 0) return { error: `Please enter lead IDs to send to ${providerName}` };
  if (!items.every((item) => /^\d{1,15}$/.test(item) && Number(item) > 0)) return { error: 'Please enter valid numeric lead IDs' };
  return { ids: [...new Set(items.map(Number))] };
}

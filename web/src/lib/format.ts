/** A moment as a short local date and time, or '—' when there is none. */
export const formatShortDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '—');

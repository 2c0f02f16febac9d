/** A moment as a short local date and time, or '—' when there is none. */
export const formatShortDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '—');

/** A time to the second (e.g. a retry seconds away), in the browser's locale. */
export const formatDateTimeSeconds = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' }) : '—');

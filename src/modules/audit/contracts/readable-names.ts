/** `AccountRegistered` → `Account registered`, `failed_login` → `Failed login`: shared by the server's summaries and the admin pages. */
export function words(name: string): string {
  const spaced = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The id of the page content the "Skip to content" link jumps to. */
export const CONTENT_ID = 'content';

/** First focusable element of every layout: keyboard users jump past the navigation. */
export function SkipLink() {
  return (
    <a
      href={`#${CONTENT_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}

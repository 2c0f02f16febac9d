import Linkify from 'linkify-react';
import type { Opts } from 'linkifyjs';

/** Only web addresses (with or without https://) and e-mail addresses become links: never javascript:, data: or any other scheme. */
export function isSafeLink(value: string, type: string): boolean {
  if (type === 'email') return true;
  if (type !== 'url') return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

export const LINK_OPTIONS: Opts = {
  defaultProtocol: 'https',
  target: '_blank',
  rel: 'noopener noreferrer nofollow',
  className: 'break-all text-brand-700 underline hover:text-brand-600',
  validate: (value, type) => isSafeLink(value, type),
};

/**
 * An announcement's plain text with its web and e-mail addresses made clickable. React renders
 * the rest as text: any markup in it shows as typed, nothing is ever read as HTML.
 */
export function LinkifiedText({ text, className }: { readonly text: string; readonly className?: string }) {
  return (
    <Linkify as="p" className={className} options={LINK_OPTIONS}>
      {text}
    </Linkify>
  );
}

import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number as people read it: a US number in the national form ("+13055550123" →
 * "(305) 555-0123"), any other in the international one; text that is no phone number is
 * shown as it came. Leads keep E.164 (the tel: link, CSV exports): only the screen changes.
 */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed?.isValid()) return phone;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}

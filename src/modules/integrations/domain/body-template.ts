import type { DeliverableLead } from '../delivery/lead-sender.js';

/**
 * A custom API integration's request body template (spec: "{{variable}} placeholders are
 * replaced at run time"). The placeholders are the lead's fields listed in PLACEHOLDERS; any
 * other is refused when the template is saved. At send time each value is escaped for the
 * body's format, so a lead's text can never change the body's structure:
 * - JSON (the Content-Type header says json, or, without one, the template is JSON once its
 *   placeholders are filled): inside a JSON string a value is string-escaped; outside one it
 *   becomes a JSON value of its own (`"age": {{age}}` gives `"age": 42`, or `null`).
 * - form (Content-Type application/x-www-form-urlencoded): each value is form-encoded.
 * - anything else: the value as it is.
 * GET and DELETE carry no body: the lead goes as query parameters, one per placeholder name
 * that has a value (leadQuery). A POST, PUT or PATCH without a template sends the lead as one
 * JSON object with the placeholder names as keys (leadJson).
 */

/** What one placeholder gives: as text, and as a JSON value when it stands outside a JSON string. */
type Placeholder = {
  readonly name: string;
  readonly description: string;
  readonly text: (lead: DeliverableLead) => string;
  readonly json: (lead: DeliverableLead) => string | number | null;
};

const field = (name: string, description: string, value: (lead: DeliverableLead) => string | null): Placeholder => ({
  name,
  description,
  text: (lead) => value(lead) ?? '',
  json: (lead) => value(lead),
});

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Every placeholder a template may use, in the order the form lists them. */
export const PLACEHOLDERS: readonly Placeholder[] = [
  field('first_name', 'First name', (lead) => lead.firstName),
  field('last_name', 'Last name', (lead) => lead.lastName),
  field('full_name', 'First and last name', (lead) => `${lead.firstName} ${lead.lastName}`.trim()),
  field('phone', 'Phone, E.164 (+13055550123)', (lead) => lead.phone),
  field('email', 'E-mail address (may be empty)', (lead) => lead.email),
  field('city', 'City (may be empty)', (lead) => lead.city),
  field('state', 'State, two letters', (lead) => lead.state),
  field('zip', 'ZIP code', (lead) => lead.zip),
  field('date_of_birth', 'Date of birth, YYYY-MM-DD (may be empty)', (lead) => lead.dateOfBirth),
  { name: 'age', description: 'Age in years (a number; may be empty)', text: (lead) => (lead.age === null ? '' : String(lead.age)), json: (lead) => lead.age },
  field('source', 'Lead source: data_leads, aged_leads, business_leads …', (lead) => lead.source),
  field('tier', 'Tier', (lead) => lead.tier),
  field('company_name', 'Company name, business leads (may be empty)', (lead) => lead.companyName),
  field('campaign_id', 'Campaign id (may be empty)', (lead) => lead.campaignId),
  field('campaign_name', 'Campaign name (may be empty)', (lead) => lead.campaignName),
  { name: 'price', description: 'Price paid, in dollars (12.50)', text: (lead) => dollars(lead.priceCents), json: (lead) => Number(dollars(lead.priceCents)) },
  field('lead_id', 'The lead’s id in the portal', (lead) => lead.leadId),
  field('bought_at', 'When you bought it, ISO 8601 time', (lead) => lead.boughtAt),
  field('consent_text', 'The consent the person gave (may be empty)', (lead) => lead.consent?.text ?? null),
  field('consent_at', 'When the consent was given, ISO 8601 (may be empty)', (lead) => lead.consent?.at ?? null),
];

const BY_NAME = new Map(PLACEHOLDERS.map((placeholder) => [placeholder.name, placeholder]));

/** A `{{ … }}` in a template: anything between double braces, known or not. */
const MARKER = /\{\{([^{}]*)\}\}/g;
/** The same, only where the scan stands. */
const MARKER_HERE = /\{\{([^{}]*)\}\}/y;

/** The placeholders of a template that are not lead fields, as written (`{{foo}}`), each once. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(MARKER)) if (!BY_NAME.has(match[1]!.trim())) unknown.add(match[0]);
  return [...unknown];
}

export type BodyFormat = 'json' | 'form' | 'text';

/** The body's format: what the Content-Type header says, or, without one, JSON when the template is JSON. */
export function bodyFormat(template: string, contentType: string | undefined): BodyFormat {
  if (contentType !== undefined) {
    const type = contentType.split(';')[0]!.trim().toLowerCase();
    if (type === 'application/json' || type.endsWith('+json')) return 'json';
    if (type === 'application/x-www-form-urlencoded') return 'form';
    return 'text';
  }
  return isJsonTemplate(template) ? 'json' : 'text';
}

/** True when the template parses as JSON with every placeholder filled by a plain value (inside a string or standing alone). */
export function isJsonTemplate(template: string): boolean {
  try {
    JSON.parse(template.replace(MARKER, '0'));
    return true;
  } catch {
    return false;
  }
}

const formEncode = (value: string) => new URLSearchParams([['v', value]]).toString().slice(2);

/** The body for this lead: each placeholder replaced once (a value holding `{{…}}` is not filled again), escaped for the format. */
export function renderBody(template: string, lead: DeliverableLead, format: BodyFormat): string {
  if (format === 'json') return renderJson(template, lead);
  return template.replace(MARKER, (whole, name: string) => {
    const placeholder = BY_NAME.get(name.trim());
    if (!placeholder) return whole;
    return format === 'form' ? formEncode(placeholder.text(lead)) : placeholder.text(lead);
  });
}

/** JSON: walks the template keeping track of whether each placeholder stands inside a JSON string. */
function renderJson(template: string, lead: DeliverableLead): string {
  let out = '';
  let inString = false;
  let index = 0;
  while (index < template.length) {
    const char = template[index]!;
    if (char === '{' && template[index + 1] === '{') {
      MARKER_HERE.lastIndex = index;
      const match = MARKER_HERE.exec(template);
      const placeholder = match ? BY_NAME.get(match[1]!.trim()) : undefined;
      if (match && placeholder) {
        out += inString ? JSON.stringify(placeholder.text(lead)).slice(1, -1) : JSON.stringify(placeholder.json(lead));
        index += match[0].length;
        continue;
      }
    }
    if (inString && char === '\\') {
      out += template.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (char === '"') inString = !inString;
    out += char;
    index += 1;
  }
  return out;
}

/** For GET and DELETE: the lead as query parameters, one per placeholder that has a value. */
export function leadQuery(lead: DeliverableLead): [string, string][] {
  return PLACEHOLDERS.map((placeholder): [string, string] => [placeholder.name, placeholder.text(lead)]).filter(([, value]) => value !== '');
}

/** The body of a POST, PUT or PATCH without a template: the lead as one JSON object, named as the placeholders. */
export function leadJson(lead: DeliverableLead): string {
  return JSON.stringify(Object.fromEntries(PLACEHOLDERS.map((placeholder) => [placeholder.name, placeholder.json(lead)])));
}

import { json, startProviderStandIn, type Answer, type RecordedRequest, type StandInServer } from './provider-standin.js';

/**
 * A local stand-in for VanillaSoft's Incoming Web Leads XML post: `POST /post.aspx?id=<WebLeadID>`
 * with an XML body. As VanillaSoft's format page says, it answers XML: `<ReturnValue>Success</ReturnValue>`,
 * or `<ReturnValue>FAILURE</ReturnValue><ReturnReason>…</ReturnReason>` (an unknown profile id,
 * a body that is not XML, a lead without the profile's required fields).
 */
export type VanillaSoftStandIn = StandInServer & {
  /** The posting URL of a web-lead profile that exists. */
  postingUrl(webLeadId: string): string;
  /** Profiles that exist: WebLeadID → the element names a lead must have. */
  readonly profiles: Map<string, readonly string[]>;
  /** Leads inserted: profile id and the raw XML received. */
  readonly leads: { webLeadId: string; xml: string }[];
};

export const VANILLASOFT_REJECTION = 'Duplicate contact: a contact with this phone number exists';

const xml = (status: number, body: string): Answer => ({ status, contentType: 'text/xml; charset=utf-8', body });
const failure = (reason: string) =>
  xml(200, `<ReturnValue>FAILURE</ReturnValue><ReturnReason>${reason.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</ReturnReason>`);

export async function startVanillaSoftStandIn(): Promise<VanillaSoftStandIn> {
  const profiles = new Map<string, readonly string[]>();
  const leads: VanillaSoftStandIn['leads'] = [];
  const answer = (request: RecordedRequest) => {
    const url = new URL(request.path, 'http://standin');
    if (request.method !== 'POST' || url.pathname !== '/post.aspx') return json(404, { message: 'Not Found' });
    const webLeadId = url.searchParams.get('id') ?? '';
    const required = profiles.get(webLeadId);
    if (!required) return failure(`Invalid Incoming Web Lead ID: ${webLeadId}`);
    if (!/^(<\?xml[^>]*\?>\s*)?<Lead>[\s\S]*<\/Lead>$/.test(request.body.trim())) return failure('The posted data is not valid XML');
    const missing = required.filter((name) => !new RegExp(`<${name}>[^<]+</${name}>`).test(request.body));
    if (missing.length > 0) return failure(`Required field missing: ${missing.join(', ')}`);
    leads.push({ webLeadId, xml: request.body });
    return xml(200, '<ReturnValue>Success</ReturnValue>');
  };
  const server = await startProviderStandIn({
    normal: answer,
    reject: () => failure(VANILLASOFT_REJECTION),
    serverError: () => ({ status: 500, contentType: 'text/html', body: "<html><body><h1>Server Error in '/' Application.</h1></body></html>" }),
  });
  return Object.assign(server, { postingUrl: (webLeadId: string) => `${server.url}/post.aspx?id=${encodeURIComponent(webLeadId)}`, profiles, leads });
}

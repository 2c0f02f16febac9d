import net from 'node:net';

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = { readonly family: 4 | 6; readonly bytes: Uint8Array };

/** Parses an IPv4 or IPv6 literal (brackets and a zone id allowed), or null. */
export function parseIp(text: string): IpBytes | null {
  let value = text.trim();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  value = value.replace(/%.*$/, '');
  if (net.isIPv4(value)) return { family: 4, bytes: Uint8Array.from(value.split('.').map(Number)) };
  if (!net.isIPv6(value)) return null;
  return { family: 6, bytes: ipv6Bytes(value) };
}

function ipv6Bytes(value: string): Uint8Array {
  // An embedded dotted quad (::ffff:10.0.0.1) becomes the last two groups (::ffff:a00:1).
  const text = value.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_all, a: string, b: string, c: string, d: string) => `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const halves = text.split('::');
  const front = groups(halves[0]!);
  const back = halves.length > 1 ? groups(halves[1]!) : [];
  const words = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[i * 2] = (word >> 8) & 0xff;
    bytes[i * 2 + 1] = word & 0xff;
  });
  return bytes;
}

/** True when the first `bits` bits of `address` equal those of `network` (same family). */
export function inPrefix(address: IpBytes, network: IpBytes, bits: number): boolean {
  if (address.family !== network.family) return false;
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((address.bytes[byte]! & mask) !== (network.bytes[byte]! & mask)) return false;
  }
  return true;
}

/** A CIDR block such as 10.0.0.0/8 or fc00::/7; a bare address is a block of one. */
export type Cidr = { readonly network: IpBytes; readonly bits: number };

export function parseCidr(text: string): Cidr | null {
  const [addressText, bitsText, extra] = text.trim().split('/');
  if (extra !== undefined || !addressText) return null;
  const network = parseIp(addressText);
  if (!network) return null;
  const max = network.family === 4 ? 32 : 128;
  if (bitsText === undefined) return { network, bits: max };
  if (!/^\d{1,3}$/.test(bitsText)) return null;
  const bits = Number(bitsText);
  return bits <= max ? { network, bits } : null;
}

export const cidrContains = (cidr: Cidr, address: IpBytes): boolean => inPrefix(address, cidr.network, cidr.bits);

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
export function embeddedIpv4(address: IpBytes): IpBytes | null {
  if (address.family !== 6) return null;
  const b = address.bytes;
  const last4 = (): IpBytes => ({ family: 4, bytes: b.slice(12, 16) });
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return last4();
  if (zeros(0, 12) && !(b[12] === 0 && b[13] === 0 && b[14] === 0 && (b[15] === 0 || b[15] === 1))) return last4();
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return last4();
  return null;
}

/** Aged-lead packages (spec section 9): quantity and price; a lead's price is the package price ÷ quantity, rounded. */
export const AGED_PACKAGES = [
  { quantity: 100, priceCents: 1_000 },
  { quantity: 525, priceCents: 5_000 },
  { quantity: 1_100, priceCents: 10_000 },
  { quantity: 4_400, priceCents: 40_000 },
  { quantity: 10_000, priceCents: 90_000 },
] as const;

export type AgedPackage = (typeof AGED_PACKAGES)[number];

export const perLeadCents = (pack: AgedPackage) => Math.round(pack.priceCents / pack.quantity);

export const AGED_PACKAGE_MESSAGE = 'Please select a package for Aged Leads';

export const packageOf = (quantity: number): AgedPackage | null => AGED_PACKAGES.find((pack) => pack.quantity === quantity) ?? null;

/** An order's price: what it costs whole, and what each lead costs when fewer match (then each lead at that price). */
export type OrderPrice = { readonly quantity: number; readonly priceCents: number; readonly perLeadCents: number };

export const packagePrice = (pack: AgedPackage): OrderPrice => ({ quantity: pack.quantity, priceCents: pack.priceCents, perLeadCents: perLeadCents(pack) });

/**
 * Any number of aged leads (an InQuery order, 1 to 70,000): a package's price when the number
 * is a package, else each lead at the per-lead price of the largest package it reaches (the
 * smallest package's below 100), so a larger order never costs more per lead.
 */
export function agedPriceOf(quantity: number): OrderPrice {
  const pack = packageOf(quantity);
  if (pack) return packagePrice(pack);
  const reached = [...AGED_PACKAGES].reverse().find((p) => p.quantity <= quantity) ?? AGED_PACKAGES[0];
  const each = perLeadCents(reached);
  return { quantity, priceCents: quantity * each, perLeadCents: each };
}

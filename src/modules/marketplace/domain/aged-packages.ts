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

/** What `count` leads of a package cost: the package price when it is whole, else each lead at the package's per-lead price. */
export const priceOfPart = (pack: AgedPackage, count: number) => (count === pack.quantity ? pack.priceCents : count * perLeadCents(pack));

export const packageOf = (quantity: number): AgedPackage | null => AGED_PACKAGES.find((pack) => pack.quantity === quantity) ?? null;

/**
 * Axis ticks for an amount in cents at whole-dollar steps of 1, 2 or 5 × 10ⁿ dollars, from $0
 * to at least the largest value, about `count` of them: a spend axis never shows cents
 * ($0.01, $0.02, …), however small the amounts.
 */
export function dollarTicks(maxCents: number, count = 4): number[] {
  const maxDollars = Math.max(1, Math.ceil(maxCents / 100));
  const rough = maxDollars / count;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(1, rough)));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let dollars = 0; ticks.length === 0 || ticks[ticks.length - 1]! < maxDollars * 100; dollars += step) ticks.push(dollars * 100);
  return ticks;
}

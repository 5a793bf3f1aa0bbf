const danishNumber = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 0 });

/** A count as Danish text, thousands separated by a full stop: "2.207", "10.000". */
export function formatCount(count: number): string {
  return danishNumber.format(count);
}

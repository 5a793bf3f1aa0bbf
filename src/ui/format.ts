import dayjs from 'dayjs';
import 'dayjs/locale/da';

dayjs.locale('da');

/** docs/product.md 9: dates display as dd.MM.yy. */
export function formatShortDate(iso: string | Date): string {
  return dayjs(iso).format('DD.MM.YY');
}

/** A time of day as Danish writes it: 10.05. */
export function formatTime(iso: string | Date): string {
  return dayjs(iso).format('HH.mm');
}

export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}`;
}

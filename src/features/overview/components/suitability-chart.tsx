import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { GroupSuitability } from '../../../../shared/contract/overview';
import { useTranslation } from '../../../i18n/use-translation';

/** The bars' order, best first; the legend follows it (recharts sorts it by label otherwise). */
const SERIES = ['suitable', 'partly', 'unsuitable'] as const;
const COLORS: Record<(typeof SERIES)[number], string> = {
  suitable: 'green.7',
  partly: 'yellow.5',
  unsuitable: 'red.6',
};
const inSeriesOrder = (item: { dataKey?: unknown }) =>
  SERIES.indexOf(item.dataKey as (typeof SERIES)[number]);

/**
 * The handicap groups' suitability as stacked bars, one per group. For the eye only: the table
 * beside it holds the same numbers for screen readers and for copying (aria-hidden).
 */
export function SuitabilityChart(props: { groups: readonly GroupSuitability[] }) {
  const t = useTranslation();
  const data = props.groups.map((g) => ({
    group: t(`handicap.${g.handicapTypeId}`),
    suitable: g.suitable,
    partly: g.partly,
    unsuitable: g.unsuitable,
  }));
  return (
    <div aria-hidden>
      <BarChart
        h={40 + 36 * data.length}
        data={data}
        dataKey="group"
        type="stacked"
        orientation="vertical"
        yAxisProps={{ width: 170 }}
        withLegend
        legendProps={{ itemSorter: inSeriesOrder }}
        // recharts makes the chart a keyboard stop of its own; the table holds the numbers.
        barChartProps={{ accessibilityLayer: false }}
        series={SERIES.map((name) => ({
          name,
          label: t(`overview.suitability.${name}`),
          color: COLORS[name],
        }))}
      />
    </div>
  );
}

import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { GroupSuitability } from '../../../../shared/contract/overview';
import { useTranslation } from '../../../i18n/use-translation';

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
        // recharts makes the chart a keyboard stop of its own; the table holds the numbers.
        barChartProps={{ accessibilityLayer: false }}
        series={[
          { name: 'suitable', label: t('overview.suitability.suitable'), color: 'green.7' },
          { name: 'partly', label: t('overview.suitability.partly'), color: 'yellow.5' },
          { name: 'unsuitable', label: t('overview.suitability.unsuitable'), color: 'red.6' },
        ]}
      />
    </div>
  );
}

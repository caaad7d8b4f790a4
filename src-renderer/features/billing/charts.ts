/**
 * The ECharts pieces the billing charts use, registered once (tree-shaken `echarts/core` imports: a bar chart for the
 * trend, a pie for a breakdown, their axes, tooltip and the ARIA description; canvas renderer), and the options
 * of both charts built from the month totals (pure, tested).
 */
import { BarChart, PieChart } from 'echarts/charts'
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components'
import { use, type ComposeOption } from 'echarts/core'
import type { BarSeriesOption, PieSeriesOption } from 'echarts/charts'
import type { AriaComponentOption, GridComponentOption, TooltipComponentOption } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

import type { BreakdownSlice } from '../../services/billing-figures'

use([BarChart, PieChart, GridComponent, TooltipComponent, AriaComponent, CanvasRenderer])

/** Options of the charts of this screen (only the registered pieces). */
export type BillingChartOption = ComposeOption<
  BarSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | AriaComponentOption
>

/** The app's palette (styles/base.css), so the charts match the screen and keep their contrast. */
const COLORS = ['#1f4e79', '#2f855a', '#b7791f', '#9b2c2c', '#553c9a', '#2c7a7b', '#975a16', '#4a5568']

/**
 * Trend chart: one bar per month (`labels`, oldest first) with `values`; `name` names the series (the counter).
 * No animation, so a screenshot taken once the chart reports `finished` shows the final state.
 */
export function trendOption(name: string, labels: readonly string[], values: readonly number[]): BillingChartOption {
  return {
    animation: false,
    color: COLORS,
    aria: { enabled: true },
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: [...labels], axisLabel: { rotate: 30 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name, data: [...values], label: { show: true, position: 'top' } }],
  }
}

/** Breakdown chart: one slice per code (`label(code)` names it) with its count over the months shown. */
export function breakdownOption(name: string, slices: readonly BreakdownSlice[], label: (code: string) => string): BillingChartOption {
  return {
    animation: false,
    color: COLORS,
    aria: { enabled: true },
    tooltip: { trigger: 'item', formatter: '{b} : {c} ({d} %)' },
    series: [
      {
        type: 'pie',
        name,
        radius: ['35%', '65%'],
        data: slices.map((s) => ({ name: label(s.code), value: s.n })),
        label: { formatter: '{b} : {c}' },
      },
    ],
  }
}

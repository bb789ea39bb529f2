import type { DayReport } from '@app/contract/admin/reports';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { alignedAxes } from '../lib/aligned-axes';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Deposits, withdrawals and the venues' result by day (bars, U), and active players (line, right axis, its zero level with the money's). */
export function TrendChart({ days, height = 320 }: { days: readonly DayReport[]; height?: number }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current);
    const [money, people] = alignedAxes(
      days.flatMap((d) => [d.deposits.amount, d.withdrawals.amount, d.game_result]),
      days.map((d) => d.active_players),
    );
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 64, right: 48, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: [
        { type: 'value', name: '$', ...money },
        {
          type: 'value',
          name: '人',
          ...people,
          splitLine: { show: false },
          // The steps below zero only keep the zeros level: no one is a negative number of players.
          axisLabel: { formatter: (v: number) => (v < 0 ? '' : String(v)) },
        },
      ],
      series: [
        {
          name: '充值',
          type: 'bar',
          data: days.map((d) => d.deposits.amount),
          itemStyle: { color: '#1d39c4' },
        },
        {
          name: '取款',
          type: 'bar',
          data: days.map((d) => d.withdrawals.amount),
          itemStyle: { color: '#fa8c16' },
        },
        {
          name: '游戏盈亏',
          type: 'bar',
          data: days.map((d) => d.game_result),
          itemStyle: { color: '#52c41a' },
        },
        {
          name: '活跃玩家',
          type: 'line',
          yAxisIndex: 1,
          data: days.map((d) => d.active_players),
          itemStyle: { color: '#722ed1' },
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [days]);
  return <div ref={element} style={{ width: '100%', height }} role="img" aria-label="近期趋势图" />;
}

import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

// Only the pieces a bar chart needs: the rest of chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const ROSE = '#853a4d';

export interface SalesChartProps {
  labels: string[];
  values: number[];
  /** What the chart shows in words (the canvas itself is an image to assistive technology). */
  label: string;
  format: (value: number) => string;
}

/**
 * Revenue per bucket as bars. Its own lazy chunk, loaded only by the admin dashboard, so neither
 * visitors nor the rest of the admin download chart.js.
 */
export function SalesChart({ labels, values, label, format }: SalesChartProps) {
  return (
    <div className="relative h-64 w-full sm:h-80">
      <Bar
        role="img"
        aria-label={label}
        data={{ labels, datasets: [{ data: values, backgroundColor: ROSE, borderRadius: 4, maxBarThickness: 40 }] }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            legend: { display: false },
            tooltip: { callbacks: { label: (item) => format(item.parsed.y ?? 0) } },
          },
          scales: {
            x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true } },
            y: { beginAtZero: true, ticks: { callback: (value) => format(Number(value)) } },
          },
        }}
      />
    </div>
  );
}

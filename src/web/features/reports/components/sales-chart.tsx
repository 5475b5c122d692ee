import { formatPrice } from '@contract/money';
import type { StoreStats } from '@contract/orders';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Revenue per day as bars; recharts is loaded only on this page (its own chunk). */
export default function SalesChart({ days }: { days: StoreStats['salesByDay'] }) {
  const data = days.map((d) => ({ ...d, label: d.date.slice(5) }));
  return (
    <div className="h-64 w-full" role="img" aria-label="Revenue per day over the last 30 days">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis tick={{ fontSize: 11 }} width={48} tickFormatter={(v: number) => `$${v}`} />
          <Tooltip formatter={(value) => [`$${formatPrice(Number(value))}`, 'Revenue']} />
          <Bar dataKey="revenue" fill="#f97316" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

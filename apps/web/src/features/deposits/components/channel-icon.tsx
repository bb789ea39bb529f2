import { CardIcon } from '@/shared/wallet/card-icon';

/** The badge of each online channel (spec 9): its colour and glyph. */
const ONLINE_BADGES: Record<string, { color: string; glyph: string }> = {
  wechat: { color: '#1aad19', glyph: '微' },
  pipay: { color: '#1677ff', glyph: '支' },
  dcep: { color: '#d4282d', glyph: '¥' },
  qqpay: { color: '#12b7f5', glyph: 'Q' },
  unionpay: { color: '#0e5aa6', glyph: '银' },
};

/** A deposit channel's icon, sized by font-size: the USDT coin, the bank, or the channel's badge. */
export function ChannelIcon({ type, name, className }: { type: string; name: string; className?: string }) {
  if (type === 'usdt') return <CardIcon ico="usdt-trc20" className={className} />;
  if (type === 'card') return <CardIcon ico="bank" className={className} />;
  const badge = ONLINE_BADGES[type] ?? { color: '#8a6a34', glyph: name.slice(0, 1) };
  return (
    <svg viewBox="0 0 40 40" width="1em" height="1em" aria-hidden="true" className={className}>
      <rect x="1" y="1" width="38" height="38" rx="11" fill={badge.color} />
      <text
        x="20"
        y="21"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#fff"
        fontSize="20"
        fontWeight="700"
        fontFamily="inherit"
      >
        {badge.glyph}
      </text>
    </svg>
  );
}

import { useId } from 'react';

/** Icon keys of /api/getcard's `ico`. */
export type CardIconKey = 'usdt-trc20' | 'usdt-erc20' | 'bank' | string;

/**
 * A card's icon, drawn here: the USDT coin with a badge for its network (TRON's triangle in red for
 * TRC20, Ethereum's diamond in blue for ERC20), or a bank building on gold. Sized by font-size.
 */
export function CardIcon({ ico, className }: { ico: CardIconKey; className?: string }) {
  if (ico === 'usdt-trc20' || ico === 'usdt-erc20') {
    return <UsdtIcon network={ico === 'usdt-erc20' ? 'erc20' : 'trc20'} className={className} />;
  }
  return <BankIcon className={className} />;
}

function UsdtIcon({ network, className }: { network: 'trc20' | 'erc20'; className?: string }) {
  return (
    <svg viewBox="0 0 40 40" width="1em" height="1em" aria-hidden="true" className={className}>
      <circle cx="18" cy="18" r="17" fill="#26a17b" />
      <path
        d="M9.5 10.5h17v4h-6.5v3.1c3.6.2 6.3.9 6.3 1.8s-2.7 1.6-6.3 1.8V28h-4v-6.8c-3.6-.2-6.3-.9-6.3-1.8s2.7-1.6 6.3-1.8v-3.1H9.5z"
        fill="#fff"
      />
      <path
        d="M11.4 19.4c0 .6 2.9 1.2 6.6 1.2s6.6-.6 6.6-1.2"
        fill="none"
        stroke="#26a17b"
        strokeWidth="0.9"
      />
      <circle
        cx="31"
        cy="31"
        r="8"
        fill={network === 'erc20' ? '#627eea' : '#e50915'}
        stroke="#1b1a22"
        strokeWidth="1.6"
      />
      {network === 'erc20' ? (
        <path d="M31 25.6l3.3 5.5-3.3 2-3.3-2zM27.7 31.8l3.3 2 3.3-2-3.3 4.6z" fill="#fff" />
      ) : (
        <path d="M26.6 27.4l9.4 1.9-5.3 7.1zM28.4 28.6l2.4 5.4 1.1-4.4z" fill="#fff" fillRule="evenodd" />
      )}
    </svg>
  );
}

function BankIcon({ className }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 40 40" width="1em" height="1em" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fbe8b5" />
          <stop offset="0.5" stopColor="#e0b86d" />
          <stop offset="1" stopColor="#b7873c" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="38" height="38" rx="11" fill={`url(#${gradient})`} />
      <path
        d="M20 8.5l11 5.6v2.4H9v-2.4zM11 18h3.2v9H11zm7.4 0h3.2v9h-3.2zm7.4 0H29v9h-3.2zM9 28.6h22v2.9H9z"
        fill="#3b2506"
      />
      <circle cx="20" cy="13.6" r="1.5" fill="#e0b86d" />
    </svg>
  );
}

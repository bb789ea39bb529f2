/** Debian's Chromium (no browser download here) and the flags it needs to run as root, headless. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The player's pages whose accessibility the bench reports besides ROUTES', logged in. */
export const PLAYER_ROUTES = [
  { name: '/mine', path: '/#/mine' },
  { name: '/recharge', path: '/#/recharge' },
] as const;

/** The three routes a visitor lands on, as hash routes of the player app. */
export const ROUTES = [
  { name: 'home', path: '/#/' },
  { name: '/activity', path: '/#/activity' },
  { name: '/login', path: '/#/login' },
] as const;

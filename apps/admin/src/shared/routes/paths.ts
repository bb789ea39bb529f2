/** Every route of the console, under the /admin/ base the server serves it at. */
export const PATH = {
  home: '/',
  signIn: '/sign-in',
  players: '/players',
  player: (id: number | string) => `/players/${id}`,
  audit: '/audit',
  operators: '/operators',
  account: '/account',
} as const;

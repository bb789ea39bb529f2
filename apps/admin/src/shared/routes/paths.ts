/** Every route of the console, under the /admin/ base the server serves it at. */
export const PATH = {
  home: '/',
  signIn: '/sign-in',
  players: '/players',
  player: (id: number | string) => `/players/${id}`,
  audit: '/audit',
  depositReview: '/money/deposits',
  withdrawalReview: '/money/withdrawals',
  adjustments: '/money/adjustments',
  pendingTransfers: '/money/transfers',
  operators: '/operators',
  account: '/account',
  activityApplications: '/operations/activity-applications',
  agentApplications: '/operations/agent-applications',
  venues: '/platform/venues',
  games: '/platform/games',
} as const;

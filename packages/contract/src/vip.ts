/** The VIP level parsed from current_vip, a string holding the letter P followed by the level. */
export function vipLevelOf(user: { current_vip: string; vip: number }): number {
  const match = /P(\d+)/i.exec(user.current_vip);
  return match?.[1] ? Number(match[1]) : user.vip;
}

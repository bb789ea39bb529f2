import { centsToAmount } from '@app/contract/money';
import { startOfBeijingDay } from '@app/contract/time';
import type { UserInfo } from '@app/contract/user';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { readSetting, withdrawFeeSetting } from '../settings/service';
import { venueTotal } from '../wallet/service';
import { findProfile } from './repository';

const DAY_MS = 86_400_000;
const flag = (n: number) => (n === 1 ? 1 : 0);

/** Beijing calendar days since registration, the day of joining being day 1. */
function joinDays(createdAt: Date, now: Date): number {
  return Math.round((startOfBeijingDay(now).getTime() - startOfBeijingDay(createdAt).getTime()) / DAY_MS) + 1;
}

export async function userInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  const [profile, central, venues, fees] = await Promise.all([
    findProfile(ctx.db, userId),
    ctx.ledger.balance({ central: userId }),
    venueTotal(ctx, userId),
    readSetting(ctx.db, withdrawFeeSetting),
  ]);
  if (!profile) throw unauthorized('账号不存在');
  return {
    username: profile.username,
    realname: profile.realname,
    avatar: profile.avatar,
    balance: centsToAmount(central),
    gameblance: centsToAmount(venues),
    vip: profile.vip,
    current_vip: `VIP${profile.vip}`,
    paysum: centsToAmount(profile.depositTotal),
    joinday: joinDays(profile.createdAt, ctx.clock.now()),
    isagent: flag(profile.isAgent),
    mobile: profile.mobile,
    email: profile.email,
    birthday: profile.birthday,
    transferstatus: flag(profile.transferStatus),
    withdrawcashfee: fees.erc20,
    withdrawfeeusdttrc: fees.trc20,
  };
}

export async function balance(ctx: AppContext, userId: number): Promise<{ balance: number }> {
  return { balance: centsToAmount(await ctx.ledger.balance({ central: userId })) };
}

// The public surface other modules use.
export { findProfile } from './repository';

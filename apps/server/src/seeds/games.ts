import type { Queryable } from '../db/client';
import { games } from '../db/schema/games';

type Engine = 'slot' | 'baccarat' | 'dice';

/**
 * The catalogue the demo venue serves: names written for this project, each game one of the demo
 * venue's tables (slot, baccarat or dice). [name, engine, hot, new] per venue, in display order.
 */
const CATALOGUE: Record<string, { category: string; games: [string, Engine, 0 | 1, 0 | 1][] }> = {
  obgdy: {
    category: 'concise',
    games: [
      ['财神到', 'slot', 1, 0],
      ['金龙献瑞', 'slot', 1, 0],
      ['招财猫', 'slot', 0, 1],
      ['幸运七', 'slot', 1, 0],
      ['水果派对', 'slot', 0, 0],
      ['黄金矿工', 'slot', 0, 0],
      ['麻将胡了', 'slot', 1, 1],
      ['寻宝奇航', 'slot', 0, 0],
    ],
  },
  fgdz: {
    category: 'concise',
    games: [
      ['星际宝石', 'slot', 0, 1],
      ['埃及艳后', 'slot', 1, 0],
      ['狂野西部', 'slot', 0, 0],
      ['熊猫乐园', 'slot', 0, 1],
      ['海盗宝藏', 'slot', 0, 0],
      ['冰雪女王', 'slot', 0, 0],
      ['丛林探险', 'slot', 0, 0],
      ['魔法森林', 'slot', 0, 0],
    ],
  },
  pp: {
    category: 'concise',
    games: [
      ['甜蜜盛宴', 'slot', 1, 0],
      ['众神之门', 'slot', 1, 0],
      ['垂钓大师', 'slot', 0, 0],
      ['狼之黄金', 'slot', 0, 0],
      ['极速火焰', 'slot', 0, 1],
      ['钻石狂潮', 'slot', 0, 0],
      ['幸运虎', 'slot', 0, 0],
      ['糖果王国', 'slot', 0, 0],
    ],
  },
  ae: {
    category: 'concise',
    games: [
      ['龙虎争霸', 'slot', 0, 0],
      ['福禄寿', 'slot', 1, 0],
      ['金鸡报喜', 'slot', 0, 0],
      ['五福临门', 'slot', 0, 1],
      ['锦鲤跃龙门', 'slot', 0, 0],
      ['火焰宝石', 'slot', 0, 0],
      ['神灯秘宝', 'slot', 0, 0],
      ['十二生肖', 'slot', 0, 0],
    ],
  },
  obzr: {
    category: 'realbet',
    games: [
      ['经典百家乐', 'baccarat', 1, 0],
      ['极速百家乐', 'baccarat', 0, 1],
      ['免佣百家乐', 'baccarat', 0, 0],
      ['咪牌百家乐', 'baccarat', 0, 0],
      ['真人骰宝', 'dice', 0, 0],
      ['龙宝百家乐', 'baccarat', 0, 0],
    ],
  },
  obty: {
    category: 'sport',
    games: [
      ['足球总分大小', 'dice', 0, 0],
      ['篮球总分大小', 'dice', 0, 0],
      ['网球总局大小', 'dice', 0, 0],
    ],
  },
  obdj: {
    category: 'gaming',
    games: [
      ['电竞击杀大小', 'dice', 0, 1],
      ['推塔总数大小', 'dice', 0, 0],
      ['团战比分大小', 'dice', 0, 0],
    ],
  },
  obqp: {
    category: 'joker',
    games: [
      ['至尊百家乐', 'baccarat', 1, 0],
      ['百人百家乐', 'baccarat', 0, 0],
      ['庄闲对决', 'baccarat', 0, 0],
      ['百人骰宝', 'dice', 0, 0],
      ['欢乐骰宝', 'dice', 0, 0],
      ['大小乐', 'dice', 0, 0],
    ],
  },
  obcp: {
    category: 'lottery',
    games: [
      ['极速快三', 'dice', 1, 0],
      ['分分快三', 'dice', 0, 0],
      ['幸运快三', 'dice', 0, 1],
      ['江南快三', 'dice', 0, 0],
      ['五分快三', 'dice', 0, 0],
      ['大小骰', 'dice', 0, 0],
    ],
  },
  obby: {
    category: 'fishing',
    games: [
      ['捕鱼达人', 'slot', 1, 0],
      ['深海捕鱼', 'slot', 0, 1],
      ['金蟾捕鱼', 'slot', 0, 0],
      ['李逵劈鱼', 'slot', 0, 0],
      ['龙王捕鱼', 'slot', 0, 0],
    ],
  },
};

/** The game catalogue of the seeded venues. Idempotent: games an operator changed keep their changes. */
export async function seedGames(q: Queryable): Promise<void> {
  const rows = Object.entries(CATALOGUE).flatMap(([venue, { category, games: list }]) =>
    list.map(([name, engine, isHot, isNew], i) => ({
      venue,
      gameCode: `${venue}${String(i + 1).padStart(3, '0')}`,
      name,
      category,
      engine,
      isHot,
      isNew,
      sort: i + 1,
    })),
  );
  await q.insert(games).values(rows).onConflictDoNothing();
}

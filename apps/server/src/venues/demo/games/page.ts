import { escapeHtml } from '../../../lib/html';
import type { Engine } from './play';
import { SLOT_FIRST_CHERRY, SLOT_RTP, SLOT_STAKES, SLOT_THREE_OF_A_KIND, SLOT_TWO_CHERRIES } from './slot';

/** How each slot symbol is drawn on the page (the client script uses the same names). */
const SYMBOL_LABEL: Record<keyof typeof SLOT_THREE_OF_A_KIND, string> = {
  seven: '7',
  bar: 'BAR',
  bell: '铃',
  melon: '瓜',
  orange: '橙',
  lemon: '檬',
  cherry: '樱',
};

const yuan = (cents: bigint) => (Number(cents) / 100).toString();

function slotBody(): string {
  const rows = Object.entries(SLOT_THREE_OF_A_KIND)
    .map(
      ([symbol, multiple]) =>
        `<tr><td>${Array(3)
          .fill(`<i class="sym ${symbol}">${SYMBOL_LABEL[symbol as keyof typeof SYMBOL_LABEL]}</i>`)
          .join('')}</td><td>${multiple} 倍</td></tr>`,
    )
    .join('');
  const stakes = SLOT_STAKES.map(
    (s, i) =>
      `<button type="button" class="chip${i === 0 ? ' on' : ''}" data-stake="${yuan(s)}">${yuan(s)}</button>`,
  ).join('');
  return `<section class="reels" id="reels" aria-live="polite">
      <div class="reel"><i class="sym seven">7</i></div><div class="reel"><i class="sym seven">7</i></div><div class="reel"><i class="sym seven">7</i></div>
    </section>
    <p class="result" id="result">选择投注额，开始旋转</p>
    <div class="chips" id="stakes" role="group" aria-label="投注额">${stakes}</div>
    <button type="button" class="primary" id="play">旋转</button>
    <section class="rules"><h2>赔付表</h2>
      <table>${rows}
        <tr><td>任意两个 <i class="sym cherry">樱</i></td><td>${SLOT_TWO_CHERRIES} 倍</td></tr>
        <tr><td>第一轴 <i class="sym cherry">樱</i></td><td>${SLOT_FIRST_CHERRY} 倍</td></tr>
      </table>
      <p>一条赔付线，赔付按投注额计算（含本金）。理论返还率（RTP）${(SLOT_RTP * 100).toFixed(2)}%。</p>
    </section>`;
}

function tableBody(engine: 'baccarat' | 'dice'): string {
  const spots =
    engine === 'baccarat'
      ? [
          ['player', '闲', '1:1'],
          ['tie', '和', '8:1'],
          ['banker', '庄', '0.95:1'],
        ]
      : [
          ['small', '小', '4-10 · 1:1'],
          ['big', '大', '11-17 · 1:1'],
        ];
  const rules =
    engine === 'baccarat'
      ? '八副牌，按标准补牌规则发牌。闲赢 1 赔 1；庄赢 1 赔 0.95（抽水 5%）；和局 1 赔 8，和局时庄、闲注退回。'
      : '三颗骰子。点数 11-17 为大，4-10 为小，各 1 赔 1；出现围骰（三颗相同）时大小通杀。';
  return `<section class="board" id="board" aria-live="polite"><p class="result" id="result">选择筹码，点击下注区域</p></section>
    <div class="spots">${spots
      .map(
        ([side, label, odds]) =>
          `<button type="button" class="spot" data-side="${side}"><b>${label}</b><small>${odds}</small><span class="staked" data-staked="${side}">0</span></button>`,
      )
      .join('')}</div>
    <div class="chips" id="stakes" role="group" aria-label="筹码">${['10', '50', '100', '500']
      .map(
        (c, i) => `<button type="button" class="chip${i === 0 ? ' on' : ''}" data-stake="${c}">${c}</button>`,
      )
      .join('')}</div>
    <div class="actions"><button type="button" class="secondary" id="clear">清除</button><button type="button" class="primary" id="play">${engine === 'baccarat' ? '发牌' : '开骰'}</button></div>
    <section class="rules"><h2>玩法说明</h2><p>${rules}</p></section>`;
}

/** The game page of a session: the venue's own document, its script and style served beside it. */
export function gamePage(game: { name: string; engine: Engine }, venueName: string): string {
  const body = game.engine === 'slot' ? slotBody() : tableBody(game.engine);
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(game.name)} - ${escapeHtml(venueName)}</title>
<link rel="stylesheet" href="/venue/demo/assets/game.css">
<script src="/venue/demo/assets/game.js" defer></script>
</head>
<body data-engine="${game.engine}">
<header>
  <a class="back" href="/#/" id="back">‹ 返回</a>
  <h1>${escapeHtml(game.name)}</h1>
  <span class="balance">余额 <b id="balance">--</b></span>
</header>
<main>
${body}
<section class="history"><h2>最近投注</h2><ol id="history"></ol></section>
</main>
</body>
</html>`;
}

/** The page a link that cannot open a game leads to. */
export function closedPage(message: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>游戏</title>
<link rel="stylesheet" href="/venue/demo/assets/game.css">
</head>
<body>
<header><a class="back" href="/#/">‹ 返回</a><h1>游戏</h1><span></span></header>
<main><p class="notice">${escapeHtml(message)}</p></main>
</body>
</html>`;
}

// The demo venue's game page. The engine (slot, baccarat, dice) comes from <body data-engine>;
// every round is drawn and paid by the venue's server; this script only asks and shows.
const engine = document.body.dataset.engine;
const $ = (id) => document.getElementById(id);

const SYMBOLS = { seven: '7', bar: 'BAR', bell: '铃', melon: '瓜', orange: '橙', lemon: '檬', cherry: '樱' };
const SIDES = { player: '闲', banker: '庄', tie: '和', big: '大', small: '小' };
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♣', '♦'];
const money = (n) => n.toFixed(2);

let chip = 0;
let busy = false;
const stakes = {};

async function api(path, body) {
  const response = await fetch(`/venue/demo/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
  });
  const answer = await response
    .json()
    .catch(() => ({ code: response.status, message: '网络异常，请稍后重试' }));
  if (answer.code !== 200) throw new Error(answer.message);
  return answer.data;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function setResult(text, tone) {
  const result = $('result');
  result.textContent = text;
  result.className = `result ${tone ?? ''}`;
}

function addHistory(round) {
  const net = round.payout - round.stake;
  const item = el('li', net > 0 ? 'win' : net < 0 ? 'loss' : '');
  item.append(el('span', '', round.bet_id), el('span', '', `投注 ${money(round.stake)}`));
  item.append(el('b', '', `${net > 0 ? '+' : ''}${money(net)}`));
  const list = $('history');
  list.prepend(item);
  while (list.children.length > 10) list.lastChild.remove();
}

function symbolTile(symbol) {
  return el('i', `sym ${symbol}`, SYMBOLS[symbol]);
}

function showSlot(detail) {
  const reels = $('reels').children;
  detail.reels.forEach((symbol, i) => {
    reels[i].replaceChildren(symbolTile(symbol));
  });
}

function spinAnimation() {
  const names = Object.keys(SYMBOLS);
  const reels = [...$('reels').children];
  const timer = setInterval(() => {
    for (const reel of reels)
      reel.replaceChildren(symbolTile(names[Math.floor(Math.random() * names.length)]));
  }, 70);
  return () => clearInterval(timer);
}

function cardNode(card) {
  return el('span', `card${card.suit % 2 === 1 ? ' red' : ''}`, `${SUITS[card.suit]}${RANKS[card.rank - 1]}`);
}

function showBaccarat(detail) {
  const board = $('board');
  const hand = (label, cards, points) => {
    const row = el('div', 'hand');
    row.append(el('b', '', `${label} ${points} 点`));
    for (const card of cards) row.append(cardNode(card));
    return row;
  };
  board.replaceChildren(
    hand('闲', detail.player, detail.playerPoints),
    hand('庄', detail.banker, detail.bankerPoints),
    el('p', 'result', ''),
  );
  board.lastChild.id = 'result';
}

function showDice(detail) {
  const board = $('board');
  const row = el('div', 'dice');
  for (const d of detail.dice) row.append(el('span', 'die', String(d)));
  row.append(el('b', '', `${detail.total} 点`));
  board.replaceChildren(row, el('p', 'result', ''));
  board.lastChild.id = 'result';
}

function outcomeText(round) {
  const d = round.detail;
  const tail = round.payout > 0 ? `，派彩 ${money(round.payout)}` : '';
  if (engine === 'slot') return d.multiple > 0 ? `中奖 ${d.multiple} 倍${tail}` : '未中奖';
  if (engine === 'baccarat') return `${SIDES[d.winner]}${d.winner === 'tie' ? '局' : '赢'}${tail}`;
  return d.result ? `开${SIDES[d.result]}${tail}` : `围骰，通杀${tail}`;
}

function refreshStakes() {
  for (const node of document.querySelectorAll('[data-staked]')) {
    node.textContent = String(stakes[node.dataset.staked] ?? 0);
  }
}

async function play() {
  if (busy) return;
  busy = true;
  $('play').disabled = true;
  const stop = engine === 'slot' ? spinAnimation() : () => {};
  try {
    const body = engine === 'slot' ? { stake: chip } : { ...stakes };
    const [round] = await Promise.all([api('play', body), new Promise((r) => setTimeout(r, 600))]);
    stop();
    if (engine === 'slot') showSlot(round.detail);
    if (engine === 'baccarat') showBaccarat(round.detail);
    if (engine === 'dice') showDice(round.detail);
    const net = round.payout - round.stake;
    setResult(outcomeText(round), net > 0 ? 'win' : net < 0 ? 'loss' : '');
    $('balance').textContent = money(round.balance);
    addHistory(round);
  } catch (error) {
    stop();
    setResult(error.message, 'loss');
  } finally {
    busy = false;
    $('play').disabled = false;
  }
}

for (const button of document.querySelectorAll('[data-stake]')) {
  if (button.classList.contains('on')) chip = Number(button.dataset.stake);
  button.addEventListener('click', () => {
    for (const other of document.querySelectorAll('[data-stake]')) other.classList.remove('on');
    button.classList.add('on');
    chip = Number(button.dataset.stake);
  });
}
for (const spot of document.querySelectorAll('[data-side]')) {
  spot.addEventListener('click', () => {
    stakes[spot.dataset.side] = (stakes[spot.dataset.side] ?? 0) + chip;
    refreshStakes();
  });
}
$('clear')?.addEventListener('click', () => {
  for (const side of Object.keys(stakes)) delete stakes[side];
  refreshStakes();
});
$('play')?.addEventListener('click', play);

// The platform's reality check (游戏时长提醒), carried by the launch link: at every chosen interval
// since the player's login, time logged in and the net result here since, with three choices.
function duration(ms) {
  const minutes = Math.floor(ms / 60000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}小时${minutes % 60}分钟` : `${minutes}分钟`;
}

function scheduleRealityCheck(reality) {
  if (!reality) return;
  const every = reality.minutes * 60000;
  const elapsed = reality.now - reality.logged_in_at;
  setTimeout(
    () => {
      api('state')
        .then((state) => showRealityCheck(state.reality))
        .catch(() => undefined);
    },
    every - (elapsed % every),
  );
}

function showRealityCheck(reality) {
  if (!reality) return;
  const net = reality.net;
  const mask = el('div', 'reality-mask');
  const box = el('div', 'reality-box');
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-label', '游戏时长提醒');
  box.append(
    el('h2', '', '游戏时长提醒'),
    el('p', '', `本次登录时长：${duration(reality.now - reality.logged_in_at)}`),
    el('p', '', `本次登录输赢：${net > 0 ? '+' : net < 0 ? '-' : ''}$ ${money(Math.abs(net))}`),
  );
  const keepOn = el('button', 'primary', '继续游戏');
  keepOn.type = 'button';
  keepOn.addEventListener('click', () => {
    mask.remove();
    scheduleRealityCheck(reality);
  });
  const records = el('a', 'secondary', '查看投注记录');
  records.href = '/#/betRecord';
  const leave = el('a', 'secondary', '退出登录');
  leave.href = '/#/?reality=logout';
  box.append(keepOn, records, leave);
  mask.append(box);
  document.body.append(mask);
  keepOn.focus();
}

if (engine) {
  api('state')
    .then((state) => {
      $('balance').textContent = money(state.balance);
      if (state.balance <= 0) setResult('场馆余额为 0，请先返回转入', 'loss');
      scheduleRealityCheck(state.reality);
    })
    .catch((error) => setResult(error.message, 'loss'));
}

import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2]!;
const out = process.argv[3]!;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const r = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error', ...(process.env.CPU ? { throttling: { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675, cpuSlowdownMultiplier: Number(process.env.CPU) } } : {}) });
fs.writeFileSync(out, JSON.stringify(r!.lhr)); fs.writeFileSync(out + ".trace", JSON.stringify((r!.artifacts as any).Trace ?? (r!.artifacts as any).traces?.defaultPass));
const a = r!.lhr.audits;
console.log(url, r!.lhr.categories.performance!.score, 'FCP', a['first-contentful-paint']!.numericValue, 'LCP', a['largest-contentful-paint']!.numericValue, 'TBT', a['total-blocking-time']!.numericValue);
chrome.kill();
if (process.env.GRAPH) {
  const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js' as string);
  const art = r!.artifacts as any;
  const settings = r!.lhr.configSettings;
  const context = { computedCache: new Map(), settings };
  const data = { trace: art.Trace, devtoolsLog: art.DevtoolsLog, gatherContext: art.GatherContext, settings, URL: art.URL, SourceMaps: art.SourceMaps, simulator: null };
  const res = await LanternLargestContentfulPaint.request(data, context);
  const { LanternFirstContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-first-contentful-paint.js' as string);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const names = (est: any) => new Set([...est.nodeTimings.keys()].map((n: any) => n.type === 'network' ? n.request.url.replace(/^https?:\/\/[^/]+/, '') : 'cpu'));
  console.log('FCP opt', Math.round(fcp.optimisticEstimate.timeInMs), 'pess', Math.round(fcp.pessimisticEstimate.timeInMs), 'LCP opt', Math.round(res.optimisticEstimate.timeInMs), 'pess', Math.round(res.pessimisticEstimate.timeInMs));
  const f = names(fcp.pessimisticEstimate); console.log('in LCP pess, not in FCP pess:', [...names(res.pessimisticEstimate)].filter(x => !f.has(x)).join(' '));
  if (process.env.GRAPH === '2') process.exit(0);
  for (const [name, est] of [['optimistic', res.optimisticEstimate], ['pessimistic', res.pessimisticEstimate]] as const) {
    console.log(name, Math.round(est.timeInMs));
    const rows = [...est.nodeTimings.entries()].sort((a: any, b: any) => a[1].startTime - b[1].startTime);
    for (const [node, t] of rows as any) console.log('  ', String(Math.round(t.startTime)).padStart(5), String(Math.round(t.endTime)).padStart(5), node.type === 'network' ? `NET ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)} ${node.request.transferSize}` : `CPU ${Math.round(node.duration / 1000)}ms(obs)`);
  }
}
